// Issue 14: the Usage section and its reports. The Admin sees the account's sign-ins as charts, changes
// the range, previews a report, mails it and finds it in the dev mailbox, and schedules it; the Read Only
// administrator sees the same usage and previews reports but can neither send nor schedule them.
import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { createJourneyTenant } from '../support/admin';
import { bearerOf, signInAndOpenSection } from '../support/admin-session';
import type { MailMessage } from '../support/mailbox';
import { checkScreen } from '../support/screen-check';

/** The newest dev-mailbox message to `to` with the subject, once it arrives. */
async function waitForMail(request: APIRequestContext, to: string, subject: string): Promise<MailMessage> {
  let found: MailMessage | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/dev/api/mailbox?to=${encodeURIComponent(to)}`);
        found = ((await response.json()) as MailMessage[]).find((message) => message.subject === subject);
        return found;
      },
      { message: `a mail to ${to}: ${subject}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return found as MailMessage;
}

test('the Admin reads the usage charts, previews a report, mails it and schedules it', async ({
  page,
  request,
}) => {
  // Six screens checked at two widths each, and two mails waited for.
  test.setTimeout(240_000);
  const tenant = await createJourneyTenant(request);
  const portal = await signInAndOpenSection(page, tenant.admin, 'usage');
  await expect(portal.heading('Usage')).toBeVisible();

  // The Admin's own sign-in is today's: one active user, one password sign-in.
  const signIns = page.getByRole('figure', { name: 'Sign-ins per day by method' });
  await expect(signIns).toContainText(/[1-9][\d,]* sign-ins? in all/);
  await expect(page.locator('dl').getByText('Monthly active users').locator('..')).toContainText(/[1-9]/);
  await expect(signIns.getByRole('list', { name: /Legend/ }).getByRole('listitem')).toHaveCount(7);
  await expect(page.getByRole('table', { name: 'Failed sign-ins per day' }).locator('tbody tr')).toHaveCount(
    30,
  );
  await checkScreen(page, 'usage-overview');

  // The segmented control's radio is hidden under its label, which is what a person clicks.
  await page.getByText('7 days', { exact: true }).click();
  await expect(page.getByRole('table', { name: 'Failed sign-ins per day' }).locator('tbody tr')).toHaveCount(
    7,
  );
  await expect(
    page.getByRole('table', { name: 'Sign-ins per day by method' }).locator('tbody tr'),
  ).toHaveCount(7);

  // Reports: preview the security summary in its sandboxed frame.
  await page.getByRole('tab', { name: 'Reports' }).click();
  const summary = page.getByRole('region', { name: 'Security summary' });
  await expect(summary).toContainText('Not scheduled');
  await checkScreen(page, 'usage-reports');
  await summary.getByRole('button', { name: 'Preview Security summary' }).click();
  const preview = page.getByRole('dialog', { name: 'Preview: Security summary' });
  const frame = preview.frameLocator('iframe[title="Security summary report"]');
  await expect(frame.getByRole('heading', { name: 'Security summary', level: 1 })).toBeVisible();
  await expect(frame.getByText(tenant.name)).toBeVisible();
  await checkScreen(page, 'usage-report-preview');

  // The same report as a PDF file.
  const downloading = page.waitForEvent('download');
  await preview.getByRole('button', { name: 'Download PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^Security summary \d{4}-\d{2}-\d{2}\.pdf$/);
  expect((await readFile(await download.path())).subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');

  // Send it now to the Admin and the Read Only administrator: both find it in their mailbox.
  await preview.getByRole('button', { name: 'Send now' }).click();
  const send = page.getByRole('dialog', { name: 'Send Security summary' });
  await send
    .getByRole('textbox', { name: /Recipients/ })
    .fill(`${tenant.admin.email}, ${tenant.readOnly.email}`);
  await send.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Security summary sent to' })).toBeVisible();
  const mail = await waitForMail(request, tenant.admin.email, `Security summary for ${tenant.name}`);
  expect(mail.html).toContain('<h1>Security summary</h1>');
  expect(mail.text).toContain('Sign-ins by method');
  await waitForMail(request, tenant.readOnly.email, `Security summary for ${tenant.name}`);

  // A stranger is refused: reports go to members of the account only.
  await summary.getByRole('button', { name: 'Send Security summary now' }).click();
  await send.getByRole('textbox', { name: /Recipients/ }).fill('stranger@elsewhere.example');
  await send.getByRole('button', { name: 'Send report' }).click();
  await expect(send.getByText(/stranger@elsewhere.example is not one/)).toBeVisible();
  await send.getByRole('button', { name: 'Cancel' }).click();

  // Schedule it every Friday at 07:30 in Paris.
  await summary.getByRole('button', { name: 'Schedule Security summary' }).click();
  const schedule = page.getByRole('dialog', { name: 'Schedule Security summary' });
  await schedule.getByLabel('Day').selectOption({ label: 'Friday' });
  await schedule.getByLabel('Time', { exact: true }).fill('07:30');
  await schedule.getByLabel('Time zone').selectOption('Europe/Paris');
  await checkScreen(page, 'usage-report-schedule');
  await schedule.getByRole('button', { name: 'Save schedule' }).click();
  await expect(page.getByRole('status')).toContainText(
    'Security summary is scheduled: Weekly on Friday at 07:30 (Europe/Paris).',
  );
  await expect(summary).toContainText('Scheduled');
  await expect(summary).toContainText(/Next mail .* · 1 recipient/);
});

test('the Read Only administrator sees the usage and previews reports, but cannot send or schedule them', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const tenant = await createJourneyTenant(request);
  const portal = await signInAndOpenSection(page, tenant.readOnly, 'usage');
  await expect(portal.heading('Usage')).toBeVisible();
  await expect(page.getByRole('figure', { name: 'Sign-ins per day by method' })).toContainText(
    /sign-ins? in all/,
  );
  await expect(page.getByRole('figure', { name: 'API-token exchanges per day' })).toBeVisible();

  await page.getByRole('tab', { name: 'Reports' }).click();
  const digest = page.getByRole('region', { name: 'Audit digest' });
  await expect(digest.getByRole('button', { name: 'Preview Audit digest' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Send .* now$/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Schedule / })).toHaveCount(0);
  await expect(page.getByText(/Sending and scheduling them needs permission/)).toBeVisible();
  await checkScreen(page, 'usage-reports-read-only');

  await digest.getByRole('button', { name: 'Preview Audit digest' }).click();
  const preview = page.getByRole('dialog', { name: 'Preview: Audit digest' });
  await expect(
    preview
      .frameLocator('iframe[title="Audit digest report"]')
      .getByRole('heading', { name: 'Audit digest' }),
  ).toBeVisible();
  await expect(preview.getByRole('button', { name: 'Send now' })).toHaveCount(0);

  // The server refuses too: sending needs an administrator's write permission.
  const refused = await request.post('/frontegg/reports/engine/resources/triggers/v1/tenant-reports', {
    headers: { authorization: await bearerOf(request, tenant.readOnly) },
    data: { templateId: 'audit-digest', to: [tenant.readOnly.email] },
  });
  expect(refused.status()).toBe(403);
});
