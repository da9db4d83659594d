// Passkeys and WebAuthn (issue 3, slice "passkeys"; migration 0006_webauthn).
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { WebAuthnDeviceType } from '@brizo/contract';
import { createdAt } from './columns.js';
import { users } from './users.js';

/**
 * Passkeys: discoverable WebAuthn credentials a user signs in with (no email, no password).
 * Security keys used as a second factor are MFA devices (mfa_devices, type 'webauthn') instead.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id the authenticator chose, base64url. */
    credentialId: text('credential_id').notNull().unique(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** The authenticator's signature counter (uint32): a value that does not grow means a clone. */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    deviceType: text('device_type').$type<WebAuthnDeviceType>().notNull(),
    aaguid: text('aaguid'),
    backedUp: boolean('backed_up').notNull().default(false),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
);

export type WebAuthnCeremony =
  | 'passkey-registration'
  | 'passkey-login'
  | 'mfa-enrollment'
  | 'mfa-verification'
  /** A signed-in user confirms it is them (services/reauthentication.ts). */
  | 'reauthentication';

/**
 * WebAuthn challenges: single use and short-lived. The challenge travels in clientDataJSON, so a
 * response names its own challenge; the row says which ceremony (and user) it was issued for.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    challenge: text('challenge').primaryKey(),
    ceremony: text('ceremony').$type<WebAuthnCeremony>().notNull(),
    /** Null for a passkey sign-in, where the user is known only from the credential. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** MFA ceremonies: the device being verified. */
    deviceId: uuid('device_id'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('webauthn_challenges_expires_idx').on(t.expiresAt),
    // Issue 16: the housekeeping job finds spent challenges by when they ended (used or expired).
    index('webauthn_challenges_ended_idx').on(sql`least(${t.expiresAt}, ${t.usedAt})`),
  ],
);
