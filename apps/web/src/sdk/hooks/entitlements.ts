import { userEntitlementsSchema, type UserEntitlements } from '@brizo/contract/entities/entitlements';
import {
  ENTITLEMENTS_NOT_ENABLED,
  isEntitledToFeature,
  isEntitledToPermission,
  notEntitledMessages,
  type Entitlement,
  type EvaluationAttributes,
} from '@brizo/contract/entitlements';
import { useAuth, useAuthActions } from '@frontegg/react-hooks';
import { useCallback, useEffect, useMemo, useState } from 'react';

// Issue 15: the signed-in user's entitlements (user-entitlements v2), kept by the SDK's store on its
// user (its loadEntitlements action, GET /entitlements/api/v2/user-entitlements), evaluated with the
// contract's evaluator, the one the server enforces with. Imported directly, not through ../index.ts:
// the evaluator must stay out of the login page's entry chunk.

export type EntitlementsView =
  { status: 'loading' } | { status: 'error' } | { status: 'ready'; entitlements: UserEntitlements };

/** The session whose entitlements were asked for: one request per user and account, however many ask. */
let requestedFor: string | null = null;

/** The claims of an access token (its payload), or none when it does not read as a JWT. */
export function jwtClaims(accessToken: string | undefined): Record<string, unknown> {
  const payload = accessToken?.split('.')[1];
  if (!payload) return {};
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims: unknown = JSON.parse(json);
    return typeof claims === 'object' && claims !== null ? (claims as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function useSignedInUser() {
  return useAuth((auth) =>
    auth.isAuthenticated && auth.user
      ? {
          key: `${auth.user.id}/${auth.user.tenantId}`,
          accessToken: auth.user.accessToken,
          superUser: auth.user.superUser === true,
          entitlements: (auth.user as { entitlements?: unknown }).entitlements,
        }
      : null,
  );
}

/** The signed-in user's entitlements, loaded once per session (and again for another user or account). */
export function useEntitlements(): EntitlementsView {
  const user = useSignedInUser();
  const { loadEntitlements } = useAuthActions();
  const [failedFor, setFailedFor] = useState<string | null>(null);
  const key = user?.key ?? null;
  const loaded = user?.entitlements !== undefined;

  useEffect(() => {
    if (key === null || loaded || requestedFor === key) return;
    requestedFor = key;
    void loadEntitlements({
      callback: (succeeded) => {
        if (succeeded) return;
        // A failed load may be asked for again, by the next screen that needs it.
        requestedFor = null;
        setFailedFor(key);
      },
    });
  }, [key, loaded, loadEntitlements]);

  return useMemo<EntitlementsView>(() => {
    if (user?.entitlements === undefined) return { status: failedFor === key ? 'error' : 'loading' };
    // The store keeps whatever the server answered: read it as the contract says it is.
    const parsed = userEntitlementsSchema.safeParse(user.entitlements);
    return parsed.success ? { status: 'ready', entitlements: parsed.data } : { status: 'error' };
  }, [user?.entitlements, failedFor, key]);
}

export type EntitledTo = { featureKey: string } | { permissionKey: string };

/** A check's answer: entitled or why not, or SPEC section 8's error while the vendor has them off. */
export type EntitlementAnswer = Entitlement | { notEnabled: typeof ENTITLEMENTS_NOT_ENABLED };

/**
 * Whether the signed-in user is entitled to a feature or a permission, over their access token's claims
 * (and the caller's custom attributes); null until the entitlements are known. With the vendor's
 * entitlements off, the SDK's own answer: they must be enabled first.
 */
export function useIsEntitled(
  to: EntitledTo,
  custom?: EvaluationAttributes['custom'],
): EntitlementAnswer | null {
  const view = useEntitlements();
  const accessToken = useSignedInUser()?.accessToken;
  const key = 'featureKey' in to ? to.featureKey : to.permissionKey;
  const byFeature = 'featureKey' in to;
  return useMemo(() => {
    if (view.status !== 'ready') return null;
    if (view.entitlements.enabled === false) return { notEnabled: ENTITLEMENTS_NOT_ENABLED };
    const attributes: EvaluationAttributes = { jwt: jwtClaims(accessToken), custom };
    return byFeature
      ? isEntitledToFeature(view.entitlements, key, attributes)
      : isEntitledToPermission(view.entitlements, key, attributes);
  }, [view, accessToken, key, byFeature, custom]);
}

/**
 * Why the account's plan locks a permission's screens, or null: as the server enforces it (SPEC section
 * 6), only with the vendor's entitlements on, for a permission a feature links, never for a superuser. A
 * missing permission is the navigation's to hide, not a lock.
 */
export function usePermissionLock(): (permission: string | undefined) => string | null {
  const view = useEntitlements();
  const user = useSignedInUser();
  const accessToken = user?.accessToken;
  const exempt = user?.superUser === true;
  return useCallback(
    (permission) => {
      if (!permission || exempt || view.status !== 'ready' || view.entitlements.enabled !== true) return null;
      const answer = isEntitledToPermission(view.entitlements, permission, { jwt: jwtClaims(accessToken) });
      if (answer.isEntitled || answer.justification === 'MISSING_PERMISSION') return null;
      return notEntitledMessages[answer.justification];
    },
    [view, accessToken, exempt],
  );
}
