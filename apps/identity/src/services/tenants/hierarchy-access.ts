import type { Db } from '../../db/client.js';
import { findAncestorMemberships, type SubAccountAccessType } from '../../db/queries/hierarchy.js';

/**
 * Whether a member of an account reaches its sub-accounts (SPEC section 6, issue 15), as the
 * account's hierarchy settings say: alwaysOn lets every member in, defaultOn everyone not denied,
 * defaultOff only those granted (allowAccess true).
 */
export function reachesSubAccounts(accessType: SubAccountAccessType, allowAccess: boolean | null): boolean {
  if (accessType === 'alwaysOn') return true;
  if (accessType === 'defaultOn') return allowAccess !== false;
  return allowAccess === true;
}

/**
 * The nearest account above `tenantId` whose membership lets the user into the accounts below it
 * (enabled, and reaching them by that account's access type), or undefined: the account whose roles a
 * token for the sub-account carries (POST /users/v3/me/token).
 */
export async function grantingAncestor(
  db: Db,
  userId: string,
  tenantId: string,
): Promise<string | undefined> {
  const memberships = await findAncestorMemberships(db, userId, tenantId);
  return memberships.find(
    (membership) =>
      !membership.isDisabled && reachesSubAccounts(membership.accessType, membership.allowSubAccountAccess),
  )?.tenantId;
}
