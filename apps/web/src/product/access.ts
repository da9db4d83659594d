import { productRoleKeys } from '@brizo/contract/product-access';
import type { ProductUser } from './types';

// Access classification, SPEC sections 4 and 6.
// Superusers "pass any permission or role check" (section 6): they count as regular users
// and as having access, which also makes them never trial users.

/** Roles granting regular (paid) access. */
export const REGULAR_ROLES: readonly string[] = [productRoleKeys.base, productRoleKeys.unrestricted];
/** Roles marking a trial user, whether the trial is running or over. */
export const TRIAL_ROLES: readonly string[] = [productRoleKeys.trial, productRoleKeys.expiredTrial];
/** One of these plus a geography permission gives access to the main application. */
export const ACCESS_PERMISSIONS: readonly string[] = ['bfm.base', 'bfm.trial'];
/** Prefix of the geography permissions (bfm.geo.us, ...). */
export const GEO_PERMISSION_PREFIX = 'bfm.geo';

function hasAnyRole(user: ProductUser, keys: readonly string[]): boolean {
  return user.roles?.some((role) => keys.includes(role.key)) ?? false;
}

/** Regular (paid) access: role bfm-base or bfm-unrestricted, or a superuser. */
export function isRegularUser(user: ProductUser): boolean {
  return user.superUser === true || hasAnyRole(user, REGULAR_ROLES);
}

/** Role bfm-trial or bfm-expired-trial, unless a superuser or regular role outranks it. */
export function isTrialUser(user: ProductUser): boolean {
  return !isRegularUser(user) && hasAnyRole(user, TRIAL_ROLES);
}

/** Permission bfm.base or bfm.trial together with at least one bfm.geo* permission, or a superuser. */
export function hasAnyAccess(user: ProductUser): boolean {
  if (user.superUser === true) return true;
  const keys = user.permissions?.map((permission) => permission.key) ?? [];
  return (
    keys.some((key) => ACCESS_PERMISSIONS.includes(key)) &&
    keys.some((key) => key.startsWith(GEO_PERMISSION_PREFIX))
  );
}
