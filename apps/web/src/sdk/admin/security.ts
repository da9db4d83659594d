import { isOneOf, severities, type RestrictionType, type Severity } from '@brizo/contract/enums';
import { useAuth, useAuthActions } from '@frontegg/react-hooks';
import { api, fetch as sdkFetch } from '@frontegg/rest-api';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { usePreviewMode } from './portal';
import { apiError, errorMessage } from './api-error';

// The Security section's data: the store's sessionsPolicyState, securityPolicyState, restrictionsState
// and securityCenterState, loaded by the store's actions (their mocks answer in preview mode). Changes
// call the rest-api directly outside preview, so the server's message (a refused self-lockout, a bad
// address) reaches the screen, then reload through the store.

export type { RestrictionType };
export type EnforceMfaType = 'DontForce' | 'Force' | 'ForceExceptSAML';

export interface SessionPolicy {
  idle: { isActive: boolean; timeout: number };
  absolute: { isActive: boolean; timeout: number };
  concurrent: { isActive: boolean; maxSessions: number };
}

export interface GeneralSettings {
  enforceMFAType: EnforceMfaType;
  lockout: { enabled: boolean; maxAttempts: number };
  history: { enabled: boolean; historySize: number };
  rotation: { isActive: boolean; rotationPeriod: number };
  captcha: { enabled: boolean; siteKey: string };
}

export interface IpRestriction {
  id: string;
  ip: string;
  strategy: RestrictionType;
  isActive: boolean;
  description: string;
}

export interface DomainRestriction {
  id: string;
  domain: string;
  type: RestrictionType;
}

export interface Recommendation {
  code: string;
  severity: Severity;
  category: string;
}

type Loose = Record<string, unknown>;
const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null;
const objectAt = (value: unknown, key: string): Loose => {
  const found = isObject(value) ? value[key] : undefined;
  return isObject(found) ? found : {};
};
const list = (value: unknown): Loose[] => (Array.isArray(value) ? value.filter(isObject) : []);
const text = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);
const number = (value: unknown, fallback: number): number => (typeof value === 'number' ? value : fallback);
const flag = (value: unknown): boolean => value === true;
const restrictionType = (value: unknown): RestrictionType => (value === 'BLOCK' ? 'BLOCK' : 'ALLOW');

/** The store's own token request: the same the renewal timer makes. */
const renewWith = (actions: ReturnType<typeof useAuthActions>) => async () => {
  await actions.requestAuthorize(false);
};

const isUnauthorized = (error: unknown): boolean => isObject(error) && error.statusCode === 401;

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
async function rescore(actions: ReturnType<typeof useAuthActions>): Promise<void> {
  await Promise.all([actions.loadRecommendations(), actions.loadInsights()]);
}

export function useSessionPolicy() {
  const state = useAuth((auth) => auth.sessionsPolicyState) as unknown as Loose;
  const actions = useAuthActions();
  const preview = usePreviewMode();
  const configurations = objectAt(state, 'configurations');
  const idle = objectAt(configurations, 'sessionIdleTimeoutConfiguration');
  const absolute = objectAt(configurations, 'sessionTimeoutConfiguration');
  const concurrent = objectAt(configurations, 'sessionConcurrentConfiguration');
  // Keyed by the values, not the store's objects, so screens can follow it without re-rendering loops.
  const values = [
    flag(idle.isActive),
    number(idle.timeout, 1800),
    flag(absolute.isActive),
    number(absolute.timeout, 86400),
    flag(concurrent.isActive),
    number(concurrent.maxSessions, 1),
  ] as const;
  const policy = useMemo<SessionPolicy>(
    () => ({
      idle: { isActive: values[0], timeout: values[1] },
      absolute: { isActive: values[2], timeout: values[3] },
      concurrent: { isActive: values[4], maxSessions: values[5] },
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the values themselves are the key
    values,
  );
  const load = useCallback(() => void actions.loadSessionsPolicy(), [actions]);
  const save = useCallback(
    async (next: SessionPolicy) => {
      await change(preview, renewWith(actions), () =>
        api.auth.createOrUpdateSessionConfigrations({
          sessionIdleTimeoutConfiguration: next.idle,
          sessionTimeoutConfiguration: next.absolute,
          sessionConcurrentConfiguration: next.concurrent,
        }),
      );
      if (!preview) await Promise.all([actions.loadSessionsPolicy(), rescore(actions)]);
    },
    [actions, preview],
  );
  return { policy, loading: state.loading === true, error: errorMessage(state.error), load, save };
}

export function useGeneralSettings() {
  const state = useAuth((auth) => auth.securityPolicyState) as unknown as Loose;
  const actions = useAuthActions();
  const preview = usePreviewMode();
  const policy = (key: string) => objectAt(objectAt(state, key), 'policy');
  const mfa = policy('mfaPolicy');
  const lockout = policy('lockoutPolicy');
  const history = policy('passwordHistoryPolicy');
  const rotation = objectAt(policy('passwordRotationPolicy'), 'passwordRotationTenantConfig');
  const captcha = policy('captchaPolicy');
  const settings: GeneralSettings = {
    enforceMFAType: text(mfa.enforceMFAType, 'DontForce') as EnforceMfaType,
    lockout: { enabled: flag(lockout.enabled), maxAttempts: number(lockout.maxAttempts, 5) },
    history: { enabled: flag(history.enabled), historySize: number(history.historySize, 1) },
    rotation: { isActive: flag(rotation.isActive), rotationPeriod: number(rotation.rotationPeriod, 129_600) },
    captcha: { enabled: flag(captcha.enabled), siteKey: text(captcha.siteKey) },
  };
  const loading = ['mfaPolicy', 'lockoutPolicy', 'passwordHistoryPolicy'].some(
    (key) => objectAt(state, key).loading === true,
  );
  const error =
    ['mfaPolicy', 'lockoutPolicy', 'passwordHistoryPolicy', 'passwordRotationPolicy']
      .map((key) => errorMessage(objectAt(state, key).error))
      .find(Boolean) ?? null;
  const load = useCallback(() => {
    void actions.loadSecurityPolicyMfa();
    void actions.loadSecurityPolicyLockout();
    void actions.loadSecurityPolicyPasswordHistory();
    void actions.loadSecurityPolicyPasswordRotation();
    void actions.loadSecurityPolicyCaptcha();
  }, [actions]);
  const save = useCallback(
    async (next: GeneralSettings) => {
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
  return { settings, loading, error, load, save };
}

/** The captcha policy as the Security section edits it (SPEC section 3: captcha enabled, siteKey). */
export interface CaptchaPolicy {
  enabled: boolean;
  siteKey: string;
  /** Only superusers are sent it (the policy is the vendor's); empty for everyone else. */
  secretKey: string;
  minScore: number;
  ignoredEmails: string[];
}

const CAPTCHA_POLICY = '/identity/resources/configurations/v1/captcha-policy';
const captchaOf = (value: unknown): CaptchaPolicy => {
  const policy = isObject(value) ? value : {};
  return {
    enabled: flag(policy.enabled),
    siteKey: text(policy.siteKey),
    secretKey: text(policy.secretKey),
    minScore: number(policy.minScore, 0.5),
    ignoredEmails: Array.isArray(policy.ignoredEmails)
      ? policy.ignoredEmails.filter((email): email is string => typeof email === 'string')
      : [],
  };
};
const PREVIEW_CAPTCHA: CaptchaPolicy = {
  enabled: false,
  siteKey: '',
  secretKey: '',
  minScore: 0.5,
  ignoredEmails: [],
};

/**
 * The captcha policy's administrator view (GET/PUT .../captcha-policy): the store only loads the public
 * one and has no action to change it, so this goes through the rest-api's client.
 */
export function useCaptchaPolicy() {
  const actions = useAuthActions();
  const preview = usePreviewMode();
  const [state, setState] = useState<{
    policy: CaptchaPolicy | null;
    loading: boolean;
    error: string | null;
  }>({ policy: preview ? PREVIEW_CAPTCHA : null, loading: !preview, error: null });
  const load = useCallback(() => {
    if (preview) return;
    setState((current) => ({ ...current, loading: true, error: null }));
    sdkFetch.get(CAPTCHA_POLICY).then(
      (policy: unknown) => setState({ policy: captchaOf(policy), loading: false, error: null }),
      (error: unknown) =>
        setState({ policy: null, loading: false, error: errorMessage(error) ?? 'Unknown error occurred' }),
    );
  }, [preview]);
  useEffect(load, [load]);
  const save = useCallback(
    async (next: CaptchaPolicy) => {
      const body = {
        enabled: next.enabled,
        siteKey: next.siteKey.trim() || null,
        secretKey: next.secretKey.trim() || null,
        minScore: next.minScore,
        ignoredEmails: next.ignoredEmails,
      };
      let saved: unknown = next;
      await change(preview, renewWith(actions), async () => {
        saved = await sdkFetch.put(CAPTCHA_POLICY, body);
      });
      setState({ policy: captchaOf(saved), loading: false, error: null });
      // Not the store's loadSecurityPolicyCaptcha: it marks the lockout policy loading and never clears
      // it, which left General settings on its loading placeholder after a save.
      if (!preview) await rescore(actions);
    },
    [actions, preview],
  );
  return { ...state, load, save };
}

/** The administrator's own address as the server sees it (SPEC section 7: ip, country_code). */
export interface CurrentIp {
  ip: string;
  countryCode: string | null;
}

/** A documentation address (RFC 5737) for preview mode, which asks no server. */
const PREVIEW_IP: CurrentIp = { ip: '203.0.113.7', countryCode: null };

/** GET /metadata/ipme, once: null until it answers, and if it fails (the tab then goes without it). */
export function useCurrentIp(): CurrentIp | null {
  const preview = usePreviewMode();
  const [current, setCurrent] = useState<CurrentIp | null>(preview ? PREVIEW_IP : null);
  useEffect(() => {
    if (preview) return;
    let active = true;
    api.metadata.getCurrentUserIpMetadata().then(
      (answer: unknown) => {
        const ip = isObject(answer) ? text(answer.ip) : '';
        const country = isObject(answer) ? text(answer.country_code) : '';
        if (active && ip) setCurrent({ ip, countryCode: country || null });
      },
      (error: unknown) => console.error('The current IP address could not be loaded', error),
    );
    return () => {
      active = false;
    };
  }, [preview]);
  return current;
}

const ipEntry = (entry: Loose): IpRestriction => ({
  id: text(entry.id),
  ip: text(entry.ip),
  strategy: restrictionType(entry.strategy),
  isActive: entry.isActive !== false,
  description: text(entry.description),
});

/** SPEC section 9: an IP list shows its first 4 entries (as the store's own first page), then 10 more at a time. */
const IP_FIRST_ROWS = 4;
const IP_MORE_ROWS = 10;

type IpListPage = { entries: IpRestriction[]; totalItems: number };

/**
 * The rows an IP list shows after `more` "Show more": the first 4, else the first `more` pages of 10
 * (the API's `_offset` is a page number, so the pages of 10 start again from the top).
 */
async function fetchIpList(strategy: RestrictionType, more: number): Promise<IpListPage> {
  const pages = await Promise.all(
    more === 0
      ? [api.auth.getIPRestrictions({ _filter: strategy, _limit: IP_FIRST_ROWS, _offset: 0 })]
      : Array.from({ length: more }, (_, page) =>
          api.auth.getIPRestrictions({ _filter: strategy, _limit: IP_MORE_ROWS, _offset: page }),
        ),
  );
  const answers: unknown[] = pages;
  return {
    entries: answers.flatMap((page) => list(isObject(page) ? page.items : []).map(ipEntry)),
    totalItems: Math.max(0, ...answers.map((page) => number(objectAt(page, '_metadata').totalItems, 0))),
  };
}

/**
 * IP restrictions. The store lists only the saved strategy's entries; the screen shows the list being
 * edited (`shown`), so outside preview that list is read from the API.
 */
export function useIpRestrictions(shown: RestrictionType) {
  const state = useAuth((auth) => auth.restrictionsState.ipRestrictions) as unknown as Loose;
  const actions = useAuthActions();
  const preview = usePreviewMode();
  const data = objectAt(state, 'data');
  const config = objectAt(data, 'config');
  const [live, setLive] = useState<IpListPage & { strategy: RestrictionType }>();
  // How many times "Show more" was pressed on the list shown; another list starts at its first rows.
  const [paging, setPaging] = useState({ strategy: shown, more: 0 });
  if (paging.strategy !== shown) setPaging({ strategy: shown, more: 0 });
  const more = paging.strategy === shown ? paging.more : 0;
  const stored = useMemo<IpRestriction[]>(() => list(data.restrictions).map(ipEntry), [data.restrictions]);
  const fetchShown = useCallback(async () => {
    if (preview) return;
    setLive({ strategy: shown, ...(await fetchIpList(shown, more)) });
  }, [preview, shown, more]);
  useEffect(() => {
    void fetchShown().catch(() => undefined);
  }, [fetchShown]);
  const restrictions = preview || live?.strategy !== shown ? stored : live.entries;
  const hasMore = !preview && live?.strategy === shown && live.entries.length < live.totalItems;
  const load = useCallback(() => void actions.loadIpRestrictions(), [actions]);
  const reload = useCallback(async () => {
    if (!preview) await Promise.all([actions.loadIpRestrictions(), fetchShown(), rescore(actions)]);
  }, [actions, fetchShown, preview]);
  const isActive = flag(config.isActive);
  const strategy = restrictionType(config.strategy);
  const configView = useMemo(() => ({ isActive, strategy }), [isActive, strategy]);
  return {
    config: configView,
    restrictions,
    /** More entries than shown: "Show more" loads the next 10. */
    hasMore,
    showMore: () => setPaging({ strategy: shown, more: more + 1 }),
    loading: state.loading === true,
    saving: state.saving === true,
    error: errorMessage(state.error),
    load,
    /** "Test my IP": would the current address get in under the restrictions as they stand? */
    testCurrentIp: async (): Promise<boolean> => {
      if (preview) return true;
      const answer: unknown = await api.auth.testCurrentIp();
      return isObject(answer) && answer.valid === true;
    },
    add: async (entry: Omit<IpRestriction, 'id'>) => {
      await change(preview, renewWith(actions), () =>
        api.auth.createIPRestriction(entry as Parameters<typeof api.auth.createIPRestriction>[0]),
      );
      await reload();
    },
    remove: async (id: string) => {
      await change(preview, renewWith(actions), () => api.auth.deleteIPRestriction(id));
      await reload();
    },
    saveConfig: async (next: { isActive: boolean; strategy: RestrictionType }) => {
      await change(preview, renewWith(actions), () =>
        api.auth.updateIPRestrictionConfig(next as Parameters<typeof api.auth.updateIPRestrictionConfig>[0]),
      );
      await reload();
    },
  };
}

const domainEntry = (entry: Loose): DomainRestriction => ({
  id: text(entry.id),
  domain: text(entry.domain),
  type: restrictionType(entry.type),
});

/**
 * Email-domain restrictions. The store keeps only the saved list type's domains; outside preview the
 * screen reads every domain from the API, so a domain added to the list being edited shows at once.
 */
export function useDomainRestrictions() {
  const state = useAuth((auth) => auth.restrictionsState.emailDomainRestrictions) as unknown as Loose;
  const actions = useAuthActions();
  const preview = usePreviewMode();
  const data = objectAt(state, 'data');
  const config = objectAt(data, 'config');
  const [live, setLive] = useState<DomainRestriction[]>();
  const stored = useMemo<DomainRestriction[]>(
    () => list(data.restrictions).map(domainEntry),
    [data.restrictions],
  );
  const fetchAll = useCallback(async () => {
    if (preview) return;
    const answer: unknown = await api.auth.getDomainRestrictions();
    setLive(list(isObject(answer) ? answer.items : []).map(domainEntry));
  }, [preview]);
  useEffect(() => {
    void fetchAll().catch(() => undefined);
  }, [fetchAll]);
  const restrictions = preview || !live ? stored : live;
  const load = useCallback(() => void actions.loadEmailDomainRestrictions(), [actions]);
  const reload = useCallback(async () => {
    if (!preview) await Promise.all([actions.loadEmailDomainRestrictions(), fetchAll(), rescore(actions)]);
  }, [actions, fetchAll, preview]);
  const active = flag(config.active);
  const listType = restrictionType(config.listType);
  const blockPublicDomains = flag(config.blockPublicDomains);
  const configView = useMemo(
    () => ({ active, listType, blockPublicDomains }),
    [active, listType, blockPublicDomains],
  );
  return {
    config: configView,
    restrictions,
    loading: state.loading === true,
    saving: state.saving === true,
    error: errorMessage(state.error),
    load,
    add: async (entry: Omit<DomainRestriction, 'id'>) => {
      await change(preview, renewWith(actions), () =>
        api.auth.createDomainRestriction(entry as Parameters<typeof api.auth.createDomainRestriction>[0]),
      );
      await reload();
    },
    remove: async (id: string) => {
      await change(preview, renewWith(actions), () => api.auth.deleteDomainRestriction(id));
      await reload();
    },
    saveConfig: async (next: { active: boolean; listType: RestrictionType; blockPublicDomains: boolean }) => {
      await change(preview, renewWith(actions), () =>
        api.auth.updateDomainRestrictionConfig({
          active: next.active,
          blockPublicDomains: next.blockPublicDomains,
          type: next.listType,
        } as Parameters<typeof api.auth.updateDomainRestrictionConfig>[0]),
      );
      await reload();
    },
  };
}

export function useSecurityCenter() {
  const state = useAuth((auth) => auth.securityCenterState) as unknown as Loose;
  const actions = useAuthActions();
  const preview = usePreviewMode();
  const recommendations = useMemo<Recommendation[]>(
    () =>
      list(state.recommendations).map((item) => ({
        code: text(item.code),
        severity: isOneOf(severities, item.severity) ? item.severity : 'INFO',
        category: text(item.category),
      })),
    [state.recommendations],
  );
  const insights = useMemo(
    () => list(state.insights).map((item) => ({ code: text(item.code), category: text(item.category) })),
    [state.insights],
  );
  // The user tables keep their own loaders and errors under the same maps: only the score's count here.
  const loaders = objectAt(state, 'loaders');
  const errors = objectAt(state, 'errors');
  const load = useCallback(() => {
    void actions.loadRecommendations();
    void actions.loadInsights();
  }, [actions]);
  return {
    score: number(state.score, 0),
    recommendations,
    insights,
    loading: loaders.recommendations === true || loaders.insights === true,
    error: errorMessage(errors.recommendations || errors.insights),
    load,
    resetBreachedPasswords: async () => {
      await change(preview, renewWith(actions), () => api.users.sendResetBreachedPasswordEmails());
      if (!preview) {
        load();
        void actions.loadBreachedPasswordUsers({});
      }
    },
  };
}

/** The security center's user tables (SPEC section 3), each read with its users-list preset. */
export type SecurityCenterTableKind = 'breachedPasswords' | 'unenrolledMfa' | 'inactive';

export interface SecurityCenterUser {
  id: string;
  name: string;
  email: string;
  createdAt: string;
  lastLogin: string | null;
}

const tableKeys = {
  breachedPasswords: { state: 'breachedPasswordUsersTable', load: 'loadBreachedPasswordUsers' },
  unenrolledMfa: { state: 'unenrolledMfaUsersTable', load: 'loadUnenrolledMfaUsers' },
  inactive: { state: 'inactiveUsersTable', load: 'loadInactiveUsers' },
} as const;

const tableUser = (entry: Loose): SecurityCenterUser => ({
  id: text(entry.id),
  name: text(entry.name),
  email: text(entry.email),
  createdAt: text(entry.createdAt),
  lastLogin: typeof entry.lastLogin === 'string' ? entry.lastLogin : null,
});

/**
 * One table: the store loads a page (its `_offset` is a page number, 0-based) with the table's preset
 * and keeps users, usersPageOffset and totalUsersPages; its mocks fill the tables in preview.
 */
export function useSecurityCenterTable(kind: SecurityCenterTableKind) {
  const keys = tableKeys[kind];
  const table = useAuth((auth) => auth.securityCenterState[keys.state]) as unknown as Loose;
  const loaders = useAuth((auth) => auth.securityCenterState.loaders) as unknown as Loose;
  const errors = useAuth((auth) => auth.securityCenterState.errors) as unknown as Loose;
  const actions = useAuthActions();
  const users = useMemo(() => list(table.users).map(tableUser), [table.users]);
  const loadPage = useCallback(
    (pageOffset: number) => void actions[keys.load]({ _offset: pageOffset }),
    [actions, keys.load],
  );
  return {
    users,
    /** 0-based, as the store keeps it. */
    pageOffset: number(table.usersPageOffset, 0),
    totalPages: number(table.totalUsersPages, 0),
    totalItems: number(table.totalUsersItems, 0),
    loading: loaders[keys.state] === true,
    error: errorMessage(errors[keys.state]),
    loadPage,
  };
}
