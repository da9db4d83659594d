import { groupsConfigurationSchema } from '@brizo/contract/entities/group';
import { teamUserPageSchema } from '@brizo/contract/entities/team-user';
import { useGroupsActions, useGroupsState, useRolesActions, useRolesState } from '@frontegg/react-hooks';
import { api } from '@frontegg/rest-api';
import { useCallback, useMemo, useState } from 'react';
import { usePreviewMode } from './portal';
import { apiError, errorMessage } from './api-error';
import { readAnswer } from './read-answer';

// The Groups section's data: the store's GroupsState (groups with their roles and users, the
// account's users to pick from) and the roles a group can carry (RolesState). In preview mode the
// store's mock actions answer everything.

export interface GroupRole {
  id: string;
  key: string;
  name: string;
}

export interface GroupMember {
  id: string;
  name: string;
  email: string;
}

export interface GroupItem {
  id: string;
  name: string;
  description: string;
  color: string;
  roles: GroupRole[];
  users: GroupMember[];
}

export interface GroupFields {
  name: string;
  description: string;
  color: string;
}

export interface GroupsView {
  groups: GroupItem[];
  loaded: boolean;
  loading: boolean;
  error: string | null;
  load: () => void;
  /** The roles a group may carry (the vendor's and the account's). */
  roles: GroupRole[];
  /** The account's users, to add to a group. */
  teamUsers: GroupMember[];
  loadChoices: () => void;
  create: (fields: GroupFields) => Promise<void>;
  update: (groupId: string, fields: GroupFields) => Promise<void>;
  remove: (groupId: string) => Promise<void>;
  addRoles: (groupId: string, roleIds: string[]) => Promise<void>;
  removeRoles: (groupId: string, roleIds: string[]) => Promise<void>;
  addUsers: (groupId: string, userIds: string[]) => Promise<void>;
  removeUsers: (groupId: string, userIds: string[]) => Promise<void>;
}

/** The tenant's groups configuration (IGroupConfigResponse); the server's default is both on. */
export interface GroupsConfiguration {
  /** Groups can be created and changed, and give their members their roles. */
  enabled: boolean;
  /** Groups can be given roles, and those roles reach their members. */
  rolesEnabled: boolean;
}

export interface GroupsConfigurationView {
  configuration: GroupsConfiguration;
  /** The first read has answered (or failed). */
  loaded: boolean;
  error: string | null;
  load: () => void;
  /** Turns one or both switches; rejects with the server's message. */
  save: (changes: Partial<GroupsConfiguration>) => Promise<void>;
}

type Callback = (ok: unknown, error?: unknown) => void;

/** An empty colour means none: the server takes only real colours. */
const wire = ({ color, ...fields }: GroupFields) => ({ ...fields, ...(color ? { color } : {}) });

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const list = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value)
    ? value.filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null)
    : [];
const member = (user: Record<string, unknown>): GroupMember => ({
  id: text(user.id),
  name: text(user.name),
  email: text(user.email),
});
const role = (item: Record<string, unknown>): GroupRole => ({
  id: text(item.id),
  key: text(item.key),
  name: text(item.name),
});

export function useGroups(): GroupsView {
  const state = useGroupsState();
  const actions = useGroupsActions();
  const rolesState = useRolesState();
  const rolesActions = useRolesActions();
  const preview = usePreviewMode();
  const [loaded, setLoaded] = useState(false);
  const errors = state.errors as Record<string, unknown> | undefined;
  const loaders = state.loaders as Record<string, unknown> | undefined;

  const load = useCallback(() => {
    void Promise.resolve(actions.loadGroups()).finally(() => setLoaded(true));
  }, [actions]);
  const loadChoices = useCallback(() => {
    rolesActions.loadRolesAndPermissions({ silentLoading: true });
    if (preview) {
      actions.getTeamUsers({ pageOffset: 0, pageSize: 100 } as Parameters<typeof actions.getTeamUsers>[0]);
      return;
    }
    // The store's getTeamUsers sends `_filter=undefined` (an absent filter, stringified): ask without it.
    void api.users
      .getUsersV2({ _offset: 0, _limit: 100 } as Parameters<typeof api.users.getUsersV2>[0])
      .then((answer: unknown) => {
        const page = readAnswer(teamUserPageSchema, answer, "the account's users");
        actions.setGroupsState({ teamUsers: page.items as never });
      })
      .catch((error: unknown) => console.error('The account users could not be loaded', error));
  }, [actions, rolesActions, preview]);

  const groups = useMemo<GroupItem[]>(
    () =>
      list(state.groups).map((group) => ({
        id: text(group.id),
        name: text(group.name),
        description: text(group.description),
        color: text(group.color),
        roles: list(group.roles).map(role),
        users: list(group.users).map(member),
      })),
    [state.groups],
  );
  const roles = useMemo(() => list(rolesState.roles).map(role), [rolesState.roles]);
  const teamUsers = useMemo(() => list(state.teamUsers).map(member), [state.teamUsers]);

  /**
   * Outside preview, changes call the rest-api directly (its error carries the server's message;
   * the store's group actions only report false) and then reload the groups through the store.
   */
  const change = useCallback(
    async (live: () => Promise<unknown>, mock: (callback: Callback) => void) => {
      if (preview) {
        await new Promise<void>((resolve, reject) =>
          mock((ok) => (ok === true ? resolve() : reject(new Error('Unknown error occurred')))),
        );
        return;
      }
      try {
        await live();
      } catch (error) {
        throw apiError(error);
      }
      await actions.loadGroups();
    },
    [actions, preview],
  );
  type Payload<K extends keyof typeof actions> = Parameters<(typeof actions)[K]>[0];

  return {
    groups,
    loaded,
    loading: loaders?.GET_GROUPS === true,
    error: errorMessage(errors?.GET_GROUPS),
    load,
    roles,
    teamUsers,
    loadChoices,
    create: (fields) =>
      change(
        () => api.groups.createGroup(wire(fields)),
        (callback) => actions.createGroup({ ...fields, callback } as Payload<'createGroup'>),
      ),
    update: (groupId, fields) =>
      change(
        () => api.groups.updateGroup({ groupId, ...wire(fields) }),
        (callback) => actions.updateGroup({ groupId, ...fields, callback } as Payload<'updateGroup'>),
      ),
    remove: (groupId) =>
      change(
        () => api.groups.deleteGroup(groupId),
        (callback) => actions.deleteGroup({ groupId, callback } as Payload<'deleteGroup'>),
      ),
    addRoles: (groupId, roleIds) =>
      change(
        () => api.groups.addRolesToGroup(groupId, { roleIds }),
        (callback) => actions.addRolesToGroup({ groupId, roleIds, callback } as Payload<'addRolesToGroup'>),
      ),
    removeRoles: (groupId, roleIds) =>
      change(
        () => api.groups.deleteRolesFromGroup(groupId, { roleIds }),
        (callback) =>
          actions.deleteRolesFromGroup({ groupId, roleIds, callback } as Payload<'deleteRolesFromGroup'>),
      ),
    addUsers: (groupId, userIds) =>
      change(
        () => api.groups.addUsersToGroup(groupId, { userIds }),
        (callback) => actions.addUsersToGroup({ groupId, userIds, callback } as Payload<'addUsersToGroup'>),
      ),
    removeUsers: (groupId, userIds) =>
      change(
        () => api.groups.deleteUsersFromGroup(groupId, { userIds }),
        (callback) =>
          actions.deleteUsersFromGroup({ groupId, userIds, callback } as Payload<'deleteUsersFromGroup'>),
      ),
  };
}

/**
 * The stored `groupsConfiguration`: a switch it lacks (before the first answer, or the preview's
 * empty mock) reads as on, the server's default; only a stored `false` is off.
 */
export const groupsConfigurationOf = (stored: unknown): GroupsConfiguration => {
  const value = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  return { enabled: value.enabled !== false, rolesEnabled: value.rolesEnabled !== false };
};

/** The groups configuration through the store's GroupsState (`groupsConfiguration`, getGroupConfiguration). */
export function useGroupsConfiguration(): GroupsConfigurationView {
  const state = useGroupsState();
  const actions = useGroupsActions();
  const preview = usePreviewMode();
  const [loaded, setLoaded] = useState(false);
  const errors = state.errors as Record<string, unknown> | undefined;

  const load = useCallback(() => {
    type Indicator = Parameters<typeof actions.setUsersGroupsError>[0];
    // The store keeps a failed read's error through a later success: a new read starts clean.
    actions.setUsersGroupsError({ key: 'GET_GROUP_CONFIGURATION', value: false } as Indicator);
    void Promise.resolve(actions.getGroupConfiguration()).finally(() => setLoaded(true));
  }, [actions]);
  const configuration = useMemo(
    () => groupsConfigurationOf(state.groupsConfiguration),
    [state.groupsConfiguration],
  );

  const save = useCallback(
    async (changes: Partial<GroupsConfiguration>) => {
      type Payload = Parameters<typeof actions.updateGroupConfiguration>[0];
      if (preview) {
        await actions.updateGroupConfiguration(changes as Payload);
        return;
      }
      // The store's updateGroupConfiguration keeps a failure in its state (and would send its
      // `groupId` to the server): call the rest-api, then keep the server's answer in the store.
      let answer: unknown;
      try {
        answer = await api.groups.updateGroupConfiguration(changes);
      } catch (error) {
        throw apiError(error);
      }
      const saved = readAnswer(groupsConfigurationSchema, answer, 'groups configuration');
      actions.setGroupsState({ groupsConfiguration: saved } as Parameters<typeof actions.setGroupsState>[0]);
    },
    [actions, preview],
  );

  return { configuration, loaded, error: errorMessage(errors?.GET_GROUP_CONFIGURATION), load, save };
}
