import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { consumeOneTimeToken } from '../db/queries/one-time-tokens.js';
import {
  findUserByEmail,
  findUserById,
  findUserClaimsById,
  updateUser,
  type UserRow,
} from '../db/queries/users.js';
import { appError, errorCatalogue } from '../errors.js';
import { addDays, type Clock } from '../lib/time.js';
import { auditEvents, recordAudit, type RequestMeta } from './audit.js';
import { activationUrl } from './links.js';
import type { Mailer } from './mail.js';
import { activationMail } from './mail-templates.js';
import { checkPasswordPolicy, type PasswordHasher } from './passwords.js';
import type { MfaRequiredResponse, MfaService } from './mfa/index.js';
import type { LoginResponse, SessionService } from './sessions.js';
import { mergeJsonObject } from './json-metadata.js';
import { findUsableToken, issueOneTimeToken } from './one-time-tokens.js';
import type { VendorSettings } from './vendor-settings.js';

export const ACTIVATION_TOKEN_TTL_DAYS = 7;

export interface ActivationService {
  /** Issues a fresh activation link (older ones stop working) and mails it. */
  sendActivationMail(user: Pick<UserRow, 'id' | 'email' | 'name'>): Promise<void>;
  strategy(query: { userId: string; token: string }): Promise<{ shouldSetPassword: boolean }>;
  activate(
    input: { userId: string; token: string; password?: string | undefined },
    meta: RequestMeta,
  ): Promise<LoginResponse | MfaRequiredResponse>;
  /** Same answer whether or not the email exists or is already active. */
  resend(email: string, meta: RequestMeta): Promise<void>;
}

export function createActivationService(deps: {
  db: Db;
  config: Config;
  clock: Clock;
  mailer: Mailer;
  passwords: PasswordHasher;
  sessions: SessionService;
  vendorSettings: VendorSettings;
  /** When the tenant's MFA policy forces MFA, activation answers the MFA challenge (SPEC: go to login). */
  mfa: MfaService;
}): ActivationService {
  const { db, config, clock } = deps;

  const findValidToken = async (userId: string, token: string) => {
    const row = await findUsableToken(db, { userId, purpose: 'activation', token, now: clock.now() });
    const user = row ? await findUserById(db, userId) : undefined;
    return row && user ? { row, user } : undefined;
  };

  const service: ActivationService = {
    async sendActivationMail(user) {
      const now = clock.now();
      const token = await issueOneTimeToken(db, {
        userId: user.id,
        purpose: 'activation',
        now,
        expiresAt: addDays(now, ACTIVATION_TOKEN_TTL_DAYS),
      });
      await deps.mailer.send(
        activationMail(user, activationUrl(config, user.id, token), ACTIVATION_TOKEN_TTL_DAYS),
      );
    },

    async strategy({ userId, token }) {
      const valid = await findValidToken(userId, token);
      if (!valid) throw appError(errorCatalogue.users.activationInvalid);
      return { shouldSetPassword: valid.user.passwordHash === null };
    },

    async activate({ userId, token, password }, meta) {
      const valid = await findValidToken(userId, token);
      if (!valid) {
        await recordAudit(
          db,
          auditEvents.activationFailed,
          meta,
          { userId, description: 'invalid, used or expired activation token' },
          clock.now(),
        );
        throw appError(errorCatalogue.users.activationInvalid);
      }
      const { row, user } = valid;
      let passwordHash = user.passwordHash;
      if (passwordHash === null) {
        if (!password) throw appError(errorCatalogue.users.passwordRequired);
        const broken = checkPasswordPolicy((await deps.vendorSettings.get()).passwordPolicy, password);
        if (broken) throw appError(errorCatalogue.users.passwordPolicy, broken);
        passwordHash = await deps.passwords.hash(password);
      }
      const now = clock.now();
      if (!(await consumeOneTimeToken(db, row.id, now)))
        throw appError(errorCatalogue.users.activationInvalid);
      await updateUser(db, user.id, {
        passwordHash,
        verified: true,
        vendorMetadata: mergeJsonObject(user.vendorMetadata, { activated: true }),
        updatedAt: now,
      });
      const claims = await findUserClaimsById(db, user.id, user.activeTenantId);
      if (!claims) throw appError(errorCatalogue.users.activationInvalid);
      return deps.mfa.startOrChallenge(claims, meta, auditEvents.activated, undefined);
    },

    async resend(email, meta) {
      const user = await findUserByEmail(db, email);
      if (!user || user.verified) return;
      await service.sendActivationMail(user);
      await recordAudit(
        db,
        auditEvents.activationResent,
        meta,
        { userId: user.id, email: user.email, tenantId: user.activeTenantId },
        clock.now(),
      );
    },
  };
  return service;
}
