import type { EmailReverted } from '@brizo/contract/entities/user';
import { FetchClient } from '@frontegg/rest-api';
import { useMemo } from 'react';
import { APP_NAME } from '../store';

export type { EmailReverted };

/**
 * Issue 10: POST /users/v1/email/revert with the token of the link mailed to the old address after
 * an email change. Rejects with the server's message (invalid, expired, used; or the address taken).
 * The answer's schema comes with the contract's schemas and zod (about 33 kB of gzip), loaded beside
 * the request rather than with the page, which shows no more than a question until then (issue 17).
 */
export function useEmailRevert(): (token: string) => Promise<EmailReverted> {
  return useMemo(() => {
    const client = new FetchClient(APP_NAME);
    return async (token: string) => {
      const schemas = import('@brizo/contract/entities/user');
      // Awaited below; a failed load while the request fails too must not go unhandled.
      schemas.catch(() => undefined);
      const answer: unknown = await client.post('/identity/resources/users/v1/email/revert', { token });
      return (await schemas).emailRevertedSchema.parse(answer);
    };
  }, []);
}
