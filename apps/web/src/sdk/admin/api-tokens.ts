import { personalApiTokenSchema, tenantApiTokenSchema } from '@brizo/contract/entities/api-token';
import { assignableRolesSchema } from '@brizo/contract/entities/role';
import { useApiTokensActions, useApiTokensState, useStore } from '@frontegg/react-hooks';
import { api, FetchClient } from '@frontegg/rest-api';
import { useCallback, useEffect, useState } from 'react';
import { APP_NAME } from '../store';
import { usePreviewMode } from './portal';
import { apiError, errorMessage } from './api-error';
import { readAnswer } from './read-answer';

// The API tokens sections' data: the store's apiTokens actions (personal tokens: 'user', tenant
// tokens: 'tenant'). In preview mode the store's mock actions answer; nothing reaches a server.

export type ApiTokenScope = 'user' | 'tenant';

/** SPEC section 3 "API token", as the sections show it (never a secret). */
export interface ApiToken {
  clientId: string;
  description: string;
  createdAt: string;
  /** ISO date, or null when the token never expires. */
  expires: string | null;
  roleIds: string[];
}

/** The secret of the token just created: shown once, then dropped from the store. */
export interface CreatedSecret {
  clientId: string;
  secret: string;
}

export interface NewApiToken {
  description: string;
  /** Days; the store sends days × 1440 as expiresInMinutes (SPEC section 5). Null: never expires. */
  expiresInDays: number | null;
  /** Tenant tokens only: personal tokens take no roles (SPEC section 6). */
  roleIds?: string[];
}

export interface ApiTokensView {
  tokens: ApiToken[];
  loading: boolean;
  loadError: string | null;
  creating: boolean;
  deleting: boolean;
  /** Whether the create dialog is open (the store's showAddTokenDialog: a successful create closes it). */
  createOpened: boolean;
  openCreate: () => void;
  closeCreate: () => void;
  /** The secret to show once, after a create. */
  createdSecret: CreatedSecret | null;
  load: () => void;
  /** Rejects with the server's message. */
  create: (token: NewApiToken) => Promise<void>;
  /** Rejects with the server's message. */
  remove: (clientId: string) => Promise<void>;
  /** Changes a token's description (PATCH …/api-tokens/v1/:id); rejects with the server's message. */
  rename: (clientId: string, description: string) => Promise<void>;
  /** Closes the secret's dialog and forgets the secret. */
  dismissSecret: () => void;
}

const LOAD = 'LOAD_API_TOKENS';
const ADD = 'ADD_API_TOKEN';
const DELETE = 'DELETE_API_TOKEN';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function toApiToken(raw: unknown): ApiToken {
  const token = (raw ?? {}) as Record<string, unknown>;
  const expires = token.expires;
  return {
    clientId: text(token.clientId),
    description: text(token.description),
    createdAt: text(token.createdAt),
    expires: typeof expires === 'string' && expires ? expires : null,
    roleIds: Array.isArray(token.roleIds)
      ? token.roleIds.filter((id): id is string => typeof id === 'string')
      : [],
  };
}

export function useApiTokens(scope: ApiTokenScope): ApiTokensView {
  const state = useApiTokensState();
  const actions = useApiTokensActions();
  // The live store (not the render's snapshot): after an action resolves, its error is read here.
  const live = useStore().store.auth.apiTokensState;
  const loaders = state.loaders as Record<string, unknown>;
  const errors = (state.errors ?? {}) as Record<string, unknown>;
  const raw = scope === 'user' ? state.apiTokensDataUser : state.apiTokensDataTenant;

  const load = useCallback(() => {
    if (scope === 'user') void actions.loadUserApiTokens();
    else void actions.loadTenantApiTokens();
  }, [actions, scope]);

  const create = useCallback(
    (token: NewApiToken) =>
      new Promise<void>((resolve, reject) => {
        actions.setApiTokensError({ key: ADD as never, value: false });
        const callback = (_data: unknown, error?: unknown) => {
          if (error) reject(apiError(error));
          else resolve();
        };
        const expires = token.expiresInDays ?? undefined;
        if (scope === 'user')
          void actions.addUserApiToken({ description: token.description, expires, callback });
        else
          void actions.addTenantApiToken({
            description: token.description,
            roleIds: token.roleIds ?? [],
            expires,
            callback,
          });
      }),
    [actions, scope],
  );

  const remove = useCallback(
    async (clientId: string) => {
      actions.setApiTokensError({ key: DELETE as never, value: false });
      if (scope === 'user') await actions.deleteUserApiToken(clientId);
      else await actions.deleteTenantApiToken(clientId);
      const failure = errorMessage((live.errors as Record<string, unknown> | undefined)?.[DELETE]);
      if (failure) throw new Error(failure);
    },
    [actions, live, scope],
  );

  const preview = usePreviewMode();
  // The store has no action for this call (rest-api 7.88.0 only creates and deletes tokens): the
  // adapter sends it with the SDK's own client and writes the answer into the store's list.
  const rename = useCallback(
    async (clientId: string, description: string) => {
      const base = scope === 'user' ? '/identity/resources/users' : '/identity/resources/tenants';
      const changed = preview
        ? { description }
        : readAnswer(
            scope === 'user' ? personalApiTokenSchema : tenantApiTokenSchema,
            await new FetchClient(APP_NAME).patch(`${base}/api-tokens/v1/${clientId}`, { description }),
            'renamed API token',
          );
      const renamed = <T extends { clientId?: string; description: string }>(list: T[]) =>
        list.map((token) =>
          token.clientId === clientId ? { ...token, description: changed.description } : token,
        );
      if (scope === 'user') actions.setApiTokensState({ apiTokensDataUser: renamed(live.apiTokensDataUser) });
      else actions.setApiTokensState({ apiTokensDataTenant: renamed(live.apiTokensDataTenant) });
    },
    [actions, live, preview, scope],
  );

  const dismissSecret = useCallback(
    () => actions.setApiTokensState({ successDialog: { open: false } }),
    [actions],
  );

  const openCreate = useCallback(() => actions.setApiTokensState({ showAddTokenDialog: true }), [actions]);
  const closeCreate = useCallback(() => actions.setApiTokensState({ showAddTokenDialog: false }), [actions]);

  const success = state.successDialog;
  return {
    tokens: (raw as unknown[]).map(toApiToken),
    loading: loaders[LOAD] === true,
    loadError: errorMessage(errors[LOAD]),
    creating: loaders[ADD] === true,
    deleting: loaders[DELETE] === true,
    createOpened: state.showAddTokenDialog,
    openCreate,
    closeCreate,
    createdSecret:
      success.open && success.secret ? { clientId: text(success.clientId), secret: success.secret } : null,
    load,
    create,
    remove,
    rename,
    dismissSecret,
  };
}

/** A role a tenant token may carry. */
export interface AssignableRole {
  id: string;
  key: string;
  name: string;
}

export type AssignableRolesState =
  { status: 'loading' } | { status: 'ready'; roles: AssignableRole[] } | { status: 'error'; message: string };

/**
 * The roles the account hands out (GET /team/resources/roles/v1). The store loads them only with the
 * whole team, so the adapter asks the API itself; a preview offers none, without a call.
 */
export function useAssignableRoles(enabled: boolean): AssignableRolesState {
  const preview = usePreviewMode();
  const [state, setState] = useState<AssignableRolesState>({ status: 'loading' });
  useEffect(() => {
    if (!enabled) return;
    if (preview) {
      setState({ status: 'ready', roles: [] });
      return;
    }
    let active = true;
    setState({ status: 'loading' });
    api.teams
      .loadAvailableRoles()
      .then((answer: unknown) => {
        const { items } = readAnswer(assignableRolesSchema, answer, 'assignable roles');
        const roles = items.map(({ id, key, name }) => ({ id, key, name: name || key }));
        if (active) setState({ status: 'ready', roles });
      })
      .catch((error: unknown) => {
        if (active) setState({ status: 'error', message: errorMessage(error) ?? 'Unknown error occurred' });
      });
    return () => {
      active = false;
    };
  }, [enabled, preview]);
  return state;
}
