import { z } from 'zod';
import { afterCommit, atomicMethods, type Db } from '../../db/client.js';
import { updateVendorConfig } from '../../db/queries/vendor-config.js';
import type { ActivationMethod, SignUpStrategyName, SignUpStrategySetting } from '../../db/schema/index.js';
import { appError, errorCatalogue } from '../../errors.js';
import type { Clock } from '../../lib/time.js';
import { assertVendorAdmin } from '../admin-access.js';
import { auditChange } from '../audit-changes.js';
import { recordAudit, type AuditEvent, type RequestMeta } from '../audit.js';
import type { AccessTokenClaims } from '../tokens.js';
import type { VendorSettings } from '../vendor-settings.js';

export const signUpStrategyNames = [
  'email',
  'phoneNumber',
  'username',
] as const satisfies SignUpStrategyName[];

const strategySetting = z.object({
  strategy: z.enum(signUpStrategyNames),
  isActive: z.boolean(),
  isRequired: z.boolean(),
});

/**
 * The write body: the same list GET answers. Email stays active and required: the product's
 * trial-or-review decision, activation and every recovery mail hang on the work email.
 */
export const signUpStrategiesChange = z
  .array(strategySetting)
  .min(1, 'Send at least one strategy')
  .max(signUpStrategyNames.length)
  .refine(
    (list) => new Set(list.map((item) => item.strategy)).size === list.length,
    'Each strategy may appear once',
  )
  .refine(
    (list) => list.every((item) => item.isActive || !item.isRequired),
    'A required strategy must be active',
  )
  .refine(
    (list) => list.every((item) => item.strategy !== 'email' || (item.isActive && item.isRequired)),
    'email must stay active and required: the work email decides trial or review',
  )
  .refine(
    (list) => list.filter((item) => item.strategy !== 'email' && item.isRequired).length <= 1,
    'Only one of phoneNumber and username can be required',
  );

export const activationMethods = ['link', 'code'] as const satisfies ActivationMethod[];
export const activationSettingChange = z.object({
  activationMethod: z.enum(activationMethods, { error: "activationMethod must be 'link' or 'code'" }),
});

export const signUpStrategiesAuditEvents = {
  strategies: { action: 'Sign-up strategies changed', severity: 'High' },
  activation: { action: 'Account activation method changed', severity: 'High' },
} satisfies Record<string, AuditEvent>;

/** Every identifier in a fixed order; identifiers missing from the stored list are off. */
const complete = (stored: SignUpStrategySetting[]): SignUpStrategySetting[] =>
  signUpStrategyNames.map(
    (strategy) =>
      stored.find((item) => item.strategy === strategy) ?? { strategy, isActive: false, isRequired: false },
  );

export interface SignUpStrategies {
  list(): Promise<SignUpStrategySetting[]>;
  /** Whether sign-up by this identifier is on. */
  isActive(strategy: SignUpStrategyName): Promise<boolean>;
  update(
    claims: AccessTokenClaims,
    change: z.infer<typeof signUpStrategiesChange>,
    meta: RequestMeta,
  ): Promise<SignUpStrategySetting[]>;
  activationMethod(): Promise<ActivationMethod>;
  updateActivationMethod(
    claims: AccessTokenClaims,
    change: z.infer<typeof activationSettingChange>,
    meta: RequestMeta,
  ): Promise<{ activationMethod: ActivationMethod }>;
}

export function createSignUpStrategies(deps: {
  db: Db;
  clock: Clock;
  vendorSettings: VendorSettings;
}): SignUpStrategies {
  const { db, clock, vendorSettings } = deps;
  const list = async () => complete((await vendorSettings.get()).signUpStrategies);

  const write = async (
    claims: AccessTokenClaims,
    event: AuditEvent,
    changes: Parameters<typeof updateVendorConfig>[1],
    meta: RequestMeta,
  ) => {
    const now = clock.now();
    const settings = {
      signUpStrategies: await list(),
      activationMethod: (await vendorSettings.get()).activationMethod,
    };
    const before = Object.fromEntries(
      Object.keys(changes).map((key) => [key, settings[key as keyof typeof settings]]),
    );
    await updateVendorConfig(db, { ...changes, updatedAt: now });
    // Not read back through the cache inside the transaction (a rollback would leave this process
    // serving what was never committed); dropped again once committed.
    vendorSettings.invalidate();
    await afterCommit(async () => vendorSettings.invalidate());
    await recordAudit(
      db,
      event,
      meta,
      {
        userId: claims.sub,
        email: claims.email,
        tenantId: claims.tenantId,
        json: { ...changes, ...auditChange(before, changes) },
      },
      now,
    );
  };

  // Issue 10: each change and its audit row are one transaction (db/client.ts).
  return atomicMethods(db, ['update', 'updateActivationMethod'], {
    list,
    async isActive(strategy) {
      return (await list()).some((item) => item.strategy === strategy && item.isActive);
    },
    async update(claims, change, meta) {
      assertVendorAdmin(claims);
      // Identifiers left out of the change keep their setting.
      const current = await list();
      const next = current.map((item) => change.find((sent) => sent.strategy === item.strategy) ?? item);
      const checked = signUpStrategiesChange.safeParse(next);
      if (!checked.success) {
        throw appError(errorCatalogue.signUp.invalidStrategies, checked.error.issues[0]?.message);
      }
      await write(claims, signUpStrategiesAuditEvents.strategies, { signUpStrategies: next }, meta);
      return next;
    },
    async activationMethod() {
      return (await vendorSettings.get()).activationMethod;
    },
    async updateActivationMethod(claims, change, meta) {
      assertVendorAdmin(claims);
      await write(
        claims,
        signUpStrategiesAuditEvents.activation,
        { activationMethod: change.activationMethod },
        meta,
      );
      return { activationMethod: change.activationMethod };
    },
  });
}
