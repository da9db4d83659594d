import { expect, type APIRequestContext } from '@playwright/test';

export interface OutboxSms {
  id: string;
  to: string;
  text: string;
  createdAt: string;
}

/**
 * Waits for the newest text to `phone` in the dev SMS outbox (GET /dev/api/sms) that holds a
 * 6-digit code, and returns the code. `after` skips texts sent before a given instant (ISO).
 */
export async function waitForSmsCode(
  request: APIRequestContext,
  phone: string,
  options: { after?: string } = {},
): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/dev/api/sms?to=${encodeURIComponent(phone)}`);
        const messages = (await response.json()) as OutboxSms[];
        const fresh = messages.filter((sms) => !options.after || sms.createdAt > options.after);
        code = fresh[0]?.text.match(/\b(\d{6})\b/)?.[1];
        return code;
      },
      { message: `a text with a code to ${phone}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return code as string;
}
