// Issue 14: the Audit logs section, as the demo Admin uses it after a change: find the change's event,
// narrow the log by severity and text, read the event in full, export the view as CSV, and find the
// view again after a reload; the Read Only demo administrator reads the log and its retention and
// changes nothing. The demo tenant is shared with journeys running in parallel: the Admin's one change
// (the retention) is put back at the end, and every check looks for this journey's own event.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { AdminPortalPage } from '../pages/admin-portal-page';
import { DEMO_PASSWORD } from '../support/env';
import { checkScreen } from '../support/screen-check';

const SHOTS = '/tmp/shots-audits';

const openAudits = async (page: Page, email: string) => {
  const portal = new AdminPortalPage(page);
  await portal.signInAndOpen(email, DEMO_PASSWORD, 'audits');
  await expect(portal.heading('Audit logs')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Audit events' })).toBeVisible();
};

const retentionCard = (page: Page) => page.getByRole('region', { name: 'Retention' });

test('the demo Admin finds a change in the audit log, narrows it, reads it in full and exports it', async ({
  page,
}) => {
  // Many steps, two of them screens checked at two widths each.
  test.setTimeout(180_000);
  await openAudits(page, 'admin@brizo.test');
  await expect(page.getByRole('region', { name: 'Audit stats' })).toContainText('Events today');

  // An audited change: the log keeps events for a number of days of the Admin's choosing. The days
  // are this run's own, so its event is told from those of other runs.
  const days = 400 + (Date.now() % 3000);
  const retention = retentionCard(page);
  await retention.getByText('A number of days').click();
  const daysInput = retention.getByRole('textbox', { name: 'Days to keep events' });
  await daysInput.fill(String(days));
  await retention.getByRole('button', { name: 'Save retention' }).click();
  await expect(retention.getByRole('status')).toHaveText('Retention saved.');
  await expect(retention).toContainText(
    `Events are kept for ${days.toLocaleString('en-US')} days, then deleted.`,
  );

  // The change is the newest High event; the search finds it by its description.
  const severity = page.getByRole('combobox', { name: 'Severity' });
  await severity.click();
  await page.getByRole('option', { name: 'High' }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/severity=High/);
  await page.getByRole('searchbox', { name: 'Search' }).fill(`kept for ${days} days`);
  await expect(page).toHaveURL(new RegExp(`search=kept\\+for\\+${days}\\+days`));
  const table = page.getByRole('table', { name: 'Audit events' });
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Audit log retention updated');
  await expect(rows.first()).toContainText('admin@brizo.test');
  await expect(rows.first().locator('[data-severity]')).toHaveText('High');
  const chips = page.getByRole('group', { name: 'Active filters' });
  await expect(chips).toContainText('Severity: High');
  await checkScreen(page, 'audits-filtered');
  await page.screenshot({ path: `${SHOTS}/filtered.png`, fullPage: true });

  // The event in full, from the keyboard: its JSON says what changed.
  await rows.first().focus();
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: 'Audit log retention updated' });
  await expect(drawer).toBeVisible();
  const details = drawer.getByLabel('Details', { exact: true });
  await expect(details).toContainText(`"retentionDays": ${days}`);
  await expect(details).toContainText('"before"');
  await checkScreen(page, 'audits-details');
  await page.screenshot({ path: `${SHOTS}/details.png`, fullPage: true });
  await drawer.getByRole('button', { name: 'Close event details' }).click();
  await expect(drawer).toBeHidden();

  // The filtered view as CSV: the table's columns, this event's row.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await download.path(), 'utf8');
  const lines = csv.split('\r\n');
  expect(lines[0]).toBe('Time,Severity,Action,Description,Email,IP address');
  expect(lines[1]).toContain(
    `,High,Audit log retention updated,Audit events are kept for ${days} days,admin@brizo.test,`,
  );
  expect(lines.filter(Boolean)).toHaveLength(2);
  await expect(page.getByRole('status').filter({ hasText: 'Exported 1 row' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/exported.png`, fullPage: true });

  // A reload shows the same view: the filters are in the address.
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue(`kept for ${days} days`);
  await expect(page.getByRole('group', { name: 'Active filters' })).toContainText('Severity: High');
  await expect(page.getByRole('table', { name: 'Audit events' }).locator('tbody tr')).toHaveCount(1);

  // The whole log again, sorted by action: the header says how it is sorted.
  await page
    .getByRole('group', { name: 'Active filters' })
    .getByRole('button', { name: 'Clear filters' })
    .click();
  await expect(page).not.toHaveURL(/severity=/);
  await table.getByRole('button', { name: /^Action/ }).click();
  await expect(table.getByRole('columnheader', { name: /Action/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await expect(page).toHaveURL(/sortBy=action/);
  await checkScreen(page, 'audits-list');
  await page.screenshot({ path: `${SHOTS}/list.png`, fullPage: true });

  // The retention back to the default.
  await retention.getByText(/^The default/).click();
  await retention.getByRole('button', { name: 'Save retention' }).click();
  await expect(retention).toContainText('(the default), then deleted.');
});

test('the Read Only demo administrator reads the log and its retention, and cannot change it', async ({
  page,
  request,
}) => {
  await openAudits(page, 'readonly@brizo.test');
  await expect(page.getByRole('table', { name: 'Audit events' }).locator('tbody tr').first()).toBeVisible();
  const retention = retentionCard(page);
  await expect(retention).toContainText(/Events are kept for [\d,]+ days/);
  await expect(retention.getByRole('button', { name: 'Save retention' })).toHaveCount(0);
  await expect(retention.getByRole('radio')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  await checkScreen(page, 'audits-read-only');
  await page.screenshot({ path: `${SHOTS}/read-only.png`, fullPage: true });

  // The server refuses the change too.
  const signIn = await request.post('/frontegg/identity/resources/auth/v1/user', {
    data: { email: 'readonly@brizo.test', password: DEMO_PASSWORD },
  });
  const { accessToken } = (await signIn.json()) as { accessToken: string };
  const refused = await request.put('/frontegg/audits/settings', {
    headers: { authorization: `Bearer ${accessToken}` },
    data: { retentionDays: 30 },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { errorCode: string }).errorCode).toBe('ER-ADMIN-FORBIDDEN');
});
