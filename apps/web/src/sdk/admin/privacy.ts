import {
  usePasskeysActions,
  usePasskeysState,
  useProfileActions,
  useSessionsActions,
  useSessionsState,
} from '@frontegg/react-hooks';
import { useCallback, useMemo } from 'react';
import { apiError, errorMessage } from './api-error';
import { usePreviewMode } from './portal';
import { useReauthenticationGuard } from '../hooks/reauthentication';

// The Privacy section's data through the store's sessions, passkeys and profile actions (mocked
// in preview mode). MFA devices go through ./mfa-devices (the store has no self-service MFA list).

export interface SessionRow {
  id: string;
  userAgent: string;
  ipAddress: string;
  createdAt: string | null;
  current: boolean;
}

export interface SessionsView {
  sessions: SessionRow[];
  loading: boolean;
  error: string | null;
  load: () => void;
  /** Signs one session out: that browser can no longer renew its token. */
  revoke: (sessionId: string) => Promise<void>;
  /** SPEC section 4: deleting all sessions keeps only the current one. */
  revokeOthers: () => Promise<void>;
}

const dateText = (value: unknown): string | null => {
  if (value instanceof Date) return value.toISOString();
  return typeof value === 'string' ? value : null;
};

export function useOwnSessions(): SessionsView {
  const state = useSessionsState();
  const actions = useSessionsActions();
  // Stable across renders: the section loads in an effect keyed on it.
  const load = useCallback(() => void actions.loadUserSessions(), [actions]);
  return useMemo(
    () => ({
      sessions: (state.sessions ?? []).map((session) => ({
        id: session.id,
        userAgent: session.userAgent ?? '',
        ipAddress: session.ipAddress ?? '',
        createdAt: dateText(session.createdAt),
        current: session.current === true,
      })),
      loading: state.loading === true,
      error: errorMessage(state.error),
      load,
      revoke: async (sessionId) => {
        await actions.deleteUserSession({ id: sessionId });
      },
      revokeOthers: async () => {
        await actions.deleteAllUserSessions();
      },
    }),
    [state.sessions, state.loading, state.error, actions, load],
  );
}

export interface PasskeyRow {
  id: string;
  deviceType: string;
  createdAt: string | null;
}

export interface PasskeysView {
  devices: PasskeyRow[];
  loading: boolean;
  error: string | null;
  load: () => void;
  remove: (deviceId: string) => Promise<void>;
}

export function useOwnPasskeys(): PasskeysView {
  const state = usePasskeysState();
  const actions = usePasskeysActions();
  const guard = useReauthenticationGuard();
  const load = useCallback(() => void actions.loadWebAuthnDevices(), [actions]);
  return useMemo(
    () => ({
      devices: (state.devices ?? []).map((device) => ({
        id: device.id,
        deviceType: String(device.deviceType ?? ''),
        createdAt: dateText(device.createdAt),
      })),
      loading: state.loading === true,
      error: errorMessage(state.error),
      load,
      // Issue 10: a passkey signs in on its own; deleting one needs a recent sign-in.
      remove: (deviceId) =>
        guard(
          () =>
            new Promise<void>((resolve, reject) => {
              actions.deleteWebAuthnDevice({
                deviceId,
                callback: (ok: boolean | null, error?: unknown) => {
                  if (ok) resolve();
                  else reject(apiError(error));
                },
              });
            }),
        ),
    }),
    [state.devices, state.loading, state.error, actions, load, guard],
  );
}

/** POST /users/v1/passwords/change with the current password (the store's changePassword). */
export function useChangePassword(): (password: string, newPassword: string) => Promise<void> {
  const actions = useProfileActions();
  return useMemo(
    () => (password: string, newPassword: string) =>
      new Promise<void>((resolve, reject) => {
        actions.changePassword({
          password,
          newPassword,
          callback: (ok: boolean | null, error?: unknown) => {
            if (ok) resolve();
            else reject(apiError(error));
          },
        });
      }),
    [actions],
  );
}

export { usePreviewMode };
