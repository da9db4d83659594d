import { z } from 'zod';
import { afterCommit, atomicMethods, type Db } from '../../db/client.js';
import { updateVendorConfig } from '../../db/queries/vendor-config.js';
import type { Clock } from '../../lib/time.js';
import { assertVendorAdmin } from '../admin-access.js';
import { auditChange } from '../audit-changes.js';
import { recordAudit, type AuditEvent, type RequestMeta } from '../audit.js';
import type { AccessTokenClaims } from '../tokens.js';
import type { VendorSettings } from '../vendor-settings.js';

/** The SDK's AuthStrategyEnum: how users sign in (SPEC section 4 "Login flow"). */
export const mainAuthStrategies = [
  'EmailAndPassword',
  'MagicLink',
  'Code',
  'SmsCode',
  'UsernameAndPassword',
  'UsernameAndMagicLink',
  'UsernameAndCode',
  'UsernameAndSms',
] as const;

/** The SDK's SecondaryAuthStrategy: methods offered beside the main one (passkeys, SMS...). */
export const secondaryAuthStrategies = [
  'WebAuthnPlatform',
  'WebAuthnCrossPlatform',
  'SmsCode',
  'SmsCodeV2',
  'Passkeys',
  'UsernameAndPassword',
  'UsernameAndMagicLink',
  'UsernameAndCode',
  'UsernameAndSms',
] as const;

export const authStrategiesChange = z
  .object({
    mainAuthStrategies: z
      .array(z.object({ strategy: z.enum(mainAuthStrategies) }))
      .length(1, 'Exactly one main authentication strategy is supported')
      .optional(),
    secondaryAuthStrategies: z
      .array(z.object({ strategy: z.enum(secondaryAuthStrategies), isActive: z.boolean() }))
      .max(secondaryAuthStrategies.length)
      .refine(
        (list) => new Set(list.map((item) => item.strategy)).size === list.length,
        'Each secondary strategy may appear once',
      )
      .optional(),
  })
  .refine(
    (change) => change.mainAuthStrategies !== undefined || change.secondaryAuthStrategies !== undefined,
    'Send mainAuthStrategies, secondaryAuthStrategies or both',
  );

export type AuthStrategiesChange = z.infer<typeof authStrategiesChange>;

export interface AuthStrategies {
  mainAuthStrategies: { strategy: string }[];
  secondaryAuthStrategies: { strategy: string; isActive: boolean }[];
}

export const strategiesChanged = {
  action: 'Authentication strategies changed',
  severity: 'High',
} satisfies AuditEvent;

export function createAuthStrategiesService(deps: { db: Db; clock: Clock; vendorSettings: VendorSettings }) {
  const { db, clock, vendorSettings } = deps;

  const current = async (): Promise<AuthStrategies> => {
    const vendor = await vendorSettings.get();
    return {
      mainAuthStrategies: [{ strategy: vendor.mainAuthStrategy }],
      secondaryAuthStrategies: vendor.secondaryAuthStrategies,
    };
  };

  // Issue 10: each change and its audit row are one transaction (db/client.ts).
  return atomicMethods(db, ['update'], {
    current,

    /** Applies the change, makes this process see it at once, audits it and returns the result. */
    async update(
      claims: AccessTokenClaims,
      change: AuthStrategiesChange,
      meta: RequestMeta,
    ): Promise<AuthStrategies> {
      assertVendorAdmin(claims);
      const now = clock.now();
      const before = await current();
      await updateVendorConfig(db, {
        ...(change.mainAuthStrategies && { mainAuthStrategy: change.mainAuthStrategies[0]?.strategy }),
        ...(change.secondaryAuthStrategies && { secondaryAuthStrategies: change.secondaryAuthStrategies }),
        updatedAt: now,
      });
      // Not read back through the cache inside the transaction: a rollback would leave this process
      // serving what was never committed. Dropped again once committed (a read meanwhile saw the old).
      vendorSettings.invalidate();
      await afterCommit(async () => vendorSettings.invalidate());
      const after: AuthStrategies = {
        mainAuthStrategies: change.mainAuthStrategies ?? before.mainAuthStrategies,
        secondaryAuthStrategies: change.secondaryAuthStrategies ?? before.secondaryAuthStrategies,
      };
      await recordAudit(
        db,
        strategiesChanged,
        meta,
        {
          userId: claims.sub,
          email: claims.email,
          tenantId: claims.tenantId,
          json: { ...change, ...auditChange(before, after) },
        },
        now,
      );
      return after;
    },
  });
}

export type AuthStrategiesService = ReturnType<typeof createAuthStrategiesService>;
