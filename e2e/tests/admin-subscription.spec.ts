// Issue 15: the Subscription section with the development payment provider (offline, Stripe's test
// cards). The Admin sees the Free plan, is refused a declined card, saves a good one, upgrades to
// Premium, finds its invoice and downloads the PDF, cancels at the period's end and renews.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { createJourneyTenant } from '../support/admin';
import { signInAndOpenSection } from '../support/admin-session';
import { checkScreen } from '../support/screen-check';

const NEXT_YEAR = String((new Date().getUTCFullYear() + 2) % 100).padStart(2, '0');

test('the Admin adds a card, upgrades to Premium, downloads the invoice, cancels and renews', async ({
  page,
  request,
}) => {
  // Five screens checked at two widths each.
  test.setTimeout(180_000);
  const tenant = await createJourneyTenant(request);
  const portal = await signInAndOpenSection(page, tenant.admin, 'subscription');
  await expect(portal.heading('Subscription')).toBeVisible();
  await expect(portal.navLink('Subscription')).toBeVisible();

  const plan = page.getByRole('region', { name: 'Current plan' });
  await expect(plan.getByText('Free', { exact: true })).toBeVisible();
  await expect(plan.getByText('ACTIVE', { exact: true })).toBeVisible();
  await expect(plan.getByText('$0.00 / month')).toBeVisible();
  await expect(page.getByText('No invoices yet')).toBeVisible();
  await checkScreen(page, 'subscription-free');

  // A declined card: the form says so and stays open.
  const payment = page.getByRole('region', { name: 'Payment method' });
  await payment.getByRole('button', { name: 'Add card' }).click();
  const cardForm = page.getByRole('dialog', { name: 'Add card' });
  await expect(cardForm.getByLabel('Card number')).toHaveAttribute('autocomplete', 'cc-number');
  await expect(cardForm.getByLabel('Expiry (MM/YY)')).toHaveAttribute('autocomplete', 'cc-exp');
  await expect(cardForm.getByLabel('CVC')).toHaveAttribute('autocomplete', 'cc-csc');
  await expect(cardForm.getByLabel('Name on card')).toHaveAttribute('autocomplete', 'cc-name');
  await cardForm.getByLabel('Card number').fill('4000 0000 0000 0002');
  await cardForm.getByLabel('Expiry (MM/YY)').fill(`12/${NEXT_YEAR}`);
  await cardForm.getByLabel('CVC').fill('123');
  await cardForm.getByLabel('Name on card').fill('Ada Lovelace');
  await cardForm.getByRole('button', { name: 'Save card' }).click();
  await expect(cardForm.getByRole('alert')).toHaveText('Your card was declined.');
  await checkScreen(page, 'subscription-card-declined');

  // The good test card is saved: only its brand and last 4 digits are shown.
  await cardForm.getByLabel('Card number').fill('4242 4242 4242 4242');
  await cardForm.getByRole('button', { name: 'Save card' }).click();
  await expect(cardForm).toBeHidden();
  await expect(payment.getByText('VISA •••• 4242')).toBeVisible();

  // Upgrade to Premium.
  await plan.getByRole('button', { name: 'Change plan' }).click();
  const change = page.getByRole('dialog', { name: 'Change plan' });
  await expect(change.getByLabel('Premium: $100.00 / month')).toBeVisible();
  await change.getByLabel('Premium: $100.00 / month').check();
  await checkScreen(page, 'subscription-change-plan');
  await change.getByRole('button', { name: 'Change plan' }).click();
  await expect(change).toBeHidden();
  await expect(plan.getByText('Premium', { exact: true })).toBeVisible();
  await expect(plan.getByText('$100.00 / month')).toBeVisible();

  // Its invoice, downloaded as a PDF.
  const invoices = page.getByRole('region', { name: 'Invoices' });
  await expect(invoices.getByRole('cell', { name: '$100.00' })).toBeVisible();
  await expect(invoices.getByRole('cell', { name: 'Paid' })).toBeVisible();
  const receipt = (await invoices.locator('tbody tr td').first().textContent()) ?? '';
  expect(receipt).toMatch(/^BRZ-/);
  const downloading = page.waitForEvent('download');
  await invoices.getByRole('button', { name: `Download invoice ${receipt}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`invoice-${receipt}.pdf`);
  const pdf = await readFile(await download.path());
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.toString('latin1')).toContain('$100.00');
  await checkScreen(page, 'subscription-premium');

  // Cancel: asked first; the plan stays until the period ends, marked as pending.
  await plan.getByRole('button', { name: 'Cancel subscription' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel subscription?' });
  await expect(confirm).toContainText('Premium plan stays active until');
  await confirm.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(confirm).toBeHidden();
  await expect(plan.getByText('Cancellation pending')).toBeVisible();
  await expect(plan.getByText(/Your plan ends on/)).toBeVisible();
  await expect(plan.getByRole('button', { name: 'Cancel subscription' })).toHaveCount(0);
  await checkScreen(page, 'subscription-cancellation-pending');

  // Renew: the cancellation is taken back.
  await plan.getByRole('button', { name: 'Renew subscription' }).click();
  await expect(plan.getByText('Cancellation pending')).toHaveCount(0);
  await expect(plan.getByText(/Renews on/)).toBeVisible();
  await expect(plan.getByRole('button', { name: 'Cancel subscription' })).toBeVisible();
});
