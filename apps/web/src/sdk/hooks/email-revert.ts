import { emailRevertedSchema, type EmailReverted } from '@brizo/contract/entities/user';
import { FetchClient } from '@frontegg/rest-api';
import { useMemo } from 'react';
import { APP_NAME } from '../store';

export type { EmailReverted };

/**
 * Issue 10: POST /users/v1/email/revert with the token of the link mailed to the old address after
 * an email change. Rejects with the server's message (invalid, expired, used; or the address taken).
 */
export function useEmailRevert(): (token: string) => Promise<EmailReverted> {
  return useMemo(() => {
    const client = new FetchClient(APP_NAME);
    return async (token: string) =>
      emailRevertedSchema.parse(await client.post('/identity/resources/users/v1/email/revert', { token }));
  }, []);
}
