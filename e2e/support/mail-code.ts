import { expect, type APIRequestContext } from '@playwright/test';
import type { MailMessage } from './mailbox';

/**
 * Waits for a mail to `to` sent after `after` (ISO) that carries a 6-digit code, and returns it: the
 * code in the subject when there is one, else the first in the text.
 */
export async function waitForMailedCode(
  request: APIRequestContext,
  to: string,
  after: string,
): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/dev/api/mailbox?to=${encodeURIComponent(to)}`);
        const messages = (await response.json()) as MailMessage[];
        const message = messages.filter((candidate) => candidate.createdAt > after)[0];
        code = (message?.subject.match(/\b(\d{6})\b/) ?? message?.text.match(/\b(\d{6})\b/))?.[1];
        return code;
      },
      { message: `a mail with a code to ${to}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return code as string;
}
