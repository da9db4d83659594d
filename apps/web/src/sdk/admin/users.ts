import { useTeamActions, useTeamState } from '@frontegg/react-hooks';
import { api, fetch as sdkFetch } from '@frontegg/rest-api';
import {
  INACTIVE_SECONDS,
  type SortOrder,
  type UserFilterPreset,
  type UserSortKey,
} from '@brizo/contract/users-list';
import { teamUserPageSchema } from '@brizo/contract/entities/team-user';
import { useCallback, useMemo } from 'react';
import { usePreviewMode } from './portal';
import { apiError, errorMessage } from './api-error';
import { PREVIEW_ROLES, previewTeamPage } from '../hooks/preview-team';

// The Users section's data: the store's TeamState (its users page, roles, dialogs' actions) and, where
// the store has no action (lock, unlock, filter presets), the rest-api's client. In preview mode the
// store's mock actions answer and nothing reaches a server.

export type { UserFilterPreset, UserSortKey } from '@brizo/contract/users-list';

export interface TeamRole {
  id: string;
  key: string;
  name: string;
}

export interface TeamMember {
  id: string;
  name: string;
  email: string;
  roles: TeamRole[];
  verified: boolean;
  isLocked: boolean;
  isDisabled: boolean;
  temporaryExpirationDate: string | null;
  createdAt: string | null;
  lastLogin: string | null;
}

export interface UsersQuery {
  /** 1-based. */
  page: number;
  pageSize: 10 | 20;
  search: string;
  sortBy: UserSortKey;
  order: SortOrder;
  preset: UserFilterPreset | null;
}

export interface InviteInput {
  email: string;
  name?: string;
  phoneNumber?: string;
  username?: string;
  roleIds: string[];
  expirationInSeconds?: number;
}

export interface InviteLink {
  token: string;
  expires: string;
  shouldSendEmail: boolean;
}

type Callback = (ok: unknown, error?: unknown) => void;
type Record_ = Record<string, unknown>;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const date = (value: unknown): string | null => {
  if (typeof value === 'string' && value) return value;
  if (value instanceof Date) return value.toISOString();
  return null;
};
const records = (value: unknown): Record_[] =>
  Array.isArray(value)
    ? value.filter((item): item is Record_ => typeof item === 'object' && item !== null)
    : [];
const role = (item: Record_): TeamRole => ({ id: text(item.id), key: text(item.key), name: text(item.name) });
const member = (user: Record_): TeamMember => ({
  id: text(user.id),
  name: text(user.name),
  email: text(user.email),
  roles: records(user.roles).map(role),
  verified: user.verified === true,
  isLocked: user.isLocked === true,
  isDisabled: user.isDisabled === true,
  temporaryExpirationDate: date(user.temporaryExpirationDate),
  createdAt: date(user.createdAt),
  lastLogin: date(user.lastLogin),
});

/** The store's actions end by calling back (value, error); this turns them into promises. */
function viaCallback(run: (callback: Callback) => void): Promise<unknown> {
  return new Promise((resolve, reject) => {
    run((value, error) => {
      if (error || value === null || value === false) {
        reject(apiError(error));
      } else resolve(value);
    });
  });
}

export function useTeamUsers() {
  const state = useTeamState();
  const actions = useTeamActions();
  const preview = usePreviewMode();
  const loaders = state.loaders as Record<string, unknown>;
  const errors = state.errors as Record<string, unknown>;

  const load = useCallback(
    (query: UsersQuery) => {
      const pageOffset = query.page - 1;
      if (preview) {
        // SPEC section 9: the preview's own team of 2 pages of 10 (./preview-team.ts); the presets
        // (MFA, breached passwords, inactive) find nobody in it.
        const found = query.preset
          ? { users: [], totalItems: 0, totalPages: 0 }
          : previewTeamPage({ ...query, pageOffset, sortBy: query.sortBy });
        actions.setTeamState({
          ...found,
          users: found.users as never,
          roles: PREVIEW_ROLES as never,
          pageOffset,
        });
        return;
      }
      if (!query.preset) {
        actions.loadUsersV2({
          pageOffset,
          pageSize: query.pageSize,
          filter: query.search,
          sort: query.sortBy as never,
          order: query.order as never,
          shouldLoadRoles: true,
        });
        return;
      }
      // The store's list has no presets: the same page comes from /users/v3 into the store's state,
      // so its row actions (roles, delete, disable) still find the user.
      actions.setTeamLoader({ key: 'USERS' as never, value: true });
      actions.setTeamError({ key: 'USERS' as never, value: false });
      api.users
        .getUsersV3({
          _preset: query.preset as never,
          _maxInactiveSeconds: query.preset === 'inactive' ? INACTIVE_SECONDS : undefined,
          _offset: pageOffset,
          _limit: query.pageSize,
          _sortBy: query.sortBy as never,
          _order: query.order as never,
          ...(query.search ? { _email: query.search } : {}),
        })
        .then((answer) => {
          const { items, _metadata: metadata } = teamUserPageSchema.parse(answer);
          const users = items.map((user) => ({ ...user, roleIds: user.roles.map((item) => item.id) }));
          actions.setTeamState({
            users: users as never,
            totalPages: metadata.totalPages,
            totalItems: metadata.totalItems,
            pageOffset,
          });
          actions.loadRoles({});
        })
        .catch((error: unknown) =>
          actions.setTeamError({ key: 'USERS' as never, value: errorMessage(error) ?? '' }),
        )
        .finally(() => actions.setTeamLoader({ key: 'USERS' as never, value: false }));
    },
    [actions, preview],
  );

  const users = useMemo(() => records(state.users).map(member), [state.users]);
  const roles = useMemo(() => records(state.roles).map(role), [state.roles]);
  return {
    users,
    roles,
    totalPages: state.totalPages ?? 0,
    totalItems: state.totalItems ?? 0,
    loading: loaders.USERS === true,
    error: errorMessage(errors.USERS),
    load,
  };
}

export function useTeamUserActions() {
  const actions = useTeamActions();
  const preview = usePreviewMode();

  /** Calls without a store action: in preview they succeed without a server. */
  const direct = useCallback(
    async (path: string) => {
      if (preview) return;
      await sdkFetch.post(path, {});
    },
    [preview],
  );

  return useMemo(
    () => ({
      invite: (input: InviteInput) =>
        viaCallback((callback) => actions.addUser({ ...input, appIds: [], callback } as never)),
      /** One invite per email (SPEC section 8): which were added and which were refused. */
      inviteMany: (emails: string[], roleIds: string[], expirationInSeconds?: number) =>
        new Promise<{ allowedEmails: string[]; unallowedEmails: string[] }>((resolve) =>
          actions.addUsersBulk({
            emails,
            roleIds,
            ...(expirationInSeconds ? { expirationInSeconds } : {}),
            callback: (result: unknown) =>
              resolve(
                (result as { allowedEmails: string[]; unallowedEmails: string[] } | null) ?? {
                  allowedEmails: [],
                  unallowedEmails: emails,
                },
              ),
          } as never),
        ),
      updateRoles: (userId: string, roleIds: string[]) =>
        viaCallback((callback) => actions.updateUser({ id: userId, roleIds, callback } as never)),
      remove: (userId: string, email: string) =>
        viaCallback((callback) => actions.deleteUser({ userId, email, callback } as never)),
      enable: (userId: string) =>
        viaCallback((callback) => actions.enableUser({ userId, callback } as never)),
      disable: (userId: string) =>
        viaCallback((callback) => actions.disableUser({ userId, callback } as never)),
      resendActivation: (userId: string) =>
        viaCallback((callback) => actions.resendActivationLink({ userId, callback } as never)),
      makePermanent: (userId: string) =>
        viaCallback((callback) => actions.setUserAsPermanent({ userId, callback } as never)),
      lock: (userId: string) => direct(`/identity/resources/users/v1/${userId}/lock`),
      unlock: (userId: string) => direct(`/identity/resources/users/v1/${userId}/unlock`),
    }),
    [actions, direct],
  );
}

const linkOf = (state: Record_ | undefined): InviteLink | null =>
  state && typeof state.token === 'string' && state.token
    ? {
        token: state.token,
        expires: date(state.expires) ?? '',
        shouldSendEmail: state.shouldSendEmail !== false,
      }
    : null;

/** The account's invite link (SPEC section 3 "Invite link"), through the store's invitation-link actions. */
export function useInviteLink() {
  const state = useTeamState();
  const actions = useTeamActions();
  const errors = state.errors as Record<string, unknown>;
  const link = linkOf(state.inviteTokenState as Record_ | undefined);
  const load = useCallback(() => {
    void actions.getInvitationLink();
  }, [actions]);
  const create = useCallback(
    (expiresInMinutes: number, shouldSendEmail: boolean, roleIds: string[]) =>
      viaCallback((callback) =>
        actions.createInvitationLink({ expiresInMinutes, shouldSendEmail, roleIds, callback } as never),
      ),
    [actions],
  );
  const remove = useCallback(
    () => viaCallback((callback) => actions.deleteInvitationLink({ callback } as never)),
    [actions],
  );
  return { link, error: errorMessage(errors.CREATE_TOKEN_LINK), load, create, remove };
}
