import { expect, test, type Page } from '@playwright/test';
import { fillNewPassword } from '../pages/password-form';
import { createJourneyTenant, type JourneyPerson } from '../support/admin';
import { signInAndOpenSection } from '../support/admin-session';
import { moveServerClock, resetServerClock } from '../support/clock';
import { newWorkEmail } from '../support/identities';
import { waitForMailedCode } from '../support/mail-code';
import { waitForMailLink } from '../support/mailbox';
import { typeCode, waitForMfaMail } from '../support/mfa';
import { addVirtualAuthenticator, setMfaStrategy } from '../support/webauthn';

// Issue 10: a sign-in older than REAUTH_MAX_AGE_SECONDS (600 s) must be confirmed again before the
// email, phone numbers or MFA factors change; the old address can undo an email change. These move
// the server's clock, so they run with the server-wide journeys (playwright.config.ts).
test.describe.configure({ mode: 'serial' });

const ELEVEN_MINUTES = 11 * 60;

/** The session grows old: the server's clock moves on, and the page's token is renewed under it. */
async function ageSignIn(page: Page, request: Parameters<typeof moveServerClock>[0]) {
  await moveServerClock(request, ELEVEN_MINUTES);
  await page.reload();
}

const nextFrame = (page: Page) =>
  page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

/** Screenshots at desktop and phone widths, attached to the report (and kept in the test's output folder). */
async function shoot(page: Page, name: string) {
  for (const [width, height, label] of [
    [1280, 720, 'desktop'],
    [390, 844, '390'],
  ] as const) {
    await page.setViewportSize({ width, height });
    await nextFrame(page);
    const path = test.info().outputPath(`${name}-${label}.png`);
    await page.screenshot({ path });
    await test.info().attach(`${name}-${label}`, { path, contentType: 'image/png' });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

async function openSection(page: Page, person: JourneyPerson, section: 'profile' | 'privacy') {
  const portal = await signInAndOpenSection(page, person, section);
  await expect(portal.heading(section === 'profile' ? 'Profile' : 'Privacy')).toBeVisible();
}

test('an old sign-in changes the email only after the password; the old address undoes it and resets the password', async ({
  page,
  request,
}) => {
  const tenant = await createJourneyTenant(request);
  const member = tenant.member;
  await openSection(page, member, 'profile');
  try {
    await ageSignIn(page, request);
    const newEmail = newWorkEmail('taken-over');
    await page.getByRole('button', { name: 'Change email' }).click();
    await page.getByRole('dialog', { name: 'Change email' }).getByLabel('New email').fill(newEmail);
    await page.getByRole('button', { name: 'Send code' }).click();

    const confirm = page.getByRole('dialog', { name: "Confirm it's you" });
    await expect(confirm).toBeVisible();
    const password = confirm.getByLabel(/^Password/);
    await expect(password).toHaveAttribute('autocomplete', 'current-password');
    await expect(password).toBeFocused();
    await shoot(page, 'dialog-password');
    await password.fill('Not-my-password-1!');
    await password.press('Enter');
    await expect(confirm.getByRole('alert')).toHaveText('Incorrect password');
    await password.fill(member.password);
    const after = new Date(Date.now() - 1000).toISOString();
    await password.press('Enter');
    await expect(confirm).toBeHidden();

    // The refused request ran again: the code went to the new address.
    await typeCode(page, await waitForMailedCode(request, newEmail, after));
    await expect(page.getByTestId('profile-email')).toHaveText(newEmail);

    // The old address's mail undoes it, in the owner's own browser.
    const revertLink = await waitForMailLink(request, member.email, '/account/revert-email');
    await page.context().clearCookies();
    await page.goto(revertLink);
    await expect(page.getByRole('button', { name: 'Undo the change' })).toBeVisible();
    await shoot(page, 'revert-page');
    await page.getByRole('button', { name: 'Undo the change' }).click();
    await expect(page.getByRole('status')).toContainText('every session of it is signed out');
    await shoot(page, 'revert-done');
    await page.getByRole('link', { name: 'Choose a new password' }).click();
    await expect(page).toHaveURL(/\/account\/reset-password\?/);
    await fillNewPassword(page, 'Owner-is-back-2027!');
    await expect(page.getByText(/Password changed.*login page will appear automatically/)).toBeVisible();
  } finally {
    await resetServerClock(request);
  }

  const oldLogin = await request.post('/frontegg/identity/resources/auth/v1/user', {
    data: { email: member.email, password: member.password },
  });
  expect(oldLogin.status()).not.toBe(200);
  const ownerLogin = await request.post('/frontegg/identity/resources/auth/v1/user', {
    data: { email: member.email, password: 'Owner-is-back-2027!' },
  });
  expect(ownerLogin.status()).toBe(200);
});

test('an old sign-in removes an MFA factor after confirming with that second factor', async ({
  page,
  request,
}) => {
  const tenant = await createJourneyTenant(request);
  const person = tenant.readOnly;
  await openSection(page, person, 'privacy');
  // A fresh sign-in is not asked again.
  let after = new Date(Date.now() - 1000).toISOString();
  await page.getByRole('button', { name: 'Set up' }).nth(2).click();
  await typeCode(page, await waitForMfaMail(request, person.email, after));
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('mfa-count')).toHaveText('1 of 4 methods on');
  try {
    await ageSignIn(page, request);
    await expect(page.getByTestId('mfa-count')).toHaveText('1 of 4 methods on');
    await page.getByRole('button', { name: 'Remove' }).click();
    const confirm = page.getByRole('dialog', { name: "Confirm it's you" });
    await expect(confirm).toBeVisible();
    after = new Date(Date.now() - 1000).toISOString();
    await confirm.getByRole('button', { name: 'Use a second factor instead' }).click();
    await expect(confirm).toContainText(`We emailed a 6-digit code to ${person.email}.`);
    await shoot(page, 'dialog-second-factor');
    const code = await waitForMfaMail(request, person.email, after);
    // The removal's code comes after this one (mail is dated by the real clock, not the moved one).
    after = new Date().toISOString();
    await confirm.getByRole('textbox', { name: /digit 1 of 6/ }).click();
    await page.keyboard.type(code);
    await expect(confirm).toBeHidden();

    // The refused removal ran again: its own code arrives and removes the factor.
    await expect(page.getByRole('dialog', { name: 'Remove email codes' })).toBeVisible();
    await typeCode(page, await waitForMfaMail(request, person.email, after));
    await expect(page.getByTestId('mfa-count')).toHaveText('0 of 4 methods on');
  } finally {
    await resetServerClock(request);
  }
});

test('an old sign-in sets up email codes after confirming with a security key', async ({ page, request }) => {
  await setMfaStrategy(request, 'WebAuthnCrossPlatform', true);
  try {
    const key = await addVirtualAuthenticator(page, 'security-key');
    const tenant = await createJourneyTenant(request);
    const person = tenant.member;
    await openSection(page, person, 'privacy');
    // A fresh sign-in adds the key without being asked.
    await page.getByRole('button', { name: 'Add security key' }).click();
    await expect(page.getByText('1 registered')).toBeVisible();
    const [added] = await key.credentials();
    try {
      await ageSignIn(page, request);
      await expect(page.getByText('1 registered')).toBeVisible();
      const after = new Date(Date.now() - 1000).toISOString();
      await page.getByRole('button', { name: 'Set up' }).nth(2).click();
      const confirm = page.getByRole('dialog', { name: "Confirm it's you" });
      await expect(confirm).toBeVisible();
      await expect(confirm.getByLabel(/^Password/)).toBeVisible();
      await shoot(page, 'dialog-security-key');
      await confirm.getByRole('button', { name: 'Use a security key or passkey' }).click();
      await expect(confirm).toBeHidden();
      const [used] = await key.credentials();
      expect(used?.signCount).toBeGreaterThan(added?.signCount ?? 0);

      // The refused set-up ran again: its code arrives and turns email codes on (no recovery code to
      // show: the key was the account's first factor).
      await typeCode(page, await waitForMfaMail(request, person.email, after));
      await expect(page.getByRole('button', { name: 'Remove', exact: true })).toBeVisible();
    } finally {
      await resetServerClock(request);
    }
  } finally {
    await setMfaStrategy(request, 'WebAuthnCrossPlatform', false);
  }
});

test('an old sign-in changes the username only after the password', async ({ page, request }) => {
  const tenant = await createJourneyTenant(request);
  const person = tenant.member;
  await openSection(page, person, 'profile');
  const username = `cook-${Date.now().toString(36)}`;
  try {
    await ageSignIn(page, request);
    await page.getByLabel('Username').fill(username);
    await page.getByRole('button', { name: 'Save' }).click();
    const confirm = page.getByRole('dialog', { name: "Confirm it's you" });
    await expect(confirm).toBeVisible();
    await confirm.getByLabel(/^Password/).fill(person.password);
    await confirm.getByLabel(/^Password/).press('Enter');
    await expect(confirm).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Profile saved' })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Username')).toHaveValue(username);
  } finally {
    await resetServerClock(request);
  }
});
