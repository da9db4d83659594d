import { expect, test, type Page } from '@playwright/test';
import { createJourneyTenant, type JourneyPerson } from '../support/admin';
import { signInAndOpenSection } from '../support/admin-session';
import { newWorkEmail } from '../support/identities';
import { waitForMailedCode } from '../support/mail-code';
import { typeCode } from '../support/mfa';
import { waitForSmsCode } from '../support/sms';

// Issue 4, the Profile section: every user edits their own details (Admin, Read Only, member).

// A 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function openProfile(page: Page, person: JourneyPerson) {
  const portal = await signInAndOpenSection(page, person, 'profile');
  await expect(portal.heading('Profile')).toBeVisible();
  return portal;
}

test('the Admin changes their name, job title, address, username and picture; they stay after a reload', async ({
  page,
  request,
}) => {
  const tenant = await createJourneyTenant(request);
  await openProfile(page, tenant.admin);
  const username = `chef-${Date.now().toString(36)}`;
  await page.getByLabel('Name', { exact: true }).fill('Ana Admin');
  await page.getByLabel('Job title').fill('Head chef');
  await page.getByLabel('Address').fill('1 Market Street');
  await page.getByLabel('Username').fill(username);
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Profile saved' })).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Ana Admin');
  await expect(page.getByLabel('Job title')).toHaveValue('Head chef');
  await expect(page.getByLabel('Address')).toHaveValue('1 Market Street');
  await expect(page.getByLabel('Username')).toHaveValue(username);
  const picture = page.getByRole('img', { name: 'Your profile picture' });
  await expect(picture).toHaveAttribute('src', /\/frontegg\/team\/resources\/profile\/images\//);
  await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1);
});

test('the Admin adds a phone number with the texted code, then deletes it with another texted code', async ({
  page,
  request,
}) => {
  const tenant = await createJourneyTenant(request);
  await openProfile(page, tenant.admin);
  const phoneNumber = `+1555${String(Date.now()).slice(-7)}`;
  await expect(page.getByText('No phone numbers yet')).toBeVisible();
  await page.getByRole('button', { name: 'Add phone number' }).click();
  await page.getByRole('dialog').getByLabel('Phone number').fill(phoneNumber);
  await page.getByRole('button', { name: 'Send code' }).click();
  await typeCode(page, await waitForSmsCode(request, phoneNumber));
  const row = page
    .getByRole('table', { name: 'Phone numbers' })
    .getByRole('row')
    .filter({ hasText: phoneNumber });
  await expect(row.getByText('Verified')).toBeVisible();

  await row.getByRole('button', { name: `Delete ${phoneNumber}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete phone number' });
  await expect(dialog).toContainText('We will text a code to it to confirm.');
  const asked = new Date().toISOString();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  // A verified number leaves the profile only with the code texted to it (the SDK's verified delete).
  await expect(dialog).toContainText(`We texted a 6-digit code to ${phoneNumber}.`);
  await expect(row).toBeVisible();
  await typeCode(page, await waitForSmsCode(request, phoneNumber, { after: asked }));
  await expect(dialog).toBeHidden();
  await expect(page.getByText('No phone numbers yet')).toBeVisible();
});

test('a member changes their email with the code mailed to the new address, and signs in with it', async ({
  page,
  request,
}) => {
  const tenant = await createJourneyTenant(request);
  await openProfile(page, tenant.member);
  const newEmail = newWorkEmail('moved');
  const after = new Date(Date.now() - 1000).toISOString();
  await page.getByRole('button', { name: 'Change email' }).click();
  await page.getByRole('dialog').getByLabel('New email').fill(newEmail);
  await page.getByRole('button', { name: 'Send code' }).click();
  await typeCode(page, await waitForMailedCode(request, newEmail, after));
  await expect(
    page.getByRole('status').filter({ hasText: `Your email address is now ${newEmail}` }),
  ).toBeVisible();
  await expect(page.getByTestId('profile-email')).toHaveText(newEmail);

  const login = await request.post('/frontegg/identity/resources/auth/v1/user', {
    data: { email: newEmail, password: tenant.member.password },
  });
  expect(login.status()).toBe(200);
});

test('the Read Only administrator and a member see Profile and Privacy and edit their own profile', async ({
  browser,
  request,
}) => {
  const tenant = await createJourneyTenant(request);
  for (const person of [tenant.readOnly, tenant.member]) {
    // A browser of each person's own: clearing the first one's cookies could race its token renewal,
    // whose answer set the session cookie again, and the login page then went on to /app.
    const context = await browser.newContext();
    const page = await context.newPage();
    const portal = await openProfile(page, person);
    await expect(portal.navLink('Profile')).toBeVisible();
    await expect(portal.navLink('Privacy')).toBeVisible();
    const name = `Own Name ${person === tenant.member ? 'Member' : 'Reader'}`;
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Profile saved' })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);
    await context.close();
  }
});
