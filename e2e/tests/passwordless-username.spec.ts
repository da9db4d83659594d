import { randomInt } from 'node:crypto';
import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type Page,
} from '@playwright/test';
import { PasswordlessPage } from '../pages/passwordless-page';
import { AuthStrategyAdmin, setPhoneNumber } from '../support/auth-strategy';
import { moveServerClock, resetServerClock } from '../support/clock';
import { DEMO_PASSWORD, E2E_BASE_URL } from '../support/env';
import { waitForMailedCode } from '../support/mail-code';
import { waitForMailLink, type MailMessage } from '../support/mailbox';
import { waitForSmsCode } from '../support/sms';

// Issue 3: signing in with a username under UsernameAndCode, UsernameAndSms and UsernameAndMagicLink.
// The store keeps no username after a username pre-login: the code step must post it itself.
// The strategy is vendor-wide: these journeys run one at a time (project `server-wide`) and put
// EmailAndPassword back after each.
test.describe.configure({ mode: 'serial' });

const API = '/frontegg/identity/resources';

/** Gives a seeded account a fresh username while the password strategy is active; `remove` takes it back. */
async function giveUsername(email: string) {
  const api = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL });
  const accessToken = async () => {
    const login = await api.post(`${API}/auth/v1/user`, { data: { email, password: DEMO_PASSWORD } });
    expect(login.status(), await login.text()).toBe(200);
    return ((await login.json()) as { accessToken: string }).accessToken;
  };
  const headers = { authorization: `Bearer ${await accessToken()}` };
  // A username left by an interrupted run would block a new one (one per user).
  const mine = (await (await api.get(`${API}/usernames/v1/me`, { headers })).json()) as { username?: string };
  if (mine.username) await api.delete(`${API}/usernames/v1/${mine.username}`, { headers });
  const username = `cook.${randomInt(100_000, 999_999)}`;
  const created = await api.post(`${API}/usernames/v1`, { headers, data: { username } });
  expect(created.status(), await created.text()).toBe(200);
  return {
    username,
    /** Call once EmailAndPassword is back: the password sign-in needs it. */
    remove: async () => {
      const fresh = { authorization: `Bearer ${await accessToken()}` };
      const deleted = await api.delete(`${API}/usernames/v1/${username}`, { headers: fresh });
      expect(deleted.status(), await deleted.text()).toBe(200);
      await api.dispose();
    },
  };
}

/** The dev mailbox for one address, newest first. */
async function mailbox(request: APIRequestContext, to: string): Promise<MailMessage[]> {
  const response = await request.get(`/dev/api/mailbox?to=${encodeURIComponent(to)}`);
  return (await response.json()) as MailMessage[];
}

const mailIds = async (request: APIRequestContext, to: string) =>
  new Set((await mailbox(request, to)).map((mail) => mail.id));

async function startWithUsername(page: Page, username: string) {
  await page.goto('/account/login');
  await page.getByLabel('Username or email').fill(username);
  await page.getByRole('button', { name: 'Continue' }).click();
}

let admin: AuthStrategyAdmin;
let account: Awaited<ReturnType<typeof giveUsername>> | undefined;
/**
 * The server's per-recipient pause (issue 10: one sign-in message per 30 s to one address) also holds
 * for the codes and links that earlier journeys sent regular@brizo.test moments ago: each test starts
 * with the server clock past it (the clock is reset after each test).
 */
const PAST_EARLIER_MAIL_SECONDS = 40;
test.beforeEach(async ({ request }) => {
  admin = await AuthStrategyAdmin.signIn();
  account = undefined;
  await moveServerClock(request, PAST_EARLIER_MAIL_SECONDS);
});
test.afterEach(async ({ request }) => {
  await resetServerClock(request);
  await admin.dispose();
  await account?.remove();
});

test('UsernameAndCode: the mailed code signs in with the username; a resent code too', async ({
  page,
  request,
}) => {
  account = await giveUsername('regular@brizo.test');
  await admin.use('UsernameAndCode');
  // The browser's clock, so the 30 s resend pause can be skipped rather than waited out.
  await page.clock.install();
  const login = new PasswordlessPage(page);
  const sentAfter = new Date(Date.now() - 1000).toISOString();
  await startWithUsername(page, account.username);
  await expect(login.heading).toHaveText('Enter your code');
  await expect(
    page.getByText(`We emailed a 6-digit code to the email address of the account ${account.username}.`, {
      exact: false,
    }),
  ).toBeVisible();
  await waitForMailedCode(request, 'regular@brizo.test', sentAfter);

  // Resend: past the pause on both clocks, a new code goes to the same account (the username).
  await moveServerClock(request, PAST_EARLIER_MAIL_SECONDS + 31);
  await page.clock.runFor(31_000);
  const seen = await mailIds(request, 'regular@brizo.test');
  await page.getByRole('button', { name: 'Resend code' }).click();
  await expect(page.getByText(/You can resend the code in \d+ s/)).toBeVisible();
  let second: string | undefined;
  await expect
    .poll(async () => {
      const fresh = (await mailbox(request, 'regular@brizo.test')).filter((mail) => !seen.has(mail.id));
      second = fresh[0]?.subject.match(/\b(\d{6})\b/)?.[1];
      return second;
    })
    .toMatch(/^\d{6}$/);

  await login.pasteCode(second as string);
  await expect(page).toHaveURL(/\/app$/, { timeout: 20_000 });
  await expect(page.getByTestId('main-app-email')).toHaveText('regular@brizo.test');
});

test('UsernameAndSms: the code texted to the phone of the account signs in with the username', async ({
  page,
  request,
}) => {
  account = await giveUsername('review@brizo.test');
  await setPhoneNumber(request, 'review@brizo.test', '+1 555 010 0178');
  await admin.use('UsernameAndSms');
  const login = new PasswordlessPage(page);
  const sentAfter = new Date(Date.now() - 1000).toISOString();
  await startWithUsername(page, account.username);
  await expect(login.heading).toHaveText('Enter the code we texted you');
  await expect(
    page.getByText(`We texted a 6-digit code to the phone number of the account ${account.username}.`, {
      exact: false,
    }),
  ).toBeVisible();
  const code = await waitForSmsCode(request, '+15550100178', { after: sentAfter });
  await login.typeCode(code);
  await expect(page).toHaveURL(/\/under-review$/, { timeout: 20_000 });
});

test('UsernameAndMagicLink: the link mailed for the username signs in', async ({ page, request }) => {
  account = await giveUsername('trial@brizo.test');
  await admin.use('UsernameAndMagicLink');
  const login = new PasswordlessPage(page);
  await startWithUsername(page, account.username);
  await expect(login.heading).toHaveText('Check your email');
  await expect(page.getByText(`the email address of the account ${account.username}`)).toBeVisible();
  await expect(page.getByText(/You can resend the link in \d+ s/)).toBeVisible();
  const link = await waitForMailLink(request, 'trial@brizo.test', '/account/login/magic-link');
  await page.goto(link);
  await expect(page).toHaveURL(/\/trial-started$/, { timeout: 20_000 });
});
