// Issue 4: the Security section; its policies take effect in the login box and on the API.
import { expect, test, type Page } from '@playwright/test';
import { LoginPage } from '../pages/login-page';
import { createJourneyTenant } from '../support/admin';
import { bearerOf, signInAndOpenSection } from '../support/admin-session';

const SESSIONS = '/frontegg/identity/resources/configurations/sessions/v1';
const IP_RESTRICTIONS = '/frontegg/identity/resources/configurations/v1/restrictions/ip';

const openTab = async (page: Page, name: string) => {
  await page.getByRole('tab', { name }).click();
  return page.getByRole('tabpanel', { name });
};

test('the Admin changes each tab and sees the effect', async ({ page, request, browser }) => {
  const tenant = await createJourneyTenant(request);
  const portal = await signInAndOpenSection(page, tenant.admin, 'security');
  await expect(portal.heading('Security')).toBeVisible();
  await expect(page.getByText(/Score: \d+ \/ 100/)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Recommendations' })).toContainText(
    'Require multi-factor authentication',
  );

  // Session management: a limit of three concurrent sessions.
  const sessions = await openTab(page, 'Session management');
  await sessions.getByLabel('Maximum concurrent sessions').check({ force: true });
  await sessions.getByLabel('Sessions per user').fill('3');
  await sessions.getByRole('button', { name: 'Save session settings' }).click();
  await expect(sessions.getByText('Changes saved')).toBeVisible();
  const policy = await request.get(SESSIONS, {
    headers: { authorization: await bearerOf(request, tenant.admin) },
  });
  expect((await policy.json()).sessionConcurrentConfiguration).toEqual({ isActive: true, maxSessions: 3 });

  // IP restrictions: the current address is tested; a test range goes on the block list.
  const ip = await openTab(page, 'IP restrictions');
  await ip.getByRole('button', { name: 'Test my IP' }).click();
  // The result names the address the server sees (the metadata call's current IP).
  await expect(ip.getByText(/^Your current IP address \S+ is allowed\.$/)).toBeVisible();
  await ip.getByText('Block list', { exact: true }).click();
  await ip.getByLabel('IP address or CIDR range').fill('203.0.113.0/24');
  await ip.getByLabel('Description').fill('Test network');
  await ip.getByRole('button', { name: 'Add to block list' }).click();
  await expect(ip.getByRole('table', { name: 'Block list' })).toContainText('203.0.113.0/24');
  await ip.getByLabel('Enforce IP restrictions').check({ force: true });
  await ip.getByRole('button', { name: 'Save IP settings' }).click();
  await expect(ip.getByText('Changes saved')).toBeVisible();
  // An allow list without this browser's address would lock the administrator out: the impact preview
  // (issue 14) asks them to confirm, and the server still refuses it.
  await ip.getByText('Allow list', { exact: true }).click();
  await ip.getByRole('button', { name: 'Save IP settings' }).click();
  const review = page.getByRole('dialog', { name: 'Review the impact before saving' });
  await review.getByRole('checkbox', { name: 'I understand this will sign me out' }).check();
  await review.getByRole('button', { name: 'Save IP settings' }).click();
  await expect(ip.getByText('This change would block your current IP address')).toBeVisible();
  // The refused change was not saved: the block list is still the one enforced.
  await page.reload();
  const reloaded = await openTab(page, 'IP restrictions');
  await expect(reloaded.getByLabel('Enforce IP restrictions')).toBeChecked();
  await expect(reloaded.getByRole('table', { name: 'Block list' })).toContainText('203.0.113.0/24');

  // Domain restrictions: a blocked domain refuses an invitation.
  const domains = await openTab(page, 'Domain restrictions');
  await domains.getByText('Block list', { exact: true }).click();
  await domains.getByRole('textbox', { name: 'Email domain' }).fill('blocked.example');
  await domains.getByRole('button', { name: 'Add domain' }).click();
  await expect(domains.getByRole('table', { name: 'Blocked domains' })).toContainText('blocked.example');
  await domains.getByLabel('Restrict email domains').check({ force: true });
  await domains.getByRole('button', { name: 'Save domain settings' }).click();
  await expect(domains.getByText('Changes saved')).toBeVisible();
  const invite = await request.post('/frontegg/identity/resources/users/v1', {
    headers: { authorization: await bearerOf(request, tenant.admin) },
    data: { email: `someone-${Date.now()}@blocked.example`, name: 'Someone' },
  });
  expect(invite.status()).toBe(403);
  expect((await invite.json()).errorCode).toBe('ER-SECURITY-DOMAIN-RESTRICTED');

  // General settings, last (it binds the Admin too): MFA required, so the member's next sign-in must enroll.
  const general = await openTab(page, 'General settings');
  await general.getByLabel('Multi-factor authentication').click();
  await page.getByRole('option', { name: 'Required for everyone' }).click();
  await general.getByRole('button', { name: 'Save general settings' }).click();
  // The impact preview (issue 14) lists the members not enrolled before the save.
  const mfaReview = page.getByRole('dialog', { name: 'Review the impact before saving' });
  await expect(mfaReview).toContainText(tenant.member.email);
  await mfaReview.getByRole('button', { name: 'Save general settings' }).click();
  await expect(general.getByText('Changes saved')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Recommendations' })).not.toContainText(
    'Require multi-factor authentication',
  );
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  const login = new LoginPage(memberPage);
  await login.goto();
  await login.signIn(tenant.member.email, tenant.member.password);
  await expect(memberPage.getByRole('heading', { name: 'Set up two-factor authentication' })).toBeVisible();
  await memberContext.close();
});

test('the Read Only administrator sees every tab, cannot save, and a forced call is refused', async ({
  page,
  request,
}) => {
  const tenant = await createJourneyTenant(request);
  const portal = await signInAndOpenSection(page, tenant.readOnly, 'security');
  await expect(portal.heading('Security')).toBeVisible();
  const saves: [string, string][] = [
    ['Session management', 'Save session settings'],
    ['General settings', 'Save general settings'],
    ['IP restrictions', 'Save IP settings'],
    ['Domain restrictions', 'Save domain settings'],
  ];
  for (const [tab, save] of saves) {
    const panel = await openTab(page, tab);
    await expect(panel.getByRole('button', { name: save })).toBeDisabled();
  }
  await expect(page.getByRole('button', { name: 'Add domain' })).toHaveCount(0);
  const forced = await request.post(SESSIONS, {
    headers: { authorization: await bearerOf(request, tenant.readOnly) },
    data: { sessionIdleTimeoutConfiguration: { isActive: true, timeout: 600 } },
  });
  expect(forced.status()).toBe(403);
});

test('an IP list shows its first 4 entries, then 10 more at each "Show more" (SPEC section 9)', async ({
  page,
  request,
}) => {
  const tenant = await createJourneyTenant(request);
  const authorization = await bearerOf(request, tenant.admin);
  // Fifteen documentation-range addresses on the block list (not enforced: nobody is locked out).
  for (let host = 1; host <= 15; host += 1) {
    const added = await request.post(IP_RESTRICTIONS, {
      headers: { authorization },
      data: { ip: `198.51.100.${host}`, strategy: 'BLOCK', isActive: true, description: `Host ${host}` },
    });
    expect(added.status(), await added.text()).toBeLessThan(300);
  }

  await signInAndOpenSection(page, tenant.admin, 'security');
  const ip = await openTab(page, 'IP restrictions');
  await ip.getByText('Block list', { exact: true }).click();
  const rows = ip.getByRole('table', { name: 'Block list' }).locator('tbody tr');
  await expect(rows).toHaveCount(4);
  await ip.getByRole('button', { name: 'Show more' }).click();
  await expect(rows).toHaveCount(10);
  await ip.getByRole('button', { name: 'Show more' }).click();
  await expect(rows).toHaveCount(15);
  await expect(ip.getByRole('button', { name: 'Show more' })).toHaveCount(0);

  // Another list starts again at its first rows.
  await ip.getByText('Allow list', { exact: true }).click();
  await expect(ip.getByText('No addresses on this list')).toBeVisible();
  await ip.getByText('Block list', { exact: true }).click();
  await expect(rows).toHaveCount(4);
});

test('the security center lists users not enrolled in MFA; Read Only cannot send resets', async ({
  page,
  request,
}) => {
  const tenant = await createJourneyTenant(request);
  await signInAndOpenSection(page, tenant.readOnly, 'security');
  const unenrolled = await openTab(page, 'Not enrolled in MFA');
  // The member never signed in: no MFA device, and no last login.
  const row = unenrolled
    .getByRole('table', { name: 'Not enrolled in MFA' })
    .getByRole('row')
    .filter({ hasText: tenant.member.email });
  await expect(row).toContainText('Never');
  const breached = await openTab(page, 'Breached passwords');
  await expect(breached.getByText('No breached passwords')).toBeVisible();
  await expect(breached.getByRole('button', { name: 'Send password reset' })).toBeDisabled();
  const inactive = await openTab(page, 'Inactive users');
  await expect(inactive.getByText('No inactive users')).toBeVisible();
  const forced = await request.post('/frontegg/identity/resources/users/v1/passwords/breached/reset/bulk', {
    headers: { authorization: await bearerOf(request, tenant.readOnly) },
  });
  expect(forced.status()).toBe(403);
});
