import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { mfaDevices } from '../schema/index.js';

// Security keys as MFA devices live in mfa_devices (type 'webauthn'), their credential in `data`
// (services/webauthn/mfa-webauthn.ts reads it). Only what the MFA queries do not cover is here.

/**
 * Records a use with the authenticator's new signature counter, which must grow (or stay 0 for
 * authenticators that do not count): false when a concurrent use got there first.
 */
export async function recordMfaWebAuthnUse(
  db: Db,
  use: { deviceId: string; userId: string; counter: number; lastUsedAt: Date },
): Promise<boolean> {
  const stored = sql`coalesce((${mfaDevices.data} ->> 'counter')::bigint, 0)`;
  const rows = await db
    .update(mfaDevices)
    .set({
      data: sql`${mfaDevices.data} || jsonb_build_object('counter', ${use.counter}::bigint, 'lastUsedAt', ${use.lastUsedAt.toISOString()}::text)`,
    })
    .where(
      and(
        eq(mfaDevices.id, use.deviceId),
        eq(mfaDevices.userId, use.userId),
        eq(mfaDevices.type, 'webauthn'),
        use.counter === 0 ? sql`${stored} = 0` : sql`${stored} < ${use.counter}`,
      ),
    )
    .returning({ id: mfaDevices.id });
  return rows.length === 1;
}
