// Issue 4: the Users section (team administration) as the Admin and as the Read Only administrator.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { LoginPage } from '../pages/login-page';
import { SignUpPage } from '../pages/sign-up-page';
import { fillNewPassword } from '../pages/password-form';
import { createJourneyTenant } from '../support/admin';
import { bearerOf, signInAndOpenSection } from '../support/admin-session';
import { waitForMailLink } from '../support/mailbox';

const API = '/frontegg/identity/resources';
const NEW_PASSWORD = 'Fresh-pantry-2026!';
const newEmail = (label: string) =>
  `${label}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@acme-foods.test`;

const usersTable = (page: Page) => page.getByRole('table', { name: 'Users' });
const rowOf = (page: Page, email: string) => usersTable(page).getByRole('row', { name: new RegExp(email) });

async function rowAction(page: Page, email: string, action: string) {
  await page.getByRole('button', { name: `Actions for ${email}` }).click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}

async function invite(page: Page, email: string, options: { name?: string; temporary?: boolean } = {}) {
  await page.getByRole('button', { name: 'Invite user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite user' });
  await dialog.getByLabel('Email').fill(email);
  if (options.name) await dialog.getByLabel('Name').fill(options.name);
  if (options.temporary) await dialog.getByRole('switch', { name: 'Temporary user' }).click();
  await dialog.getByRole('button', { name: 'Invite' }).click();
  await expect(dialog).toBeHidden();
}

/** The invitee activates from the dev mailbox in a browser of their own and is signed in. */
async function activateInOwnBrowser(
  browser: Browser,
  request: Parameters<typeof waitForMailLink>[0],
  email: string,
) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(await waitForMailLink(request, email, '/account/activate'));
  await fillNewPassword(page, NEW_PASSWORD);
  await page.waitForURL((url) => !url.pathname.startsWith('/account/'), { timeout: 30_000 });
  return { context, page };
}

test('the Admin invites a user who activates and signs in, then searches, sorts, edits roles, disables, enables and deletes them', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(150_000);
  const tenant = await createJourneyTenant(request);
  const portal = await signInAndOpenSection(page, tenant.admin, 'users');
  await expect(portal.heading('Users')).toBeVisible();
  await expect(rowOf(page, tenant.member.email)).toBeVisible();

  const email = newEmail('invitee');
  await invite(page, email, { name: 'Zed Invitee' });
  await expect(rowOf(page, email)).toContainText('Not activated');

  const invitee = await activateInOwnBrowser(browser, request, email);
  await page.reload();
  await expect(rowOf(page, email)).toContainText('Active');

  // Search (debounced) finds only them; sorting by user puts them last.
  await page.getByLabel('Search').fill('zed');
  await expect(usersTable(page).getByRole('row')).toHaveCount(2);
  await expect(rowOf(page, email)).toBeVisible();
  await page.getByLabel('Search').fill('');
  await expect(usersTable(page).getByRole('row')).toHaveCount(5);
  await usersTable(page).getByRole('button', { name: /User/ }).click();
  await expect(usersTable(page).getByRole('columnheader', { name: /User/ })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  await expect(usersTable(page).getByRole('row').last()).toContainText(email);

  // Edit roles.
  await rowAction(page, email, 'Edit roles');
  const roles = page.getByRole('dialog', { name: 'Edit roles' });
  await roles.getByRole('combobox', { name: 'Roles' }).click();
  await page.getByRole('option', { name: 'Read Only' }).click();
  // Tab leaves the role picker (closing its list) for the dialog's buttons.
  await page.keyboard.press('Tab');
  await roles.getByRole('button', { name: 'Save roles' }).click();
  await expect(roles).toBeHidden();
  await expect(rowOf(page, email)).toContainText('Read Only');

  // Disable: their open session ends and they cannot sign in to the account.
  await rowAction(page, email, 'Disable');
  await page
    .getByRole('dialog', { name: 'Disable user' })
    .getByRole('button', { name: 'Disable user' })
    .click();
  await expect(rowOf(page, email)).toContainText('Disabled');
  // The reload asks for a new token at once; the app may already be on its way to the login page (its
  // token renewal was refused), and that navigation detaches the page from the reload: the wait decides.
  await invitee.page.reload().catch((error: Error) => {
    // Chromium words the same race three ways (seen in CI: "net::ERR_ABORTED; maybe frame was detached?").
    const detached = /Not attached to an active page|interrupted by another navigation|frame was detached/;
    if (!detached.test(error.message)) throw error;
  });
  await invitee.page.waitForURL((url) => url.pathname.startsWith('/account/login'), { timeout: 30_000 });
  await new LoginPage(invitee.page).signIn(email, NEW_PASSWORD);
  await expect(
    invitee.page.getByText('Your access to this account was disabled or has expired'),
  ).toBeVisible();

  await rowAction(page, email, 'Enable');
  await expect(rowOf(page, email)).not.toContainText('Disabled');
  const login = await request.post(`${API}/auth/v1/user`, { data: { email, password: NEW_PASSWORD } });
  expect(login.status()).toBe(200);

  await rowAction(page, email, 'Delete');
  await page
    .getByRole('dialog', { name: 'Delete user' })
    .getByRole('button', { name: 'Delete user' })
    .click();
  await expect(rowOf(page, email)).toHaveCount(0);
  await invitee.context.close();
});

test('the Admin adds users in bulk, shares an invite link, and makes a temporary user permanent', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const tenant = await createJourneyTenant(request);
  await signInAndOpenSection(page, tenant.admin, 'users');
  await expect(rowOf(page, tenant.member.email)).toBeVisible();

  // Bulk: one invite per email; a current member is reported as not invited.
  const first = newEmail('bulk-a');
  const second = newEmail('bulk-b');
  await page.getByRole('button', { name: 'Add users in bulk' }).click();
  const bulk = page.getByRole('dialog', { name: 'Add users in bulk' });
  await bulk.getByLabel('Emails').fill(`${first}, ${tenant.member.email}\n${second}`);
  await bulk.getByRole('button', { name: 'Invite all' }).click();
  await expect(bulk.getByText('2 invited, 1 not invited.')).toBeVisible();
  await expect(bulk.getByRole('list', { name: 'Not invited' })).toContainText(tenant.member.email);
  await bulk.getByRole('button', { name: 'Done' }).click();
  await expect(rowOf(page, first)).toBeVisible();
  await expect(rowOf(page, second)).toBeVisible();

  // Invite link: created with the default 30 days, copied, and it signs a stranger up into this account.
  await page.getByRole('button', { name: 'Invite link' }).click();
  const linkDialog = page.getByRole('dialog', { name: 'Invite link' });
  await expect(linkDialog.getByText('This account has no invite link.')).toBeVisible();
  await expect(linkDialog.getByLabel('Expires after (minutes)')).toHaveValue('43200');
  await linkDialog.getByRole('button', { name: 'Create link' }).click();
  const linkInput = linkDialog.getByRole('textbox', { name: 'Invite link' });
  await expect(linkInput).toHaveValue(/\/account\/sign-up\?invitationToken=/);
  await expect(linkDialog.getByRole('button', { name: 'Copy link' })).toBeEnabled();
  const token = new URL(await linkInput.inputValue()).searchParams.get('invitationToken') ?? '';
  await linkDialog.getByRole('button', { name: 'Close', exact: true }).click();
  const joiner = newEmail('linked');
  const stranger = await browser.newContext();
  const strangerPage = await stranger.newPage();
  await strangerPage.goto(`/account/sign-up?invitationToken=${encodeURIComponent(token)}`);
  // The link is checked on arrival: the page names the account the stranger joins.
  await expect(strangerPage.getByRole('main')).toContainText(`Join ${tenant.name} on Brizo FoodMetrics`);
  // They join this account: no company of their own is asked for.
  await expect(strangerPage.getByLabel('Company name')).toHaveCount(0);
  await new SignUpPage(strangerPage).signUp({ firstName: 'Link', lastName: 'Joiner', email: joiner });
  await expect(strangerPage.getByText('Please check your inbox!')).toBeVisible();
  await page.reload();
  await expect(rowOf(page, joiner)).toContainText('Not activated');

  // A new link replaces the old one: the old link says so at once, instead of a form that would fail.
  await page.getByRole('button', { name: 'Invite link' }).click();
  await linkDialog.getByRole('button', { name: 'Create new link' }).click();
  await expect(linkInput).not.toHaveValue(new RegExp(`invitationToken=${encodeURIComponent(token)}$`));
  await linkDialog.getByRole('button', { name: 'Close', exact: true }).click();
  await strangerPage.goto(`/account/sign-up?invitationToken=${encodeURIComponent(token)}`);
  await expect(strangerPage.getByRole('alert')).toContainText("We couldn't verify your invitation");
  await expect(strangerPage.getByRole('alert')).toContainText('was replaced by a newer one or has expired');
  await expect(strangerPage.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(strangerPage.getByRole('form', { name: 'Sign up' })).toHaveCount(0);
  await stranger.close();

  // A temporary user, made permanent.
  const temporary = newEmail('temp');
  await invite(page, temporary, { temporary: true });
  await expect(rowOf(page, temporary)).toContainText('Temporary until');
  await rowAction(page, temporary, 'Make permanent');
  await expect(rowOf(page, temporary)).not.toContainText('Temporary until');
});

test('the Read Only administrator sees the users, has no change enabled, and a forced call is refused', async ({
  page,
  request,
}) => {
  const tenant = await createJourneyTenant(request);
  await signInAndOpenSection(page, tenant.readOnly, 'users');
  await expect(rowOf(page, tenant.member.email)).toBeVisible();
  await expect(rowOf(page, tenant.admin.email)).toBeVisible();
  for (const name of ['Invite user', 'Add users in bulk', 'Invite link']) {
    await expect(page.getByRole('button', { name })).toHaveCount(0);
  }
  await expect(page.getByRole('button', { name: `Actions for ${tenant.member.email}` })).toBeDisabled();

  const forced = await request.post(`${API}/tenants/users/v1/${tenant.member.id}/disable`, {
    headers: { authorization: await bearerOf(request, tenant.readOnly) },
  });
  expect(forced.status()).toBe(403);
  expect(((await forced.json()) as { errors: string[] }).errors).toEqual(['Not authorized']);
  await page.reload();
  await expect(rowOf(page, tenant.member.email)).not.toContainText('Disabled');
});
