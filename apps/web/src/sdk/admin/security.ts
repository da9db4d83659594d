import type { RestrictionType } from '@brizo/contract/enums';
import {
  domainRestrictionListSchema,
  ipMetadataSchema,
  ipRestrictionPageSchema,
  ipVerificationSchema,
  type DomainRestrictionEntry,
  type IpMetadata,
  type IpRestrictionPage,
} from '@brizo/contract/entities/restrictions';
import {
  captchaPolicySchema,
  type CaptchaPolicySettings,
  type SessionPolicyConfigurations,
} from '@brizo/contract/entities/security-policies';
import { useAuth, useAuthActions } from '@frontegg/react-hooks';
import { api, fetch as sdkFetch } from '@frontegg/rest-api';
import { useCallback, useMemo } from 'react';
import { usePreviewMode } from './portal';
import { apiError } from './api-error';
import { readAnswer } from './read-answer';

// The Security section's data access: the store's sessionsPolicyState, securityPolicyState,
// restrictionsState and securityCenterState, loaded by the store's actions (their mocks answer in
// preview mode), and the calls the store has no action for, their answers parsed with the contract's
// schemas. Changes call the rest-api directly outside preview, so the server's message (a refused
// self-lockout, a bad address) reaches the screen, then reload through the store. What the section
// makes of it (defaults, paging, which list it shows) is in features/admin/security/.

/** A part of the store's state, as the store keeps it (its mocks in preview mode). */
export type StoreState = Record<string, unknown>;

type AuthActions = ReturnType<typeof useAuthActions>;

/** The store's own token request: the same the renewal timer makes. */
const renewWith = (actions: AuthActions) => async () => {
  await actions.requestAuthorize(false);
};

const isUnauthorized = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && 'statusCode' in error && error.statusCode === 401;

/**
 * Runs a change: the live call (its error carries the server's message) or, in preview, nothing. An
 * access token that lapsed before its renewal came round is renewed once and the change retried.
 */
async function change(
  preview: boolean,
  renew: () => Promise<unknown>,
  live: () => Promise<unknown>,
): Promise<void> {
  if (preview) return;
  try {
    try {
      await live();
    } catch (error) {
      if (!isUnauthorized(error)) throw error;
      await renew();
      await live();
    }
  } catch (error) {
    throw apiError(error);
  }
}

/** Every policy change moves the security center's score: read it again after each one. */
async function rescore(actions: AuthActions): Promise<void> {
  await Promise.all([actions.loadRecommendations(), actions.loadInsights()]);
}

/** The store's session policy (`configurations`, loading, error) and its change. */
export function useSessionsPolicyStore() {
  const state = useAuth((auth) => auth.sessionsPolicyState) as unknown as StoreState;
  const actions = useAuthActions();
  const preview = usePreviewMode();
  const load = useCallback(() => void actions.loadSessionsPolicy(), [actions]);
  const save = useCallback(
    async (configurations: SessionPolicyConfigurations) => {
      await change(preview, renewWith(actions), () =>
        api.auth.createOrUpdateSessionConfigrations(configurations),
      );
      if (!preview) await Promise.all([actions.loadSessionsPolicy(), rescore(actions)]);
    },
    [actions, preview],
  );
  return { state, load, save };
}

/** What General settings saves: the MFA, lockout, password history and rotation policies. */
export interface SecurityPolicyChanges {
  enforceMFAType: string;
  lockout: { enabled: boolean; maxAttempts: number };
  history: { enabled: boolean; historySize: number };
  rotation: { isActive: boolean; rotationPeriod: number };
}

/** The store's security policies (each `{ policy, loading, error }` under its key) and their change. */
export function useSecurityPoliciesStore() {
  const state = useAuth((auth) => auth.securityPolicyState) as unknown as StoreState;
  const actions = useAuthActions();
  const preview = usePreviewMode();
  const load = useCallback(() => {
    void actions.loadSecurityPolicyMfa();
    void actions.loadSecurityPolicyLockout();
    void actions.loadSecurityPolicyPasswordHistory();
    void actions.loadSecurityPolicyPasswordRotation();
    void actions.loadSecurityPolicyCaptcha();
  }, [actions]);
  const save = useCallback(
    async (next: SecurityPolicyChanges) => {
      await change(preview, renewWith(actions), async () => {
        await api.auth.saveMfaPolicy({ enforceMFAType: next.enforceMFAType } as Parameters<
          typeof api.auth.saveMfaPolicy
        >[0]);
        await api.auth.saveLockoutPolicy(next.lockout);
        await api.auth.savePasswordHistoryPolicy(next.history);
        await api.securityPolicy.savePasswordRotationPolicy(next.rotation);
      });
      if (!preview) {
        load();
        await rescore(actions);
      }
    },
    [actions, load, preview],
  );
  return { state, load, save };
}

const CAPTCHA_POLICY = '/identity/resources/configurations/v1/captcha-policy';

/** The captcha policy's change as the server takes it: null clears a key. */
export interface CaptchaPolicyChange {
  enabled: boolean;
  siteKey: string | null;
  secretKey: string | null;
  minScore: number;
  ignoredEmails: string[];
}

/**
 * The captcha policy's administrator view (GET/PUT .../captcha-policy): the store only loads the public
 * one and has no action to change it, so this goes through the rest-api's client. In preview mode
 * nothing is read or saved.
 */
export function useCaptchaPolicyApi() {
  const actions = useAuthActions();
  const preview = usePreviewMode();
  return useMemo(
    () => ({
      preview,
      read: async (): Promise<CaptchaPolicySettings> =>
        readAnswer(captchaPolicySchema, await sdkFetch.get(CAPTCHA_POLICY), 'captcha policy'),
      /** The saved policy as the server answers it; null in preview, where nothing is saved. */
      write: async (body: CaptchaPolicyChange): Promise<CaptchaPolicySettings | null> => {
        let saved: CaptchaPolicySettings | null = null;
        await change(preview, renewWith(actions), async () => {
          saved = readAnswer(captchaPolicySchema, await sdkFetch.put(CAPTCHA_POLICY, body), 'captcha policy');
        });
        return saved;
      },
      // Not the store's loadSecurityPolicyCaptcha: it marks the lockout policy loading and never clears
      // it, which left General settings on its loading placeholder after a save.
      rescore: () => (preview ? Promise.resolve() : rescore(actions)),
    }),
    [actions, preview],
  );
}

/** GET /metadata/ipme: the administrator's own address as the server sees it. */
export async function fetchCurrentIp(): Promise<IpMetadata> {
  return readAnswer(ipMetadataSchema, await api.metadata.getCurrentUserIpMetadata(), 'current IP address');
}

/** One page of an IP list (the API's `_offset` is a page number). */
export async function fetchIpRestrictionPage(
  strategy: RestrictionType,
  limit: number,
  page: number,
): Promise<IpRestrictionPage> {
  const answer: unknown = await api.auth.getIPRestrictions({
    _filter: strategy,
    _limit: limit,
    _offset: page,
  });
  return readAnswer(ipRestrictionPageSchema, answer, 'IP restrictions');
}

/** Every email domain on the allow and block lists. */
export async function fetchDomainRestrictions(): Promise<DomainRestrictionEntry[]> {
  const answer: unknown = await api.auth.getDomainRestrictions();
  return readAnswer(domainRestrictionListSchema, answer, 'email-domain restrictions').items;
}

/** The store's IP restrictions (`data.config`, `data.restrictions`, loading, saving, error) and their changes. */
export function useIpRestrictionsStore() {
  const state = useAuth((auth) => auth.restrictionsState.ipRestrictions) as unknown as StoreState;
  const actions = useAuthActions();
  const preview = usePreviewMode();
  const calls = useMemo(
    () => ({
      preview,
      load: () => void actions.loadIpRestrictions(),
      /** The store's list and the security center's score, read again after a change. */
      refresh: async () => {
        await Promise.all([actions.loadIpRestrictions(), rescore(actions)]);
      },
      /** "Test my IP": would the current address get in under the restrictions as they stand? */
      testCurrentIp: async (): Promise<boolean> => {
        if (preview) return true;
        return readAnswer(ipVerificationSchema, await api.auth.testCurrentIp(), 'IP test').valid;
      },
      add: (entry: { ip: string; strategy: RestrictionType; isActive: boolean; description: string }) =>
        change(preview, renewWith(actions), () =>
          api.auth.createIPRestriction(entry as Parameters<typeof api.auth.createIPRestriction>[0]),
        ),
      remove: (id: string) => change(preview, renewWith(actions), () => api.auth.deleteIPRestriction(id)),
      saveConfig: (next: { isActive: boolean; strategy: RestrictionType }) =>
        change(preview, renewWith(actions), () =>
          api.auth.updateIPRestrictionConfig(
            next as Parameters<typeof api.auth.updateIPRestrictionConfig>[0],
          ),
        ),
    }),
    [actions, preview],
  );
  // The calls keep their identity while the state changes: screens load in effects keyed on them.
  return { state, ...calls };
}

/** The store's email-domain restrictions and their changes. */
export function useDomainRestrictionsStore() {
  const state = useAuth((auth) => auth.restrictionsState.emailDomainRestrictions) as unknown as StoreState;
  const actions = useAuthActions();
  const preview = usePreviewMode();
  const calls = useMemo(
    () => ({
      preview,
      load: () => void actions.loadEmailDomainRestrictions(),
      /** The store's list and the security center's score, read again after a change. */
      refresh: async () => {
        await Promise.all([actions.loadEmailDomainRestrictions(), rescore(actions)]);
      },
      add: (entry: { domain: string; type: RestrictionType }) =>
        change(preview, renewWith(actions), () =>
          api.auth.createDomainRestriction(entry as Parameters<typeof api.auth.createDomainRestriction>[0]),
        ),
      remove: (id: string) => change(preview, renewWith(actions), () => api.auth.deleteDomainRestriction(id)),
      saveConfig: (next: { active: boolean; listType: RestrictionType; blockPublicDomains: boolean }) =>
        change(preview, renewWith(actions), () =>
          api.auth.updateDomainRestrictionConfig({
            active: next.active,
            blockPublicDomains: next.blockPublicDomains,
            type: next.listType,
          } as Parameters<typeof api.auth.updateDomainRestrictionConfig>[0]),
        ),
    }),
    [actions, preview],
  );
  // The calls keep their identity while the state changes: screens load in effects keyed on them.
  return { state, ...calls };
}

/** The store's security center (score, recommendations, insights, their loaders and errors). */
export function useSecurityCenterStore() {
  const state = useAuth((auth) => auth.securityCenterState) as unknown as StoreState;
  const actions = useAuthActions();
  const preview = usePreviewMode();
  const load = useCallback(() => {
    void actions.loadRecommendations();
    void actions.loadInsights();
  }, [actions]);
  const resetBreachedPasswords = useCallback(async () => {
    await change(preview, renewWith(actions), () => api.users.sendResetBreachedPasswordEmails());
    if (!preview) {
      load();
      void actions.loadBreachedPasswordUsers({});
    }
  }, [actions, load, preview]);
  return { state, load, resetBreachedPasswords };
}

/** The security center's user tables (SPEC section 3), each read with its users-list preset. */
export type SecurityCenterTableKind = 'breachedPasswords' | 'unenrolledMfa' | 'inactive';

const tableKeys = {
  breachedPasswords: { state: 'breachedPasswordUsersTable', load: 'loadBreachedPasswordUsers' },
  unenrolledMfa: { state: 'unenrolledMfaUsersTable', load: 'loadUnenrolledMfaUsers' },
  inactive: { state: 'inactiveUsersTable', load: 'loadInactiveUsers' },
} as const;

/**
 * One table as the store keeps it: it loads a page (its `_offset` is a page number, 0-based) with the
 * table's preset and keeps users, usersPageOffset and totalUsersPages; its mocks fill the tables in
 * preview. Loading and error are the table's entries in the security center's loaders and errors.
 */
export function useSecurityCenterTableStore(kind: SecurityCenterTableKind) {
  const keys = tableKeys[kind];
  const table = useAuth((auth) => auth.securityCenterState[keys.state]) as unknown as StoreState;
  const loaders = useAuth((auth) => auth.securityCenterState.loaders) as unknown as StoreState;
  const errors = useAuth((auth) => auth.securityCenterState.errors) as unknown as StoreState;
  const actions = useAuthActions();
  const loadPage = useCallback(
    (pageOffset: number) => void actions[keys.load]({ _offset: pageOffset }),
    [actions, keys.load],
  );
  return { table, loading: loaders[keys.state] === true, error: errors[keys.state], loadPage };
}
