import { randomUUID } from 'node:crypto';
import { productRoleKeys, type SignupType } from '@brizo/contract';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { findVendorRolesByKeys, assignUserRoles } from '../db/queries/roles.js';
import { insertMembership, insertTenant } from '../db/queries/tenants.js';
import { findUserByPhoneNumber } from '../db/queries/passwordless-users.js';
import { findUserByUsername } from '../db/queries/usernames.js';
import { findUserByEmail, insertUser, normalizeEmail, type UserRow } from '../db/queries/users.js';
import { isUniqueViolation } from '../db/rows.js';
import { appError, errorCatalogue } from '../errors.js';
import { addDays, isoDate, type Clock } from '../lib/time.js';
import { adminRoleKeys } from './access-catalogue.js';
import type { ActivationService } from './activation.js';
import { auditEvents, recordAudit, type RequestMeta } from './audit.js';
import { isPersonalEmail } from './security/email-domains.js';
import { forgotPasswordUrl, loginUrl } from './links.js';
import type { BackgroundTasks } from './background.js';
import type { Mailer } from './mail.js';
import type { RecipientPause } from './recipient-pause.js';
import { accountExistsMail } from './mail-templates.js';
import { generateToken } from '../lib/secrets.js';
import type { SignUpStrategies } from './security/sign-up-strategies.js';
import type { UsernamesService } from './usernames.js';
import type { VendorSettings } from './vendor-settings.js';

const signupTypeOf = (isPersonal: boolean): SignupType => (isPersonal ? 'personal' : 'work');

export interface SignUpInput {
  email: string;
  /** The new account's name; none through an invite link (the route's schema checks which). */
  companyName?: string | undefined;
  name?: string | undefined;
  phoneNumber?: string | undefined;
  username?: string | undefined;
  url?: string | undefined;
  invitationToken?: string | undefined;
  /** Free-form user metadata (the web app sends firstName, lastName and source). */
  metadata?: Record<string, unknown> | undefined;
}

/**
 * SPEC section 3 sign-up response. Always to be activated: by the mailed link, by the mailed code
 * (then `activationToken` leads the SDK to /account/activate/code), or, after a phone sign-up, by
 * the texted sign-in code the SDK asks for next.
 */
export interface SignUpResult {
  shouldActivate: true;
  userId: string;
  tenantId: string;
  activationToken?: string;
  /**
   * SPEC section 3: the user's vendorMetadata, carrying only the signupType, so the sign-up screen can
   * tell a personal email that it goes to review (SPEC section 6). It follows from the address's
   * domain alone: a known email gets the same answer as a new one. Not on invite-link sign-ups (the
   * account exists: nothing to review).
   */
  user?: { vendorMetadata: string };
}

/** Which sign-up endpoint was called: /signUp, /signUp/phoneNumber or /signUp/username. */
export type SignUpIdentifier = 'email' | 'phoneNumber' | 'username';

/** Issue 13: the outside provider (a social provider's name) that proved the new account's email. */
export interface FederatedSignUp {
  provider: string;
}

export interface SignUpService {
  signUp(input: SignUpInput, meta: RequestMeta, by?: SignUpIdentifier): Promise<SignUpResult>;
  /**
   * Issue 13: sign-up of a person an outside provider vouched for (social login), under /signUp's rules
   * (allowSignups; an invitation joins its tenant; a work email opens a trial account, a personal one
   * goes to review), at once and activated: the provider proved the address, so no mail is sent. The
   * caller checked that no account has the email, in the transaction this runs in.
   */
  signUpFederated(
    input: SignUpInput,
    federated: FederatedSignUp,
    meta: RequestMeta,
  ): Promise<{ userId: string; tenantId: string }>;
}

const displayName = (input: SignUpInput): string => {
  if (input.name?.trim()) return input.name.trim();
  const { firstName, lastName } = input.metadata ?? {};
  return [firstName, lastName].filter((part) => typeof part === 'string' && part.trim()).join(' ');
};

/**
 * Sign-up creates an account (tenant) and its first user, who administers it. A work email
 * starts a trial of TRIAL_DAYS; a personal email gets no product role (under review); the same
 * for sign-ups by phone number or username, which also carry the work email.
 * An existing email (or, by phone, an existing number) gets an "you already have an account" mail
 * and the same answer (no enumeration). A username taken by anybody is a 409, as on any service
 * where the username is a public handle.
 */
export function createSignUpService(deps: {
  db: Db;
  config: Config;
  clock: Clock;
  mailer: Mailer;
  activation: ActivationService;
  vendorSettings: VendorSettings;
  usernames: Pick<UsernamesService, 'assign'>;
  signUpStrategies: Pick<SignUpStrategies, 'list'>;
  /** Issue 4 (Users section): a sign-up with an invite link's token joins that link's tenant. */
  inviteLinks: {
    signUp(input: SignUpInput, meta: RequestMeta, federated?: FederatedSignUp): Promise<SignUpResult>;
  };
  background: BackgroundTasks;
  recipientPause: RecipientPause;
}): SignUpService {
  const { db, config, clock } = deps;

  /**
   * The identifiers this sign-up stores, after the vendor's sign-up strategies: the endpoint's own
   * identifier must be on and present; a required one may not be missing; an inactive one is dropped.
   */
  const checkIdentifiers = async (input: SignUpInput, by: SignUpIdentifier) => {
    const strategies = await deps.signUpStrategies.list();
    const setting = (name: SignUpIdentifier) => strategies.find((item) => item.strategy === name);
    if (by === 'phoneNumber' && !setting('phoneNumber')?.isActive)
      throw appError(errorCatalogue.signUp.phoneNumberNotActive);
    if (by === 'username' && !setting('username')?.isActive)
      throw appError(errorCatalogue.signUp.usernameNotActive);
    if (!input.phoneNumber && (by === 'phoneNumber' || setting('phoneNumber')?.isRequired))
      throw appError(errorCatalogue.signUp.phoneNumberRequired);
    if (!input.username && (by === 'username' || setting('username')?.isRequired))
      throw appError(errorCatalogue.signUp.usernameRequired);
    return {
      phoneNumber: setting('phoneNumber')?.isActive || by === 'email' ? input.phoneNumber : undefined,
      username: setting('username')?.isActive ? input.username : undefined,
    };
  };

  const answerExisting = async (existing: UserRow, meta: RequestMeta) => {
    if (await deps.recipientPause.take(existing.email, 'account-exists')) {
      await deps.mailer.send(accountExistsMail(existing, loginUrl(config), forgotPasswordUrl(config)));
    }
    await recordAudit(
      db,
      auditEvents.signUpWithExistingEmail,
      meta,
      { userId: existing.id, email: existing.email, tenantId: existing.activeTenantId },
      clock.now(),
    );
  };

  const createAccount = (
    input: SignUpInput,
    ids: { userId: string; tenantId: string },
    by: SignUpIdentifier,
    now: Date,
    federated?: FederatedSignUp,
  ) =>
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
        id: ids.tenantId,
        name: input.companyName?.trim() || input.email,
        metadata: JSON.stringify(tenantMetadata),
        createdAt: now,
        updatedAt: now,
      });
      const user = await insertUser(tx, {
        id: ids.userId,
        email: input.email,
        name: displayName(input),
        phoneNumber: input.phoneNumber ?? null,
        metadata: JSON.stringify({ ...input.metadata, ...(input.url ? { url: input.url } : {}) }),
        vendorMetadata: JSON.stringify({
          signupType: signupTypeOf(isPersonal),
          activated: Boolean(federated),
          // The texted code that finishes a phone sign-up proves the account (auth/passwordless).
          ...(by === 'phoneNumber' ? { signUpIdentifier: 'phoneNumber' } : {}),
        }),
        activeTenantId: tenant.id,
        ...(federated ? { verified: true, provider: federated.provider } : {}),
        createdAt: now,
        updatedAt: now,
      });
      if (input.username) await deps.usernames.assign(tx, user.id, input.username, now);
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

  const completeSignUp = async (
    input: SignUpInput,
    answer: SignUpResult,
    by: SignUpIdentifier,
    meta: RequestMeta,
  ) => {
    const existing =
      (await findUserByEmail(db, input.email)) ??
      (by === 'phoneNumber' && input.phoneNumber
        ? await findUserByPhoneNumber(db, input.phoneNumber)
        : undefined);
    if (existing) return answerExisting(existing, meta);
    const now = clock.now();
    try {
      // Issue 10: the account, its activation token and mail (the outbox is a table) and the audit row
      // are one transaction: a crash or a failed insert leaves no account that was never announced.
      await db.transaction(async () => {
        const { user, tenant, isPersonal } = await createAccount(input, answer, by, now);
        await recordAudit(
          db,
          auditEvents.signedUp,
          meta,
          {
            userId: user.id,
            email: normalizeEmail(user.email),
            tenantId: tenant.id,
            json: { signupType: signupTypeOf(isPersonal), identifier: by },
          },
          now,
        );
        if (by !== 'phoneNumber' && (await deps.recipientPause.take(user.email, 'activation'))) {
          await deps.activation.sendActivationMail(user, answer.activationToken);
        }
      });
    } catch (error) {
      const raced = isUniqueViolation(error) ? await findUserByEmail(db, input.email) : undefined;
      if (raced) return answerExisting(raced, meta);
      throw error;
    }
  };

  return {
    async signUp(request, meta, by = 'email') {
      const vendor = await deps.vendorSettings.get();
      if (!vendor.allowSignups) throw appError(errorCatalogue.users.signUpDisabled);
      // An invite link's token (issue 4) joins the inviting tenant instead of opening a new one.
      if (request.invitationToken) return deps.inviteLinks.signUp(request, meta);
      const input = { ...request, ...(await checkIdentifiers(request, by)) };
      // The phone sign-up's answer never carries a token: its user proves the phone by SMS instead.
      const withActivationToken = by !== 'phoneNumber' && vendor.activationMethod === 'code';

      // A username is a public handle (usernames availability): taken is said at once, to anyone.
      if (input.username && (await findUserByUsername(db, input.username))) {
        throw appError(errorCatalogue.usernames.taken);
      }
      // Issue 10: the answer goes before the lookup and the account's creation, so a known email
      // answers as fast as a new one. The ids and token are drawn now: a new account gets them, a
      // known email's answer carries them unused, and the two answers look alike.
      const answer: SignUpResult = {
        shouldActivate: true,
        userId: randomUUID(),
        tenantId: randomUUID(),
        ...(withActivationToken ? { activationToken: generateToken() } : {}),
        user: {
          vendorMetadata: JSON.stringify({ signupType: signupTypeOf(isPersonalEmail(input.email)) }),
        },
      };
      // Keyed by the new user's id: the phone sign-up's quick SMS sign-in (by userId) waits for it.
      deps.background.run('sign-up', () => completeSignUp(input, answer, by, meta), answer.userId);
      return answer;
    },

    async signUpFederated(input, federated, meta) {
      const vendor = await deps.vendorSettings.get();
      if (!vendor.allowSignups) throw appError(errorCatalogue.users.signUpDisabled);
      if (input.invitationToken) {
        const joined = await deps.inviteLinks.signUp(input, meta, federated);
        return { userId: joined.userId, tenantId: joined.tenantId };
      }
      const now = clock.now();
      return db.transaction(async () => {
        const ids = { userId: randomUUID(), tenantId: randomUUID() };
        const { user, tenant, isPersonal } = await createAccount(input, ids, 'email', now, federated);
        await recordAudit(
          db,
          auditEvents.signedUp,
          meta,
          {
            userId: user.id,
            email: normalizeEmail(user.email),
            tenantId: tenant.id,
            json: { signupType: signupTypeOf(isPersonal), identifier: federated.provider },
          },
          now,
        );
        return { userId: user.id, tenantId: tenant.id };
      });
    },
  };
}
