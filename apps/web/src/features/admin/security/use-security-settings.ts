import { enforceMfaTypes, isOneOf, type EnforceMfaType } from '@brizo/contract/enums';
import type { CaptchaPolicySettings } from '@brizo/contract/entities/security-policies';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { errorMessage } from '../../../sdk/admin/api-error';
import {
  useCaptchaPolicyApi,
  useSecurityPoliciesStore,
  useSessionsPolicyStore,
} from '../../../sdk/admin/security';
import { flag, number, objectAt, text } from './store-values';

// The Session management and General settings tabs' values: the store's policies read with the
// section's defaults (what a policy not loaded yet shows), and their saves.

export interface SessionPolicy {
  idle: { isActive: boolean; timeout: number };
  absolute: { isActive: boolean; timeout: number };
  concurrent: { isActive: boolean; maxSessions: number };
}

export function useSessionPolicy() {
  const { state, load, save: saveConfigurations } = useSessionsPolicyStore();
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
  const save = useCallback(
    (next: SessionPolicy) =>
      saveConfigurations({
        sessionIdleTimeoutConfiguration: next.idle,
        sessionTimeoutConfiguration: next.absolute,
        sessionConcurrentConfiguration: next.concurrent,
      }),
    [saveConfigurations],
  );
  return { policy, loading: state.loading === true, error: errorMessage(state.error), load, save };
}

export interface GeneralSettings {
  enforceMFAType: EnforceMfaType;
  lockout: { enabled: boolean; maxAttempts: number };
  history: { enabled: boolean; historySize: number };
  rotation: { isActive: boolean; rotationPeriod: number };
  captcha: { enabled: boolean; siteKey: string };
}

export function useGeneralSettings() {
  const { state, load, save } = useSecurityPoliciesStore();
  const policy = (key: string) => objectAt(objectAt(state, key), 'policy');
  const mfa = policy('mfaPolicy');
  const lockout = policy('lockoutPolicy');
  const history = policy('passwordHistoryPolicy');
  const rotation = objectAt(policy('passwordRotationPolicy'), 'passwordRotationTenantConfig');
  const captcha = policy('captchaPolicy');
  const settings: GeneralSettings = {
    enforceMFAType: isOneOf(enforceMfaTypes, mfa.enforceMFAType) ? mfa.enforceMFAType : 'DontForce',
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

const captchaOf = (policy: CaptchaPolicySettings): CaptchaPolicy => ({
  enabled: policy.enabled,
  siteKey: policy.siteKey ?? '',
  secretKey: policy.secretKey ?? '',
  minScore: policy.minScore,
  ignoredEmails: policy.ignoredEmails,
});

const PREVIEW_CAPTCHA: CaptchaPolicy = {
  enabled: false,
  siteKey: '',
  secretKey: '',
  minScore: 0.5,
  ignoredEmails: [],
};

/** The captcha policy's administrator view, read when the card opens; a preview shows it off. */
export function useCaptchaPolicy() {
  const { preview, read, write, rescore } = useCaptchaPolicyApi();
  const [state, setState] = useState<{
    policy: CaptchaPolicy | null;
    loading: boolean;
    error: string | null;
  }>({ policy: preview ? PREVIEW_CAPTCHA : null, loading: !preview, error: null });
  const load = useCallback(() => {
    if (preview) return;
    setState((current) => ({ ...current, loading: true, error: null }));
    read().then(
      (policy) => setState({ policy: captchaOf(policy), loading: false, error: null }),
      (error: unknown) =>
        setState({ policy: null, loading: false, error: errorMessage(error) ?? 'Unknown error occurred' }),
    );
  }, [preview, read]);
  useEffect(load, [load]);
  const save = useCallback(
    async (next: CaptchaPolicy) => {
      // A key left empty is cleared (null), not saved as an empty string.
      const saved = await write({
        enabled: next.enabled,
        siteKey: next.siteKey.trim() || null,
        secretKey: next.secretKey.trim() || null,
        minScore: next.minScore,
        ignoredEmails: next.ignoredEmails,
      });
      setState({ policy: saved ? captchaOf(saved) : next, loading: false, error: null });
      await rescore();
    },
    [write, rescore],
  );
  return { ...state, load, save };
}
