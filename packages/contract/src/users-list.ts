// The admin portal's users list (SPEC section 3 "User sort keys" and "Filter presets", section 9
// "Inactive threshold"): what the server's list query accepts and the web app's table asks for.

import { isOneOf } from './enums.js';

export const userSortKeys = [
  'createdAt',
  'name',
  'email',
  'id',
  'verified',
  'isLocked',
  'provider',
  'tenantId',
] as const;
export type UserSortKey = (typeof userSortKeys)[number];

export const userFilterPresets = ['mfa-unenrolled', 'breached-passwords', 'inactive'] as const;
export type UserFilterPreset = (typeof userFilterPresets)[number];

/** The list's order as the users v2/v3 query spells it (`_order`). */
export const sortOrders = ['ASC', 'DESC'] as const;
export type SortOrder = (typeof sortOrders)[number];

/** SPEC section 9: "inactive" means no sign-in for 7776000 s (90 days). */
export const INACTIVE_SECONDS = 7_776_000;

/** A table column id or a query value narrowed to a sort key the server accepts. */
export const isUserSortKey = (value: unknown): value is UserSortKey => isOneOf(userSortKeys, value);

/** A select's value narrowed to a filter preset ('all', or anything else, is none). */
export const isUserFilterPreset = (value: unknown): value is UserFilterPreset =>
  isOneOf(userFilterPresets, value);
