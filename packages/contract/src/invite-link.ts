/** SPEC section 9: a tenant's invite link expires after 43200 minutes (30 days) unless told otherwise. */
export const INVITE_LINK_DEFAULT_MINUTES = 43_200;
