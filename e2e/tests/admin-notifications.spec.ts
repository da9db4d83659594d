// Issue 14: the portal header's notifications. A tenant's severe events (High, Critical) reach its
// administrators' bell once the event dispatcher has handed them on; each person's list is their own.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { AdminPortalPage } from '../pages/admin-portal-page';
import { createJourneyTenant } from '../support/admin';
import { bearerOf, signInAndOpenSection } from '../support/admin-session';
import { checkScreen } from '../support/screen-check';

const NOTIFICATIONS = '/frontegg/notification';
const SESSIONS = '/frontegg/identity/resources/configurations/sessions/v1';
const IP_RESTRICTIONS = '/frontegg/identity/resources/configurations/v1/restrictions/ip';

const bellOf = (page: Page): Locator => page.getByRole('button', { name: /^Notifications, \d+ unread$/ });

/**
 * The bell's count once it has asked again. It asks every minute and whenever the window regains
 * focus: the journey brings the window back into focus rather than waiting a minute.
 */
async function expectUnread(page: Page, unread: number): Promise<void> {
  await expect(async () => {
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect(bellOf(page)).toHaveAccessibleName(`Notifications, ${unread} unread`, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

const itemOf = (panel: Locator, title: string): Locator =>
  panel.getByRole('listitem').filter({ hasText: title });

test('the Admin hears of a severe change, pins one, marks all read; the Read Only administrator has their own', async ({
  page,
  request,
  browser,
}) => {
  // Two browser sessions and two screens checked at two widths each.
  test.setTimeout(180_000);
  const tenant = await createJourneyTenant(request);
  const portal = await signInAndOpenSection(page, tenant.admin, 'profile');
  await expect(portal.heading('Profile')).toBeVisible();
  await expectUnread(page, 0);

  // Two High-severity changes of the Security section, made through its API (the Security journey
  // covers its screens): a limit of concurrent sessions, then an address on the IP block list.
  const changed = await request.post(SESSIONS, {
    headers: { authorization: await bearerOf(request, tenant.admin) },
    data: { sessionConcurrentConfiguration: { isActive: true, maxSessions: 3 } },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  await expectUnread(page, 1);
  const added = await request.post(IP_RESTRICTIONS, {
    headers: { authorization: await bearerOf(request, tenant.admin) },
    data: { ip: '198.51.100.7', strategy: 'BLOCK', isActive: true, description: 'Journey host' },
  });
  expect(added.status(), await added.text()).toBeLessThan(300);
  await expectUnread(page, 2);
  await expect(page.getByTestId('notifications-badge')).toHaveText('2');
  await checkScreen(page, 'notifications-bell');

  // The panel: newest first, each with its severity, age and actions.
  await bellOf(page).click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('listitem').first()).toContainText('IP restriction saved');
  const policy = itemOf(panel, 'Session policy updated');
  await expect(policy).toContainText('High');
  await expect(policy).toContainText(/just now|minute/);
  await checkScreen(page, 'notifications-panel');

  // Pinned, the older one leads the list.
  await policy.getByRole('button', { name: 'Pin: Session policy updated' }).click();
  await expect(policy.getByRole('button', { name: 'Unpin: Session policy updated' })).toBeVisible();
  await expect(panel.getByRole('listitem').first()).toContainText('Session policy updated');
  await expect(panel.getByRole('listitem').first()).toContainText('Pinned');

  await panel.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(bellOf(page)).toHaveAccessibleName('Notifications, 0 unread');
  await expect(page.getByTestId('notifications-badge')).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();

  // Escape closes the panel and gives the focus back to the bell.
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(bellOf(page)).toBeFocused();

  // Opening a notification goes to the audit log, searched on its action.
  await bellOf(page).click();
  await page
    .getByRole('dialog', { name: 'Notifications' })
    .getByRole('button', { name: 'Open: IP restriction saved' })
    .click();
  await expect(page).toHaveURL(/\/admin-portal\/audits\?search=IP%20restriction%20saved$/);

  // The Read Only administrator may read the audit log: told of both, in a list of their own that the
  // Admin's pin and "mark all as read" did not touch.
  const readOnlyContext = await browser.newContext();
  const readOnlyPage = await readOnlyContext.newPage();
  const readOnlyPortal = new AdminPortalPage(readOnlyPage);
  await readOnlyPortal.signInAndOpen(tenant.readOnly.email, tenant.readOnly.password, 'profile');
  await expectUnread(readOnlyPage, 2);
  await bellOf(readOnlyPage).click();
  const readOnlyPanel = readOnlyPage.getByRole('dialog', { name: 'Notifications' });
  await expect(readOnlyPanel.getByRole('listitem')).toHaveCount(2);
  await expect(readOnlyPanel).not.toContainText('Pinned');
  await expect(readOnlyPanel.getByRole('listitem').first()).toContainText('IP restriction saved');

  // Nor can they change the Admin's: an id of someone else's answers as one that does not exist.
  const adminList = await request.get(NOTIFICATIONS, {
    headers: { authorization: await bearerOf(request, tenant.admin) },
  });
  const adminIds = ((await adminList.json()) as { data: Array<{ id: string }> }).data.map(
    (entry) => entry.id,
  );
  expect(adminIds).toHaveLength(2);
  const forced = await request.put(`${NOTIFICATIONS}/unpin`, {
    headers: { authorization: await bearerOf(request, tenant.readOnly) },
    data: { notificationId: adminIds[0] },
  });
  expect(forced.status()).toBe(404);
  await readOnlyContext.close();

  // The plain member holds no audit permission and was told nothing (through the API: no portal for them).
  const memberList = await request.get(NOTIFICATIONS, {
    headers: { authorization: await bearerOf(request, tenant.member) },
  });
  expect(((await memberList.json()) as { total: number }).total).toBe(0);
});
