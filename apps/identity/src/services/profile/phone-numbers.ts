import { atomicMethods, type Db } from '../../db/client.js';
import {
  consumeProfileVerification,
  insertProfileVerification,
  takeProfileVerificationGuess,
} from '../../db/queries/profile/verifications.js';
import {
  countPhoneNumbersOfUser,
  deletePhoneNumberOfUser,
  findPhoneNumberOfUser,
  insertPhoneNumber,
  listPhoneNumbersOfUser,
  markPhoneNumberVerified,
  type UserPhoneNumberRow,
} from '../../db/queries/profile/phone-numbers.js';
import { isUniqueViolation } from '../../db/rows.js';
import { appError, errorCatalogue } from '../../errors.js';
import { generateToken } from '../../lib/secrets.js';
import { addSeconds, type Clock } from '../../lib/time.js';
import { auditEvents, recordAdminAudit } from '../audit.js';
import type { AdminActor } from '../admin-access.js';
import { generateMfaCode, hashMfaCode } from '../../auth/second-factor/codes.js';
import { PROFILE_CODE_MAX_ATTEMPTS, PROFILE_CODE_TTL_SECONDS } from './profile.js';
import type { SmsSender } from '../sms.js';

/** Enough for work, home and a spare; a bound on what one account can make the server text. */
export const MAX_PHONE_NUMBERS = 10;

export function phoneNumberView(row: UserPhoneNumberRow) {
  return {
    id: row.id,
    userId: row.userId,
    phoneNumber: row.phoneNumber,
    verified: row.verified,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
export type PhoneNumberView = ReturnType<typeof phoneNumberView>;

export interface PhoneNumbersService {
  listOwn(actor: AdminActor): Promise<PhoneNumberView[]>;
  page(
    actor: AdminActor,
    page: { limit: number; offset: number },
  ): Promise<{ items: PhoneNumberView[]; totalItems: number }>;
  /** Adds an unverified number and texts it a code (unless `verify` is false); answers the otcToken naming the code. */
  create(actor: AdminActor, input: { phoneNumber: string; verify: boolean }): Promise<{ otcToken?: string }>;
  /** Texts a new code to a number already on the profile. */
  preVerify(actor: AdminActor, phoneNumber: string): Promise<{ otcToken: string }>;
  verify(actor: AdminActor, input: { otcToken: string; code: string }): Promise<void>;
  /**
   * The SDK's deletePhoneNumber: a verified number is deleted only with the code this texts to it
   * (answered otcToken, then verifyRemoval); an unverified one, which may not even be the user's
   * phone, is deleted at once (no otcToken).
   */
  remove(actor: AdminActor, id: string): Promise<{ phoneId: string; otcToken?: string }>;
  verifyRemoval(actor: AdminActor, id: string, input: { otcToken: string; code: string }): Promise<void>;
}

/**
 * The signed-in user's phone numbers (the SDK's PhoneNumbersApi and SmsState): a number is added
 * unverified and proven by a texted code. Numbers are the user's own: another user's id is a 404.
 */
export function createPhoneNumbersService(deps: {
  db: Db;
  clock: Clock;
  sms: SmsSender;
}): PhoneNumbersService {
  const { db, clock, sms } = deps;

  /**
   * The otcToken keys the code's hash and names the number it is for: `<phone id>.<random>`. A code
   * proving a number and one deleting it are of different kinds, so neither stands in for the other.
   */
  const sendCode = async (
    actor: AdminActor,
    row: UserPhoneNumberRow,
    kind: 'phone' | 'phoneDelete' = 'phone',
  ) => {
    const otcToken = `${row.id}.${generateToken()}`;
    const code = generateMfaCode();
    const now = clock.now();
    await insertProfileVerification(db, {
      userId: actor.userId,
      kind,
      target: row.id,
      codeHash: hashMfaCode(otcToken, code),
      now,
      expiresAt: addSeconds(now, PROFILE_CODE_TTL_SECONDS),
    });
    const purpose =
      kind === 'phone' ? 'confirm this phone number' : 'remove this phone number from your profile';
    await sms.send({
      to: row.phoneNumber,
      text: `Your Brizo FoodMetrics code to ${purpose} is ${code}. It expires in ${PROFILE_CODE_TTL_SECONDS / 60} minutes.`,
    });
    return { otcToken };
  };

  /** Counts one guess at the code of `kind` for the phone `id` names; true when it is right (and now used). */
  const codeMatches = async (
    actor: AdminActor,
    kind: 'phone' | 'phoneDelete',
    phoneId: string,
    { otcToken, code }: { otcToken: string; code: string },
    now: Date,
  ) => {
    const row = await takeProfileVerificationGuess(db, {
      userId: actor.userId,
      kind,
      target: phoneId,
      now,
      maxAttempts: PROFILE_CODE_MAX_ATTEMPTS,
    });
    return (
      row !== undefined &&
      row.codeHash === hashMfaCode(otcToken, code) &&
      (await consumeProfileVerification(db, row.id, now))
    );
  };

  const deleted = async (actor: AdminActor, id: string, now: Date) => {
    const row = await deletePhoneNumberOfUser(db, actor.userId, id);
    if (!row) throw appError(errorCatalogue.profile.phoneNumberNotFound);
    await recordAdminAudit(db, actor, auditEvents.phoneNumberDeleted, { json: { phoneId: id } }, now);
  };

  // Issue 10: each change and its audit row are one transaction (db/client.ts).
  return atomicMethods(db, ['create', 'remove'], {
    async listOwn(actor) {
      return (await listPhoneNumbersOfUser(db, actor.userId)).map(phoneNumberView);
    },

    async page(actor, page) {
      const [rows, totalItems] = await Promise.all([
        listPhoneNumbersOfUser(db, actor.userId, page),
        countPhoneNumbersOfUser(db, actor.userId),
      ]);
      return { items: rows.map(phoneNumberView), totalItems };
    },

    async create(actor, { phoneNumber, verify }) {
      if ((await countPhoneNumbersOfUser(db, actor.userId)) >= MAX_PHONE_NUMBERS) {
        throw appError(errorCatalogue.profile.tooManyPhoneNumbers);
      }
      let row: UserPhoneNumberRow;
      try {
        row = await insertPhoneNumber(db, { userId: actor.userId, phoneNumber, now: clock.now() });
      } catch (error) {
        if (isUniqueViolation(error)) throw appError(errorCatalogue.profile.phoneNumberExists);
        throw error;
      }
      await recordAdminAudit(
        db,
        actor,
        auditEvents.phoneNumberAdded,
        { json: { phoneId: row.id } },
        clock.now(),
      );
      return verify ? sendCode(actor, row) : {};
    },

    async preVerify(actor, phoneNumber) {
      const row = await findPhoneNumberOfUser(db, actor.userId, { phoneNumber });
      if (!row) throw appError(errorCatalogue.profile.phoneNumberNotFound);
      return sendCode(actor, row);
    },

    async verify(actor, { otcToken, code }) {
      const now = clock.now();
      const phoneId = otcToken.split('.')[0] ?? '';
      const proven =
        (await codeMatches(actor, 'phone', phoneId, { otcToken, code }, now)) &&
        (await markPhoneNumberVerified(db, actor.userId, phoneId, now));
      if (!proven) {
        await recordAdminAudit(db, actor, auditEvents.phoneNumberCodeRejected, {}, now);
        throw appError(errorCatalogue.profile.invalidCode);
      }
      await recordAdminAudit(db, actor, auditEvents.phoneNumberVerified, { json: { phoneId } }, now);
    },

    async remove(actor, id) {
      const row = await findPhoneNumberOfUser(db, actor.userId, { id });
      if (!row) throw appError(errorCatalogue.profile.phoneNumberNotFound);
      if (!row.verified) {
        await deleted(actor, id, clock.now());
        return { phoneId: id };
      }
      const { otcToken } = await sendCode(actor, row, 'phoneDelete');
      await recordAdminAudit(
        db,
        actor,
        auditEvents.phoneNumberDeleteRequested,
        { json: { phoneId: id } },
        clock.now(),
      );
      return { phoneId: id, otcToken };
    },

    async verifyRemoval(actor, id, input) {
      const now = clock.now();
      if (!(await findPhoneNumberOfUser(db, actor.userId, { id }))) {
        throw appError(errorCatalogue.profile.phoneNumberNotFound);
      }
      // The code's hash binds its otcToken: a token texted for another number proves nothing here.
      if (!(await codeMatches(actor, 'phoneDelete', id, input, now))) {
        await recordAdminAudit(
          db,
          actor,
          auditEvents.phoneNumberCodeRejected,
          { json: { phoneId: id } },
          now,
        );
        throw appError(errorCatalogue.profile.invalidCode);
      }
      await deleted(actor, id, now);
    },
  });
}
