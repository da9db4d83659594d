import { FetchClient } from '@frontegg/rest-api';
import { useMemo } from 'react';
import { z } from 'zod';
import { APP_NAME } from '../store';

const revertedSchema = z.object({ userId: z.string(), resetToken: z.string() });
/** A reverted change: the account's id and the single-use token of its password reset. */
export type EmailReverted = z.infer<typeof revertedSchema>;

/**
 * Issue 10: POST /users/v1/email/revert with the token of the link mailed to the old address after
 * an email change. Rejects with the server's message (invalid, expired, used; or the address taken).
 */
export function useEmailRevert(): (token: string) => Promise<EmailReverted> {
  return useMemo(() => {
    const client = new FetchClient(APP_NAME);
    return async (token: string) =>
      revertedSchema.parse(await client.post('/identity/resources/users/v1/email/revert', { token }));
  }, []);
}
