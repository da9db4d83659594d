// Passkeys (SPEC section 1 "Sign-in by ... passkeys"): a signed-in user registers one, then signs in
// with it alone. Only while the vendor has Passkeys as an active secondary auth strategy.
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import { atomicMethods, refusing, type Db } from '../../../db/client.js';
import {
  deletePasskeyOfUser,
  findPasskeyWithUser,
  insertPasskey,
  listPasskeysOfUser,
  recordPasskeyUse,
  type PasskeyRow,
} from '../../../db/queries/passkeys.js';
import { findUserById } from '../../../db/queries/users.js';
import { isUniqueViolation } from '../../../db/rows.js';
import { AppError, appError, errorCatalogue } from '../../../errors.js';
import type { Clock } from '../../../lib/time.js';
import { recordAudit, type AuditEvent, type RequestMeta } from '../../../services/audit.js';
import type { LoginResponse, SessionService } from '../../../services/sessions.js';
import type { AuthenticationClaims } from '../../../services/tokens.js';
import type { VendorSettings } from '../../../services/vendor-settings.js';
import type { AssertionInput, AttestationInput, WebAuthnCeremonies } from '../../webauthn/ceremonies.js';
import type { SsoEnforcement } from '../../../services/sso/enforcement.js';

export const passkeyAuditEvents = {
  passkeyLogin: { action: 'User logged in with a passkey', severity: 'Info' },
  passkeyLoginFailed: { action: 'User failed to log in with a passkey', severity: 'Medium' },
  passkeyAdded: { action: 'User added a passkey', severity: 'Info' },
  passkeyAddFailed: { action: 'User failed to add a passkey', severity: 'Medium' },
  passkeyDeleted: { action: 'User deleted a passkey', severity: 'Info' },
} satisfies Record<string, AuditEvent>;

/** The secondary auth strategy (SDK's SecondaryAuthStrategy.Passkeys) that switches passkeys on. */
export const PASSKEYS_STRATEGY = 'Passkeys';

/** A passkey as the SDK lists it (IWebAuthnDevice). */
export interface PasskeyDevice {
  id: string;
  deviceType: PasskeyRow['deviceType'];
  createdAt: string;
  lastUsedAt: string | null;
}

const toDevice = (row: PasskeyRow): PasskeyDevice => ({
  id: row.id,
  deviceType: row.deviceType,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/** The signed-in user acting, from the access token. */
export interface Caller {
  id: string;
  email: string;
  tenantId: string | null;
}

export interface PasskeyService {
  isActive(): Promise<boolean>;
  /** Sign-in options: no credential list, so the answer says nothing about who has a passkey. */
  loginOptions(): Promise<PublicKeyCredentialRequestOptionsJSON>;
  login(input: AssertionInput, meta: RequestMeta): Promise<LoginResponse>;
  registrationOptions(userId: string): Promise<PublicKeyCredentialCreationOptionsJSON>;
  register(userId: string, input: AttestationInput, meta: RequestMeta): Promise<PasskeyDevice>;
  list(userId: string): Promise<PasskeyDevice[]>;
  remove(caller: Caller, passkeyId: string, meta: RequestMeta): Promise<void>;
}

export function createPasskeyService(deps: {
  db: Db;
  clock: Clock;
  ceremonies: WebAuthnCeremonies;
  sessions: SessionService;
  vendorSettings: VendorSettings;
  /** Issue 13: a tenant enforcing SSO refuses its domains' passkeys. */
  ssoEnforcement?: SsoEnforcement | undefined;
}): PasskeyService {
  const { db, clock, ceremonies, sessions } = deps;

  const isActive = async () =>
    (await deps.vendorSettings.get()).secondaryAuthStrategies.some(
      ({ strategy, isActive: active }) => strategy === PASSKEYS_STRATEGY && active,
    );
  const requireActive = async () => {
    if (!(await isActive())) throw appError(errorCatalogue.webauthn.passkeysNotActive);
  };

  const audit = (
    event: AuditEvent,
    meta: RequestMeta,
    details: Parameters<typeof recordAudit>[3],
  ): Promise<void> => recordAudit(db, event, meta, details, clock.now());

  /**
   * Runs `attempt`; a failure is audited with its reason before it reaches the client. Inside the
   * flow's transaction (issue 10) the audit row is written after it, and a refused ceremony keeps
   * its challenge spent.
   */
  const auditingFailure = <T>(
    event: AuditEvent,
    meta: RequestMeta,
    who: { userId?: string; email?: string; tenantId?: string | null; credentialId?: string },
    attempt: () => Promise<T>,
  ): Promise<T> =>
    refusing(
      attempt,
      (error) =>
        audit(event, meta, {
          userId: who.userId,
          email: who.email,
          tenantId: who.tenantId,
          description: error instanceof Error ? error.message : 'failed',
          json: who.credentialId ? { credentialId: who.credentialId } : {},
        }),
      { keepWrites: (error) => error instanceof AppError },
    );

  // Issue 10: each change and its audit row are one transaction (db/client.ts): a passkey sign-in
  // (the spent challenge, the counter, the session), a registration (the challenge, the passkey).
  return atomicMethods(db, ['login', 'register', 'remove'], {
    isActive,

    async loginOptions() {
      await requireActive();
      return ceremonies.authenticationOptions({ ceremony: 'passkey-login', userId: null, allow: [] });
    },

    async login(input, meta) {
      await requireActive();
      const found = await findPasskeyWithUser(db, input.id, clock.now());
      const owner = found?.user;
      return auditingFailure(
        passkeyAuditEvents.passkeyLoginFailed,
        meta,
        { userId: owner?.id, email: owner?.email, tenantId: owner?.tenantId, credentialId: input.id },
        async () => {
          const challenge = await ceremonies.consumeChallenge('passkey-login', input.response.clientDataJSON);
          if (!found || !owner) throw appError(errorCatalogue.webauthn.authenticationFailed);
          // The authenticator names the account the passkey was made for: it must be the owner.
          const { userHandle } = input.response;
          if (userHandle && Buffer.from(userHandle, 'base64url').toString('utf8') !== owner.id)
            throw appError(errorCatalogue.webauthn.authenticationFailed);
          const { passkey } = found;
          const { counter } = await ceremonies.verifyAuthentication(input, challenge, passkey);
          // A concurrent use with a higher counter won: this assertion is a replay or a clone.
          if (!(await recordPasskeyUse(db, { id: passkey.id, counter, now: clock.now() })))
            throw appError(errorCatalogue.webauthn.authenticationFailed);
          if (owner.isLocked) throw appError(errorCatalogue.auth.userLocked);
          await deps.ssoEnforcement?.assertMayUseOtherMethods(owner, meta, 'passkey');
          if (!owner.verified && !(await deps.vendorSettings.get()).allowNotVerifiedUsersLogin)
            throw appError(errorCatalogue.auth.userNotVerified);
          // The authenticator verified the user (PIN or biometrics) on a device they hold: two factors.
          const authentication: AuthenticationClaims = {
            amr: ['hwk', 'user', 'mfa'],
            acr: 'http://schemas.openid.net/pape/policies/2007/06/multi-factor',
            auth_time: Math.floor(clock.now().getTime() / 1000),
          };
          return sessions.start(owner, meta, passkeyAuditEvents.passkeyLogin, authentication);
        },
      );
    },

    async registrationOptions(userId) {
      await requireActive();
      const user = await findUserById(db, userId);
      if (!user) throw appError(errorCatalogue.auth.invalidAccessToken);
      const existing = await listPasskeysOfUser(db, userId);
      return ceremonies.registrationOptions({
        ceremony: 'passkey-registration',
        user,
        exclude: existing,
        residentKey: 'required',
      });
    },

    async register(userId, input, meta) {
      await requireActive();
      const user = await findUserById(db, userId);
      if (!user) throw appError(errorCatalogue.auth.invalidAccessToken);
      const who = { userId, email: user.email, tenantId: user.activeTenantId, credentialId: input.id };
      const row = await auditingFailure(passkeyAuditEvents.passkeyAddFailed, meta, who, async () => {
        const challenge = await ceremonies.consumeChallenge(
          'passkey-registration',
          input.response.clientDataJSON,
        );
        // A challenge issued to another user cannot register a passkey on this account.
        if (challenge.userId !== userId) throw appError(errorCatalogue.webauthn.challengeInvalid);
        const credential = await ceremonies.verifyRegistration(
          input,
          challenge,
          errorCatalogue.webauthn.registrationFailed,
        );
        try {
          // A savepoint: the duplicate's error leaves the flow's transaction usable for its refusal.
          return await db.transaction(() =>
            insertPasskey(db, { userId, ...credential, createdAt: clock.now() }),
          );
        } catch (error) {
          if (isUniqueViolation(error)) throw appError(errorCatalogue.webauthn.alreadyRegistered);
          throw error;
        }
      });
      await audit(passkeyAuditEvents.passkeyAdded, meta, {
        ...who,
        json: { passkeyId: row.id, deviceType: row.deviceType },
      });
      return toDevice(row);
    },

    async list(userId) {
      return (await listPasskeysOfUser(db, userId)).map(toDevice);
    },

    async remove(caller, passkeyId, meta) {
      if (!(await deletePasskeyOfUser(db, caller.id, passkeyId)))
        throw appError(errorCatalogue.webauthn.passkeyNotFound);
      await audit(passkeyAuditEvents.passkeyDeleted, meta, {
        userId: caller.id,
        email: caller.email,
        tenantId: caller.tenantId,
        json: { passkeyId },
      });
    },
  });
}
