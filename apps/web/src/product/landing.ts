import { hasAnyAccess, isTrialUser } from './access';
import { isTrialExpired } from './expiration';
import type { ProductTenant, ProductUser } from './types';

/** The product's own routes (SPEC section 2). */
export const productPaths = {
  trialStarted: '/trial-started',
  trialEnded: '/trial-ended',
  underReview: '/under-review',
  olo: '/olo',
} as const;

/** The pages under the trial/review layout, where the saved query string is reconciled. */
export const trialPagePaths: readonly string[] = [
  productPaths.trialStarted,
  productPaths.trialEnded,
  productPaths.underReview,
];

export interface LandingInput {
  user: ProductUser;
  tenant: ProductTenant | null;
  now: Date;
  /** The `source` query parameter of the current address. */
  sourceParam: string | null;
  /** The source saved in session storage before sign-in. */
  storedSource: string | null;
  mainAppUrl: string;
}

/**
 * Where an authenticated user belongs (SPEC section 4, in that order): an expired trial,
 * a running trial, the user's destination when they have access, else review.
 */
export function decideLanding({
  user,
  tenant,
  now,
  sourceParam,
  storedSource,
  mainAppUrl,
}: LandingInput): string {
  if (isTrialUser(user)) {
    return isTrialExpired(user, tenant, now) ? productPaths.trialEnded : productPaths.trialStarted;
  }
  // `||` on purpose: an empty `?source=` means no source.
  if (hasAnyAccess(user)) return sourceParam || storedSource || mainAppUrl;
  return productPaths.underReview;
}
