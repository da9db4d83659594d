import type { Db } from '../db/client.js';
import { isUniqueViolation } from '../db/rows.js';
import { findProfileImage, replaceProfileImage } from '../db/queries/profile-images.js';
import {
  consumeProfileVerification,
  insertProfileVerification,
  takeProfileVerificationGuess,
} from '../db/queries/profile-verifications.js';
import { findUserByEmail, findUserById, updateUser } from '../db/queries/users.js';
import { appError, errorCatalogue } from '../errors.js';
import { addSeconds, type Clock } from '../lib/time.js';
import { auditEvents, recordAdminAudit } from './audit.js';
import type { AdminActor } from './admin-access.js';
import type { Mailer } from './mail.js';
import { greeting, message } from './mail-templates.js';
import { generateMfaCode, hashMfaCode } from './mfa/codes.js';
import { isDataUrl, parseImageDataUrl, type ProfileImage } from './profile-image.js';

/** An emailed or texted profile code lives 10 minutes and survives 5 wrong guesses. */
export const PROFILE_CODE_TTL_SECONDS = 10 * 60;
export const PROFILE_CODE_MAX_ATTEMPTS = 5;

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
  /** Mails a code to the new address (SPEC section 7 "email update"). */
  requestEmailChange(actor: AdminActor, email: string): Promise<void>;
  /** The mailed code proves the new address, which becomes the account's (SPEC section 7 "verify (email, code)"). */
  verifyEmailChange(actor: AdminActor, input: { email: string; code: string }): Promise<void>;
}

/**
 * The signed-in user's own profile (the admin portal's Profile section): name, metadata fields,
 * picture and email address. Every change is audited in the user's active tenant.
 */
export function createProfileService(deps: { db: Db; clock: Clock; mailer: Mailer }): ProfileService {
  const { db, clock, mailer } = deps;

  const storeImage = async (
    actor: AdminActor,
    image: ProfileImage,
    imageUrl: (imageId: string) => string,
  ) => {
    const now = clock.now();
    const row = await replaceProfileImage(db, {
      userId: actor.userId,
      contentType: image.contentType,
      data: image.bytes.toString('base64'),
      now,
    });
    const url = imageUrl(row.id);
    await updateUser(db, actor.userId, { profilePictureUrl: url, updatedAt: now });
    await recordAdminAudit(db, actor, auditEvents.profilePictureUpdated, { json: { imageId: row.id } }, now);
    return url;
  };

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

  return {
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
      await recordAdminAudit(db, actor, auditEvents.profileUpdated, { json: { changed } }, now);
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
      if (await findUserByEmail(db, email)) throw appError(errorCatalogue.profile.emailTaken);
      const code = generateMfaCode();
      const now = clock.now();
      await insertProfileVerification(db, {
        userId: actor.userId,
        kind: 'email',
        target: email,
        codeHash: hashMfaCode(`${actor.userId}:${email}`, code),
        now,
        expiresAt: addSeconds(now, PROFILE_CODE_TTL_SECONDS),
      });
      await mailer.send(
        message(email, 'Confirm your new Brizo FoodMetrics email address', [
          greeting(user.name),
          `Your code to make this address the email of your account is ${code}.`,
          `It expires in ${PROFILE_CODE_TTL_SECONDS / 60} minutes and works once. If you did not ask for it, you can ignore this email.`,
        ]),
      );
      await recordAdminAudit(db, actor, auditEvents.emailChangeRequested, { json: { email } }, now);
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
        await recordAdminAudit(db, actor, auditEvents.emailChangeCodeRejected, { json: { email } }, now);
        throw appError(errorCatalogue.profile.invalidCode);
      }
      const user = await findUserById(db, actor.userId);
      if (!user) throw appError(errorCatalogue.auth.invalidAccessToken);
      try {
        await updateUser(db, actor.userId, { email, verified: true, updatedAt: now });
      } catch (error) {
        // Someone signed up with the address since the code was sent.
        if (isUniqueViolation(error)) throw appError(errorCatalogue.profile.emailTaken);
        throw error;
      }
      await recordAdminAudit(
        db,
        actor,
        auditEvents.emailChanged,
        { json: { from: user.email, to: email } },
        now,
      );
      await mailer.send(
        message(user.email, 'The email address of your Brizo FoodMetrics account changed', [
          greeting(user.name),
          `Your account now signs in with another email address; this one no longer receives its mail.`,
          'If you did not make this change, contact support right away.',
        ]),
      );
    },
  };
}
