import {
  useAuthUserOrNull,
  useProfileActions,
  useProfileState,
  useSmsActions,
  useSmsState,
  useUsernamesActions,
  useUsernamesState,
} from '@frontegg/react-hooks';
import { FetchClient } from '@frontegg/rest-api';
import { useCallback, useMemo } from 'react';
import { APP_NAME } from '../store';
import { apiError, errorMessage } from './api-error';
import { usePreviewMode } from './portal';
import { useReauthenticationGuard } from '../hooks/reauthentication';

// The Profile section's data (the signed-in user's own profile, username and phone numbers),
// through the store's profile, usernames and SMS actions: in preview mode the store's mock
// actions answer them, except usernames, which the store cannot mock (the section then shows it
// read-only and calls nothing).

/** The fields the Profile form edits; address and job title live in the user's metadata. */
export interface ProfileDetails {
  name: string;
  email: string;
  profilePictureUrl: string | null;
  address: string;
  jobTitle: string;
}

function metadataOf(metadata: unknown): Record<string, unknown> {
  if (typeof metadata === 'object' && metadata !== null && !Array.isArray(metadata)) {
    return { ...(metadata as Record<string, unknown>) };
  }
  if (typeof metadata !== 'string') return {};
  try {
    const parsed: unknown = JSON.parse(metadata);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? { ...parsed } : {};
  } catch {
    return {};
  }
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export interface ProfileView {
  details: ProfileDetails | null;
  loading: boolean;
  error: string | null;
  load: () => void;
  /**
   * Saves name, address, job title and picture. The store uploads the picture only when it is a
   * base64 image data URL that differs from the current one (SPEC section 5).
   */
  save: (changes: Omit<ProfileDetails, 'email'>) => Promise<void>;
  /** Mails a code to the new address (SPEC section 7 "email update"). */
  requestEmailChange: (email: string) => Promise<void>;
  /** The mailed code makes the new address the account's; the token is renewed with it. */
  verifyEmailChange: (email: string, code: string) => Promise<void>;
}

type Callback = (ok: unknown, error?: unknown) => void;
/** Store actions report through a callback (value, error): as a promise rejecting with the server's message. */
const viaCallback = (run: (callback: Callback) => void) =>
  new Promise<void>((resolve, reject) => {
    run((ok, error) => {
      if (error || ok === null || ok === false) reject(apiError(error));
      else resolve();
    });
  });

export function useProfile(): ProfileView {
  const state = useProfileState();
  const actions = useProfileActions();
  const user = useAuthUserOrNull();
  // Issue 10: the email changes only after a recent sign-in; the guard asks the user to confirm.
  const guard = useReauthenticationGuard();
  const source = state.profile ?? user;
  const metadata = source?.metadata;
  // Stable across renders: sections load in an effect keyed on it.
  const load = useCallback(() => void actions.loadProfile(), [actions]);
  return useMemo(() => {
    const currentMetadata = metadataOf(metadata);
    return {
      details: source
        ? {
            name: text(source.name),
            email: text(source.email),
            profilePictureUrl: source.profilePictureUrl ?? null,
            address: text(currentMetadata.address),
            jobTitle: text(currentMetadata.jobTitle),
          }
        : null,
      loading: state.loading === true && !state.profile,
      error: errorMessage(state.error),
      load,
      save: ({ name, profilePictureUrl, address, jobTitle }) =>
        viaCallback((callback) =>
          actions.saveProfile({
            name,
            profilePictureUrl: profilePictureUrl ?? undefined,
            metadata: JSON.stringify({ ...currentMetadata, address, jobTitle }),
            callback,
          }),
        ),
      requestEmailChange: (email) =>
        guard(() => viaCallback((callback) => actions.updateEmail({ email, callback }))),
      verifyEmailChange: async (email, code) => {
        await guard(() => viaCallback((callback) => actions.verifyEmail({ email, code, callback })));
        void actions.loadProfile();
      },
    };
  }, [source, metadata, state.loading, state.profile, state.error, actions, load, guard]);
}

export interface UsernameView {
  username: string | null;
  loading: boolean;
  error: string | null;
  /** False in preview mode: the store has no mock for usernames. */
  available: boolean;
  load: () => void;
  /**
   * SPEC section 5: a changed username deletes the old one first; clearing only deletes; the
   * same one is a no-op (the store's saveUserUsername does exactly this).
   */
  save: (username: string) => Promise<void>;
}

const USERNAMES = '/identity/resources/usernames/v1';

export function useOwnUsername(): UsernameView {
  const state = useUsernamesState();
  const actions = useUsernamesActions();
  const preview = usePreviewMode();
  // Issue 10: a username signs in, so it changes only after a recent sign-in. The store's
  // saveUserUsername keeps only the message of a failure, and the guard needs its errorCode to ask
  // the user to confirm: the calls go through the SDK's fetch client, each under the guard.
  const guard = useReauthenticationGuard();
  const load = useCallback(() => {
    if (!preview) void actions.loadUserOwnUsername();
  }, [actions, preview]);
  return useMemo(
    () => ({
      username: state.username ?? null,
      loading: state.loading === true,
      error: errorMessage(state.error),
      available: !preview,
      load,
      save: async (username) => {
        if (preview) return;
        const current = state.username ?? '';
        if (username === current) return;
        const client = new FetchClient(APP_NAME);
        const change = (call: () => Promise<unknown>) =>
          guard(async () => {
            try {
              await call();
            } catch (error) {
              throw apiError(error);
            }
          });
        try {
          if (current) await change(() => client.delete(`${USERNAMES}/${encodeURIComponent(current)}`));
          if (username) await change(() => client.post(USERNAMES, { username }));
        } finally {
          void actions.loadUserOwnUsername();
        }
      },
    }),
    [state.username, state.loading, state.error, preview, actions, load, guard],
  );
}

export interface PhoneNumberRow {
  id: string;
  phoneNumber: string;
  verified: boolean;
}

export interface PhoneNumbersView {
  phoneNumbers: PhoneNumberRow[];
  loading: boolean;
  error: string | null;
  load: () => void;
  /** Adds the number and texts it a code; verify() then takes the code. */
  add: (phoneNumber: string) => Promise<void>;
  verify: (code: string) => Promise<void>;
  /**
   * The SDK's deletePhoneNumber: an unverified number goes at once; a verified one only once
   * verifyRemoval() gets the code this texts to it.
   */
  remove: (phoneId: string) => Promise<void>;
  verifyRemoval: (phoneId: string, code: string) => Promise<void>;
}

export function useOwnPhoneNumbers(): PhoneNumbersView {
  const state = useSmsState();
  const actions = useSmsActions();
  const guard = useReauthenticationGuard();
  const load = useCallback(() => void actions.loadUserOwnPhoneNumbers(), [actions]);
  return useMemo(
    () => ({
      phoneNumbers: (state.phoneNumbers ?? []).map(({ id, phoneNumber, verified }) => ({
        id,
        phoneNumber,
        verified: verified === true,
      })),
      loading: state.loading === true && state.phoneNumbers === undefined,
      error: errorMessage(state.error),
      load,
      // Issue 10: phone numbers change only after a recent sign-in (the guard asks to confirm).
      add: (phoneNumber) =>
        guard(() => viaCallback((callback) => actions.setUpOwnPhoneNumber({ phoneNumber, callback }))),
      verify: async (code) => {
        await guard(() =>
          viaCallback((callback) =>
            actions.verifyPhoneNumber({ otcToken: state.otcToken ?? '', code, callback }),
          ),
        );
        void actions.loadUserOwnPhoneNumbers();
      },
      remove: async (phoneId) => {
        await guard(() => viaCallback((callback) => actions.deletePhoneNumber({ phoneId, callback })));
        void actions.loadUserOwnPhoneNumbers();
      },
      verifyRemoval: async (phoneId, code) => {
        await guard(() =>
          viaCallback((callback) =>
            actions.verifyDeletePhoneNumber({ phoneId, otcToken: state.otcToken ?? '', code, callback }),
          ),
        );
        void actions.loadUserOwnPhoneNumbers();
      },
    }),
    [state.phoneNumbers, state.loading, state.error, state.otcToken, actions, load, guard],
  );
}
