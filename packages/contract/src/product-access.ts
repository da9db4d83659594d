// The product's own roles and permissions (SPEC section 6): the server seeds and grants them, the web
// app decides trial, review or regular access from them.

/** The product's own roles: regular (paid) access and the free trial. */
export const productRoleKeys = {
  base: 'bfm-base',
  unrestricted: 'bfm-unrestricted',
  trial: 'bfm-trial',
  expiredTrial: 'bfm-expired-trial',
} as const;

/** The product access permissions; bfm.geo.* says which regions a user may see. */
export const productPermissions = [
  'bfm.base',
  'bfm.trial',
  'bfm.geo.us',
  'bfm.geo.ca',
  'bfm.geo.eu',
] as const;
export type ProductPermission = (typeof productPermissions)[number];
