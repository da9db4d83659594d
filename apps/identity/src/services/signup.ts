import { randomUUID } from 'node:crypto';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { findVendorRolesByKeys, assignUserRoles } from '../db/queries/roles.js';
import { insertMembership, insertTenant } from '../db/queries/tenants.js';
import { findUserByEmail, insertUser, normalizeEmail, type UserRow } from '../db/queries/users.js';
import { isUniqueViolation } from '../db/rows.js';
import { appError, errorCatalogue } from '../errors.js';
import { addDays, isoDate, type Clock } from '../lib/time.js';
import { adminRoleKeys, productRoleKeys } from './access-catalogue.js';
import type { ActivationService } from './activation.js';
import { auditEvents, recordAudit, type RequestMeta } from './audit.js';
import { isPersonalEmail } from './email-domains.js';
import { forgotPasswordUrl, loginUrl } from './links.js';
import type { Mailer } from './mail.js';
import { accountExistsMail } from './mail-templates.js';
import type { VendorSettings } from './vendor-settings.js';

export interface SignUpInput {
  email: string;
  companyName: string;
  name?: string | undefined;
  phoneNumber?: string | undefined;
  username?: string | undefined;
  url?: string | undefined;
  invitationToken?: string | undefined;
  /** Free-form user metadata (the web app sends firstName, lastName and source). */
  metadata?: Record<string, unknown> | undefined;
}

/** SPEC section 3 sign-up response. Activation always goes by mail, so no activationToken. */
export interface SignUpResult {
  shouldActivate: true;
  userId: string;
  tenantId: string;
}

export interface SignUpService {
  signUp(input: SignUpInput, meta: RequestMeta): Promise<SignUpResult>;
}

const displayName = (input: SignUpInput): string => {
  if (input.name?.trim()) return input.name.trim();
  const { firstName, lastName } = input.metadata ?? {};
  return [firstName, lastName].filter((part) => typeof part === 'string' && part.trim()).join(' ');
};

/**
 * Sign-up creates an account (tenant) and its first user, who administers it. A work email
 * starts a trial of TRIAL_DAYS; a personal email gets no product role (under review).
 * An existing email gets an "you already have an account" mail and the same answer (no enumeration).
 */
export function createSignUpService(deps: {
  db: Db;
  config: Config;
  clock: Clock;
  mailer: Mailer;
  activation: ActivationService;
  vendorSettings: VendorSettings;
}): SignUpService {
  const { db, config, clock } = deps;

  const answerExisting = async (existing: UserRow, meta: RequestMeta): Promise<SignUpResult> => {
    await deps.mailer.send(accountExistsMail(existing, loginUrl(config), forgotPasswordUrl(config)));
    await recordAudit(
      db,
      auditEvents.signUpWithExistingEmail,
      meta,
      { userId: existing.id, email: existing.email, tenantId: existing.activeTenantId },
      clock.now(),
    );
    // Random ids: the answer must not tell whether the email was known.
    return { shouldActivate: true, userId: randomUUID(), tenantId: randomUUID() };
  };

  const createAccount = (input: SignUpInput, now: Date) =>
    db.transaction(async (tx) => {
      const isPersonal = isPersonalEmail(input.email);
      const source =
        typeof input.metadata?.source === 'string' && input.metadata.source
          ? input.metadata.source
          : undefined;
      const tenantMetadata = isPersonal
        ? { source }
        : { expiration: isoDate(addDays(now, config.trialDays)), source };
      const tenant = await insertTenant(tx, {
        name: input.companyName.trim(),
        metadata: JSON.stringify(tenantMetadata),
        createdAt: now,
        updatedAt: now,
      });
      const user = await insertUser(tx, {
        email: input.email,
        name: displayName(input),
        phoneNumber: input.phoneNumber ?? null,
        metadata: JSON.stringify({ ...input.metadata, ...(input.url ? { url: input.url } : {}) }),
        vendorMetadata: JSON.stringify({ signupType: isPersonal ? 'personal' : 'work', activated: false }),
        activeTenantId: tenant.id,
        createdAt: now,
        updatedAt: now,
      });
      await insertMembership(tx, user.id, tenant.id);
      const roleKeys = isPersonal ? [adminRoleKeys.admin] : [adminRoleKeys.admin, productRoleKeys.trial];
      const roleRows = await findVendorRolesByKeys(tx, roleKeys);
      await assignUserRoles(
        tx,
        user.id,
        tenant.id,
        roleRows.map((role) => role.id),
      );
      return { user, tenant, isPersonal };
    });

  return {
    async signUp(input, meta) {
      const vendor = await deps.vendorSettings.get();
      if (!vendor.allowSignups) throw appError(errorCatalogue.users.signUpDisabled);
      // Invitations arrive with a later issue: until then no invitation token can be valid.
      if (input.invitationToken) throw appError(errorCatalogue.users.invitationInvalid);

      const existing = await findUserByEmail(db, input.email);
      if (existing) return answerExisting(existing, meta);
      const now = clock.now();
      let created: Awaited<ReturnType<typeof createAccount>>;
      try {
        created = await createAccount(input, now);
      } catch (error) {
        const raced = isUniqueViolation(error) ? await findUserByEmail(db, input.email) : undefined;
        if (raced) return answerExisting(raced, meta);
        throw error;
      }
      const { user, tenant, isPersonal } = created;
      await deps.activation.sendActivationMail(user);
      await recordAudit(
        db,
        auditEvents.signedUp,
        meta,
        {
          userId: user.id,
          email: normalizeEmail(user.email),
          tenantId: tenant.id,
          json: { signupType: isPersonal ? 'personal' : 'work' },
        },
        now,
      );
      return { shouldActivate: true, userId: user.id, tenantId: tenant.id };
    },
  };
}
