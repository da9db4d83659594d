import { userEntitlementsSchema, type UserEntitlements } from '@brizo/contract/entities/entitlements';
import {
  isEntitledToFeature,
  isEntitledToPermission,
  type Entitlement,
  type EvaluationAttributes,
} from '@brizo/contract/entitlements';
import { useAuth, useAuthActions } from '@frontegg/react-hooks';
import { useEffect, useMemo, useState } from 'react';

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

/**
 * Whether the signed-in user is entitled to a feature or a permission, over their access token's claims
 * (and the caller's custom attributes); null until the entitlements are known.
 */
export function useIsEntitled(to: EntitledTo, custom?: EvaluationAttributes['custom']): Entitlement | null {
  const view = useEntitlements();
  const accessToken = useSignedInUser()?.accessToken;
  const key = 'featureKey' in to ? to.featureKey : to.permissionKey;
  const byFeature = 'featureKey' in to;
  return useMemo(() => {
    if (view.status !== 'ready') return null;
    const attributes: EvaluationAttributes = { jwt: jwtClaims(accessToken), custom };
    return byFeature
      ? isEntitledToFeature(view.entitlements, key, attributes)
      : isEntitledToPermission(view.entitlements, key, attributes);
  }, [view, accessToken, key, byFeature, custom]);
}
