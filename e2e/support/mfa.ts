import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import type { MailMessage } from './mailbox';

const AUTH = '/frontegg/identity/resources/auth/v1';
const CONFIGURATIONS = '/frontegg/identity/resources/configurations/v1';

/** Sets the MFA policy of the administrator's tenant (POST /configurations/v1/mfa-policy). */
export async function setMfaPolicy(
  request: APIRequestContext,
  authorization: string,
  policy: {
    enforceMFAType?: 'DontForce' | 'Force';
    allowRememberMyDevice?: boolean;
    mfaDeviceExpiration?: number;
  },
): Promise<void> {
  const response = await request.post(`${CONFIGURATIONS}/mfa-policy`, {
    headers: { authorization },
    data: policy,
  });
  expect(response.ok(), await response.text()).toBeTruthy();
}

/** The authenticator app's code for a base32 key (spaces allowed, as shown on screen), `stepOffset` periods ahead. */
export function totpCode(manualKey: string, stepOffset = 0): string {
  const secret = Secret.fromBase32(manualKey.replace(/\s+/g, ''));
  return new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: Date.now() + stepOffset * 30_000,
  });
}

/** Waits for the newest MFA code mailed to `to` after `after` (ISO) and returns it. */
export async function waitForMfaMail(request: APIRequestContext, to: string, after: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/dev/api/mailbox?to=${encodeURIComponent(to)}`);
        const messages = (await response.json()) as MailMessage[];
        code = messages
          .filter((message) => message.createdAt > after && message.subject.includes('verification code'))[0]
          ?.text.match(/\b(\d{6})\b/)?.[1];
        return code;
      },
      { message: `an MFA code mailed to ${to}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return code as string;
}

/** Enrolls email-code MFA through the API during a forced login (the tenant must force MFA). */
export async function enrollEmailMfa(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<void> {
  const login = await request.post(`${AUTH}/user`, { data: { email, password } });
  const { mfaToken } = (await login.json()) as { mfaToken: string };
  expect(mfaToken).toBeTruthy();
  const after = new Date(Date.now() - 1000).toISOString();
  const sent = await request.post(`${AUTH}/user/mfa/emailcode`, { data: { mfaToken } });
  const { otcToken } = (await sent.json()) as { otcToken: string };
  const code = await waitForMfaMail(request, email, after);
  const verified = await request.post(`${AUTH}/user/mfa/emailcode/verify`, {
    data: { mfaToken, otcToken, code },
  });
  expect(verified.ok(), await verified.text()).toBeTruthy();
}

/** Types a 6-digit code into the one-time-code boxes, digit by digit. */
export async function typeCode(page: Page, code: string): Promise<void> {
  const first = page.getByRole('textbox', { name: /digit 1 of 6/ });
  await first.click();
  await page.keyboard.type(code);
}
