import type { UserEntitlements } from '@brizo/contract/entities/entitlements';
import { renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jwtClaims, useEntitlements, useIsEntitled, usePermissionLock } from './entitlements';

const sdk = vi.hoisted(() => ({
  auth: { isAuthenticated: true, user: null as Record<string, unknown> | null },
  loadEntitlements: vi.fn(),
}));

vi.mock('@frontegg/react-hooks', () => ({
  useAuth: <T,>(mapper: (auth: typeof sdk.auth) => T) => mapper(sdk.auth),
  useAuthActions: () => ({ loadEntitlements: sdk.loadEntitlements }),
}));

const base64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const token = (claims: object) => `${base64url({ alg: 'none' })}.${base64url(claims)}.signature`;

// Feature 'sso' comes with plan 'enterprise', whose rule takes the users of acme.test (their token's
// email claim); 'reports' is entitled directly, forever; the users permission is linked to 'sso'.
const entitlements: UserEntitlements = {
  features: {
    sso: { planIds: ['enterprise'], expireTime: null, linkedPermissions: ['fe.secure.read.users'] },
    reports: { planIds: [], expireTime: -1, linkedPermissions: [] },
  },
  plans: {
    enterprise: {
      defaultTreatment: 'false',
      rules: [
        {
          conditionLogic: 'and',
          treatment: 'true',
          conditions: [
            { attribute: 'jwt.email', op: 'ends_with', value: { list: ['@acme.test'] }, negate: false },
          ],
        },
      ],
    },
  },
  permissions: { 'fe.secure.read.users': true },
};

/** Signs a user in; `loaded: false` before the store has their entitlements. */
const signIn = (email: string, loaded = true, extra: Record<string, unknown> = {}, enabled?: boolean) => {
  sdk.auth = {
    isAuthenticated: true,
    user: {
      id: email,
      tenantId: 't1',
      accessToken: token({ email }),
      ...(loaded ? { entitlements: { ...entitlements, enabled } } : {}),
      ...extra,
    },
  };
};

describe('entitlements (issue 15)', () => {
  beforeEach(() => {
    sdk.loadEntitlements.mockReset();
  });

  it('reads the claims of an access token', () => {
    expect(jwtClaims(token({ email: 'ann@acme.test', tenantId: 't1' }))).toEqual({
      email: 'ann@acme.test',
      tenantId: 't1',
    });
    expect(jwtClaims('not-a-token')).toEqual({});
  });

  it('asks the store for the entitlements once per session, and is loading until they come', () => {
    signIn('loading@acme.test', false);
    const first = renderHook(() => useEntitlements());
    renderHook(() => useEntitlements());
    expect(first.result.current).toEqual({ status: 'loading' });
    expect(sdk.loadEntitlements).toHaveBeenCalledTimes(1);
  });

  it('says so when the store could not load them', () => {
    signIn('failing@acme.test', false);
    sdk.loadEntitlements.mockImplementation((payload?: { callback?: (ok: boolean) => void }) => {
      payload?.callback?.(false);
    });
    const { result } = renderHook(() => useEntitlements());
    expect(result.current).toEqual({ status: 'error' });
  });

  it('entitles by plan rule over the jwt claims, directly, and through a linked permission', () => {
    signIn('ann@acme.test');
    expect(renderHook(() => useIsEntitled({ featureKey: 'sso' })).result.current).toEqual({
      isEntitled: true,
    });
    expect(renderHook(() => useIsEntitled({ featureKey: 'reports' })).result.current).toEqual({
      isEntitled: true,
    });
    expect(renderHook(() => useIsEntitled({ permissionKey: 'fe.secure.read.users' })).result.current).toEqual(
      { isEntitled: true },
    );
    expect(sdk.loadEntitlements).not.toHaveBeenCalled();
  });

  it('refuses a user the plan rule leaves out, and an unknown feature', () => {
    signIn('bob@other.test');
    expect(renderHook(() => useIsEntitled({ featureKey: 'sso' })).result.current).toEqual({
      isEntitled: false,
      justification: 'MISSING_FEATURE',
    });
    expect(
      renderHook(() => useIsEntitled({ permissionKey: 'fe.secure.read.users' })).result.current,
    ).toMatchObject({ isEntitled: false });
    expect(renderHook(() => useIsEntitled({ featureKey: 'nothing' })).result.current).toMatchObject({
      isEntitled: false,
    });
  });

  it('knows nothing while the entitlements load', () => {
    signIn('later@acme.test', false);
    expect(renderHook(() => useIsEntitled({ featureKey: 'reports' })).result.current).toBeNull();
  });

  it("answers SPEC section 8's error while the vendor has entitlements off", () => {
    signIn('off@acme.test', true, {}, false);
    expect(renderHook(() => useIsEntitled({ featureKey: 'reports' })).result.current).toEqual({
      notEnabled: 'You must first enable entitlements via Frontegg options to use this function',
    });
  });

  it('locks a permission whose linked feature is missing, only with entitlements on and not for a superuser', () => {
    signIn('bob@other.test', true, {}, true);
    const lock = renderHook(() => usePermissionLock()).result.current;
    expect(lock('fe.secure.read.users')).toBe("This account's plan does not include this feature");
    // Not linked to a feature: permissions alone decide; not held: the navigation hides it, no lock.
    expect(lock('fe.secure.read.audits')).toBeNull();
    expect(lock(undefined)).toBeNull();
    signIn('bob@other.test', true, {}, false);
    expect(renderHook(() => usePermissionLock()).result.current('fe.secure.read.users')).toBeNull();
    signIn('bob@other.test', true, { superUser: true }, true);
    expect(renderHook(() => usePermissionLock()).result.current('fe.secure.read.users')).toBeNull();
    signIn('ann@acme.test', true, {}, true);
    expect(renderHook(() => usePermissionLock()).result.current('fe.secure.read.users')).toBeNull();
  });
});
