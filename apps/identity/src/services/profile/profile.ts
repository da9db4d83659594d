import type { Config } from '../../config.js';
import { afterCommit, atomically, atomicMethods, refuse, type Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/rows.js';
import { deleteMfaDevicesAddedSince } from '../../db/queries/mfa.js';
import { deletePasskeysAddedSince } from '../../db/queries/passkeys.js';
import { findProfileImage, replaceProfileImage } from '../../db/queries/profile/images.js';
import {
  consumeProfileVerification,
  findOpenEmailRevert,
  insertEmailRevert,
  insertProfileVerification,
  retireProfileVerificationsOfUser,
  takeProfileVerificationGuess,
} from '../../db/queries/profile/verifications.js';
import { revokeFamiliesOfUser } from '../../db/queries/refresh-tokens.js';
import { findUserByEmail, findUserById, updateUser } from '../../db/queries/users.js';
import { appError, errorCatalogue } from '../../errors.js';
import { generateToken, hashToken } from '../../lib/secrets.js';
import { addSeconds, type Clock } from '../../lib/time.js';
import { auditChange } from '../audit-changes.js';
import { auditEvents, recordAdminAudit, recordAudit, type RequestMeta } from '../audit.js';
import type { AdminActor } from '../admin-access.js';
import { loginUrl, revertEmailUrl } from '../links.js';
import type { Mailer } from '../mail.js';
import { emailChangeAddressInUseMail, emailChangeCodeMail, emailChangedMail } from '../mail-templates.js';
import { issueOneTimeToken } from '../one-time-tokens.js';
import { RESET_TOKEN_TTL_MINUTES } from '../../auth/methods/password/reset-token.js';
import { revocationKeys, type RevocationList } from '../revocations.js';
import { generateMfaCode, hashMfaCode } from '../../auth/second-factor/codes.js';
import { isDataUrl, parseImageDataUrl, type ProfileImage } from './image.js';

/** An emailed or texted profile code lives 10 minutes and survives 5 wrong guesses. */
export const PROFILE_CODE_TTL_SECONDS = 10 * 60;
export const PROFILE_CODE_MAX_ATTEMPTS = 5;
/** Issue 10: how long the link mailed to the old address can undo an email change. */
export const EMAIL_REVERT_TTL_DAYS = 7;

/** PUT /users/v2/me: what a user may change of their own profile (the SDK sends the whole profile; the rest is ignored). */
export interface ProfileUpdate {
  name?: string;
  /** A JSON object as a string (address, jobTitle and the app's own keys). */
  metadata?: string;
  profilePictureUrl?: string | null;
  phoneNumber?: string | null;
}

export interface ProfileService {
  /** Applies the changes and answers nothing; the caller reads the profile back. */
  update(actor: AdminActor, changes: ProfileUpdate, imageUrl: (imageId: string) => string): Promise<void>;
  /** Stores a new picture and answers its address. */
  uploadImage(actor: AdminActor, image: ProfileImage, imageUrl: (imageId: string) => string): Promise<string>;
  image(imageId: string): Promise<{ contentType: string; bytes: Buffer }>;
  /**
   * Mails a code to the new address (SPEC section 7 "email update"). An address that already has an
   * account gets a note instead of a code, and the answer is the same (issue 10: no enumeration).
   */
  requestEmailChange(actor: AdminActor, email: string): Promise<void>;
  /**
   * The mailed code proves the new address, which becomes the account's (SPEC section 7 "verify
   * (email, code)"); the old address gets a link that undoes the change.
   */
  verifyEmailChange(actor: AdminActor, input: { email: string; code: string }): Promise<void>;
  /**
   * Issue 10: the link mailed to the old address gives it back, signs the account out everywhere,
   * removes its password and the factors added since the change, and answers a password-reset token.
   */
  revertEmailChange(token: string, meta: RequestMeta): Promise<{ userId: string; resetToken: string }>;
}

/**
 * The signed-in user's own profile (the admin portal's Profile section): name, metadata fields,
 * picture and email address. Every change is audited in the user's active tenant.
 */
export function createProfileService(deps: {
  db: Db;
  config: Config;
  clock: Clock;
  mailer: Mailer;
  revocations: RevocationList;
}): ProfileService {
  const { db, config, clock, mailer } = deps;

  // Issue 14: the picture, the user's new address of it and the audit row are one transaction (also for
  // PUT /me/image/v1, which uploads without a profile update around it).
  const storeImage = (actor: AdminActor, image: ProfileImage, imageUrl: (imageId: string) => string) =>
    atomically(db, async () => {
      const now = clock.now();
      const row = await replaceProfileImage(db, {
        userId: actor.userId,
        contentType: image.contentType,
        data: image.bytes.toString('base64'),
        now,
      });
      const url = imageUrl(row.id);
      await updateUser(db, actor.userId, { profilePictureUrl: url, updatedAt: now });
      await recordAdminAudit(
        db,
        actor,
        auditEvents.profilePictureUpdated,
        { json: { imageId: row.id } },
        now,
      );
      return url;
    });

  const pictureUrlOf = async (
    actor: AdminActor,
    value: string | null,
    imageUrl: (imageId: string) => string,
  ): Promise<string | null> => {
    if (value === null || value.trim() === '') return null;
    if (isDataUrl(value)) return storeImage(actor, parseImageDataUrl(value), imageUrl);
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw appError(errorCatalogue.profile.invalidPictureUrl);
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      throw appError(errorCatalogue.profile.invalidPictureUrl);
    return url.href;
  };

  // Issue 10: each change, its audit row and its mail are one transaction: the profile update, the
  // email change's code, the change itself (address, revert link, audit, notice) and its revert (the
  // address, the password and the factors removed, the ended sessions, the reset token).
  return atomicMethods(db, ['update', 'requestEmailChange', 'verifyEmailChange', 'revertEmailChange'], {
    async update(actor, changes, imageUrl) {
      const user = await findUserById(db, actor.userId);
      if (!user) throw appError(errorCatalogue.auth.invalidAccessToken);
      // The number that signs in by SMS changes only with a texted code (phone numbers, or the phone change flow).
      if (changes.phoneNumber !== undefined && (changes.phoneNumber || null) !== user.phoneNumber) {
        throw appError(errorCatalogue.profile.phoneNumberNeedsCode);
      }
      const next: { name?: string; metadata?: string; profilePictureUrl?: string | null } = {};
      if (changes.name !== undefined && changes.name !== user.name) next.name = changes.name;
      if (changes.metadata !== undefined && changes.metadata !== user.metadata)
        next.metadata = changes.metadata;
      if (changes.profilePictureUrl !== undefined && changes.profilePictureUrl !== user.profilePictureUrl) {
        const url = await pictureUrlOf(actor, changes.profilePictureUrl, imageUrl);
        if (url !== user.profilePictureUrl) next.profilePictureUrl = url;
      }
      const changed = Object.keys(next);
      if (changed.length === 0) return;
      const now = clock.now();
      await updateUser(db, actor.userId, { ...next, updatedAt: now });
      const before = Object.fromEntries(changed.map((key) => [key, user[key as keyof typeof next]]));
      await recordAdminAudit(
        db,
        actor,
        auditEvents.profileUpdated,
        { json: { changed, ...auditChange(before, next) } },
        now,
      );
    },

    uploadImage: storeImage,

    async image(imageId) {
      const row = await findProfileImage(db, imageId);
      if (!row) throw appError(errorCatalogue.profile.imageNotFound);
      return { contentType: row.contentType, bytes: Buffer.from(row.data, 'base64') };
    },

    async requestEmailChange(actor, email) {
      const user = await findUserById(db, actor.userId);
      if (!user) throw appError(errorCatalogue.auth.invalidAccessToken);
      if (user.email === email) throw appError(errorCatalogue.profile.sameEmail);
      const now = clock.now();
      // Issue 10: "already in use" would tell a signed-in stranger who has an account. The address's
      // owner learns of the attempt instead; the code asked for is never sent, so none can verify.
      if (await findUserByEmail(db, email)) {
        await recordAdminAudit(db, actor, auditEvents.emailChangeRequested, { json: { email } }, now);
        await mailer.send(emailChangeAddressInUseMail(email, loginUrl(config)));
        return;
      }
      const code = generateMfaCode();
      await insertProfileVerification(db, {
        userId: actor.userId,
        kind: 'email',
        target: email,
        codeHash: hashMfaCode(`${actor.userId}:${email}`, code),
        now,
        expiresAt: addSeconds(now, PROFILE_CODE_TTL_SECONDS),
      });
      await recordAdminAudit(db, actor, auditEvents.emailChangeRequested, { json: { email } }, now);
      // Mailed last (issue 10): a failed write before it sends nothing.
      await mailer.send(emailChangeCodeMail({ email, name: user.name }, code, PROFILE_CODE_TTL_SECONDS / 60));
    },

    async verifyEmailChange(actor, { email, code }) {
      const now = clock.now();
      const row = await takeProfileVerificationGuess(db, {
        userId: actor.userId,
        kind: 'email',
        target: email,
        now,
        maxAttempts: PROFILE_CODE_MAX_ATTEMPTS,
      });
      const proven =
        row !== undefined &&
        row.codeHash === hashMfaCode(`${actor.userId}:${email}`, code) &&
        (await consumeProfileVerification(db, row.id, now));
      if (!proven) {
        // The wrong guess stays counted: the refusal commits, its audit row is written after (issue 10).
        return refuse(
          async () => {
            await recordAdminAudit(db, actor, auditEvents.emailChangeCodeRejected, { json: { email } }, now);
            throw appError(errorCatalogue.profile.invalidCode);
          },
          { keepWrites: true },
        );
      }
      const user = await findUserById(db, actor.userId);
      if (!user) throw appError(errorCatalogue.auth.invalidAccessToken);
      try {
        await updateUser(db, actor.userId, { email, verified: true, updatedAt: now });
      } catch (error) {
        // Someone signed up with the address since the code was sent: the same neutral answer.
        if (isUniqueViolation(error)) throw appError(errorCatalogue.profile.invalidCode);
        throw error;
      }
      const revertToken = generateToken();
      await insertEmailRevert(db, {
        userId: user.id,
        oldEmail: user.email,
        tokenHash: hashToken(revertToken),
        now,
        expiresAt: addSeconds(now, EMAIL_REVERT_TTL_DAYS * 24 * 60 * 60),
      });
      await recordAdminAudit(
        db,
        actor,
        auditEvents.emailChanged,
        { json: { from: user.email, to: email } },
        now,
      );
      await mailer.send(
        emailChangedMail(user, email, revertEmailUrl(config, revertToken), EMAIL_REVERT_TTL_DAYS),
      );
    },

    async revertEmailChange(token, meta) {
      const now = clock.now();
      const revert = await findOpenEmailRevert(db, { tokenHash: hashToken(token), now });
      const user = revert && (await findUserById(db, revert.userId));
      if (!revert || !user) throw appError(errorCatalogue.profile.emailRevertInvalid);
      const holder = await findUserByEmail(db, revert.target);
      if (holder && holder.id !== user.id) throw appError(errorCatalogue.profile.emailRevertAddressTaken);
      if (!(await consumeProfileVerification(db, revert.id, now)))
        throw appError(errorCatalogue.profile.emailRevertInvalid);
      // Whoever changed the address may also have set the password (a reset mailed to the new
      // address) and added factors: the password goes, and so do the factors added since.
      await updateUser(db, user.id, {
        email: revert.target,
        verified: true,
        passwordHash: null,
        updatedAt: now,
      });
      await retireProfileVerificationsOfUser(db, user.id, now);
      const [mfaDevices, passkeys] = [
        await deleteMfaDevicesAddedSince(db, user.id, revert.createdAt),
        await deletePasskeysAddedSince(db, user.id, revert.createdAt),
      ];
      await revokeFamiliesOfUser(db, user.id, 'email change reverted', now);
      // Their access tokens too, not only the refreshes: whoever holds one is out once the revert has
      // committed (a revert that fails reverts nothing and signs nobody out).
      await afterCommit(async () => deps.revocations.revoke(revocationKeys.user(user.id), now.getTime()));
      const resetToken = await issueOneTimeToken(db, {
        userId: user.id,
        purpose: 'password-reset',
        now,
        expiresAt: addSeconds(now, RESET_TOKEN_TTL_MINUTES * 60),
      });
      await recordAudit(
        db,
        auditEvents.emailChangeReverted,
        meta,
        {
          userId: user.id,
          email: revert.target,
          tenantId: user.activeTenantId,
          json: {
            from: user.email,
            to: revert.target,
            removedFactors: mfaDevices,
            removedPasskeys: passkeys,
          },
        },
        now,
      );
      return { userId: user.id, resetToken };
    },
  });
}
