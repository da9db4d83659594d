import type { Db } from '../db/client.js';
import {
  findUsableOneTimeToken,
  insertOneTimeToken,
  retireOneTimeTokens,
  type OneTimeTokenRow,
} from '../db/queries/one-time-tokens.js';
import type { OneTimeTokenPurpose } from '../db/schema/index.js';
import { generateToken, hashToken } from '../lib/secrets.js';

/** Issues a mailed single-use token; earlier open tokens of the same purpose stop working. */
export async function issueOneTimeToken(
  db: Db,
  request: {
    userId: string;
    purpose: OneTimeTokenPurpose;
    now: Date;
    expiresAt: Date;
    /** A token already handed out (generated with generateToken); a new one when absent. */
    token?: string | undefined;
  },
): Promise<string> {
  const { token = generateToken(), ...row } = request;
  await retireOneTimeTokens(db, row.userId, row.purpose, row.now);
  await insertOneTimeToken(db, { ...row, tokenHash: hashToken(token) });
  return token;
}

/** The stored token matching a presented one, if it is this user's, unused and unexpired. */
export const findUsableToken = (
  db: Db,
  presented: { userId: string; purpose: OneTimeTokenPurpose; token: string; now: Date },
): Promise<OneTimeTokenRow | undefined> =>
  findUsableOneTimeToken(db, {
    userId: presented.userId,
    purpose: presented.purpose,
    tokenHash: hashToken(presented.token),
    now: presented.now,
  });
