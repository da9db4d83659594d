import { expect, type APIRequestContext } from '@playwright/test';
import type { MailMessage } from './mailbox';

/** Waits for a mail to `to` sent after `after` (ISO) whose subject holds a 6-digit code, and returns it. */
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
        code = messages.filter((message) => message.createdAt > after)[0]?.subject.match(/\b(\d{6})\b/)?.[1];
        return code;
      },
      { message: `a mail with a code to ${to}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return code as string;
}
