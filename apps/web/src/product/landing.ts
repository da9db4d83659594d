import { hasAnyAccess, isTrialUser } from './access';
import { isTrialExpired } from './expiration';
import { parseVendorMetadata } from './metadata';
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
  /** Origins besides the main application's that a source may point at (e.g. this app's own origin). */
  allowedOrigins?: readonly string[];
}

/**
 * A source is only followed when it stays on this app (a path starting with a single '/') or points at
 * an allowed origin: the main application's, or one listed. Anything else would be an open redirect
 * that sends a freshly signed-in user to an address an attacker put in a link.
 */
export function isAllowedDestination(
  target: string,
  mainAppUrl: string,
  allowedOrigins: readonly string[] = [],
): boolean {
  if (/^\/(?![/\\])/.test(target)) return true;
  const origin = originOf(target);
  if (origin === null || !/^https?:$/.test(new URL(target).protocol)) return false;
  return origin === originOf(mainAppUrl) || allowedOrigins.some((allowed) => originOf(allowed) === origin);
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** How a member of an existing account joined it: invited by its administrators, not a sign-up of their own. */
const INVITED_SIGNUP_TYPES: readonly string[] = ['invitation', 'invite-link'];

/**
 * Whether the user joined an existing account by invitation. Review is for personal-email sign-ups
 * (SPEC section 6); an invitee's account has already been accepted, whatever roles they were given.
 */
export function isInvitedMember(user: ProductUser): boolean {
  const { signupType } = parseVendorMetadata(user);
  return signupType !== undefined && INVITED_SIGNUP_TYPES.includes(signupType);
}

/**
 * Where an authenticated user belongs (SPEC section 4, in that order): an expired trial,
 * a running trial, the user's destination when they have access (or joined by invitation), else review.
 */
export function decideLanding({
  user,
  tenant,
  now,
  sourceParam,
  storedSource,
  mainAppUrl,
  allowedOrigins = [],
}: LandingInput): string {
  if (isTrialUser(user)) {
    return isTrialExpired(user, tenant, now) ? productPaths.trialEnded : productPaths.trialStarted;
  }
  if (hasAnyAccess(user) || isInvitedMember(user)) {
    // An empty `?source=` means no source, and so does one pointing somewhere we do not send users.
    const sources = [sourceParam, storedSource].filter((source): source is string => Boolean(source));
    return sources.find((source) => isAllowedDestination(source, mainAppUrl, allowedOrigins)) ?? mainAppUrl;
  }
  return productPaths.underReview;
}
