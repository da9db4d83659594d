// Issue 14: the Webhooks section (SPEC section 4: "Webhook test shows failed on failure; webhook retry
// records success or failure"). The Admin points a webhook at a receiver the journey runs, tests it when
// it answers 200 and when it answers 500, sees a real delivery (a role created) in the log with its
// payload, and sends a failed one again; the Read Only administrator sees the webhooks and their log and
// changes nothing.
import { expect, test, type Page } from '@playwright/test';
import { createJourneyTenant } from '../support/admin';
import { bearerOf, signInAndOpenSection } from '../support/admin-session';
import { checkScreen } from '../support/screen-check';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

const ROLES = '/frontegg/identity/resources/roles/v1';
const SECRET = 'journey-signing-secret-0123456789';
const ROLE_CREATED = 'roles.roleCreated';

let receiver: WebhookReceiver;
test.beforeEach(async () => {
  receiver = await startWebhookReceiver();
});
test.afterEach(async () => {
  await receiver.close();
});

/** The requests of one event the receiver got. */
const receivedOf = (eventKey: string) =>
  receiver.received.filter((request) => request.headers['x-webhook-event'] === eventKey);

/** Sends the editor's test event and answers the outcome shown. */
async function sendTest(page: Page) {
  const editor = page.getByRole('dialog', { name: /webhook/i });
  await editor.getByRole('button', { name: 'Send test event' }).click();
  return editor.getByRole('status').filter({ hasText: 'Test event' });
}

test('the Admin adds a webhook, tests it, sees a delivery with its payload and retries a failed one', async ({
  page,
  request,
}) => {
  // Many steps, three screens checked with axe (the event picker alone has a hundred checkboxes).
  test.setTimeout(300_000);
  const tenant = await createJourneyTenant(request);
  const portal = await signInAndOpenSection(page, tenant.admin, 'webhooks');
  await expect(portal.heading('Webhooks')).toBeVisible();
  const channels = page.getByRole('region', { name: 'Channels' });
  await expect(channels.getByRole('listitem').first()).toContainText('Not configured');
  await expect(page.getByText('No webhooks yet')).toBeVisible();

  // The editor: name, the receiver's URL, a secret of our own, every Roles event.
  await page.getByRole('button', { name: 'Add webhook' }).click();
  const editor = page.getByRole('dialog', { name: 'Add webhook' });
  await editor.getByRole('textbox', { name: 'Display name' }).fill('Journey receiver');
  await editor.getByRole('textbox', { name: 'Description' }).fill('Posts role changes to the journey');
  await editor.getByRole('textbox', { name: 'URL' }).fill(receiver.url);
  await editor.getByLabel('Secret', { exact: true }).fill(SECRET);
  await editor.getByRole('button', { name: 'Show secret' }).click();
  await expect(editor.getByLabel('Secret', { exact: true })).toHaveAttribute('type', 'text');
  await editor.getByRole('searchbox', { name: 'Search events' }).fill('role');
  await editor.getByRole('checkbox', { name: 'All Roles events' }).check();
  await expect(editor.getByRole('checkbox', { name: /^Role created/ })).toBeChecked();
  await editor.getByRole('searchbox', { name: 'Search events' }).fill('');

  // The receiver answers 200: the test succeeds, signed with the secret typed.
  const outcome = await sendTest(page);
  await expect(outcome).toContainText('success');
  await expect(outcome).toContainText('The receiver answered 200');
  const tested = receiver.received.at(-1);
  expect(tested && receiver.isSigned(tested, SECRET)).toBe(true);
  await checkScreen(page, 'webhooks-editor');
  await editor.getByRole('button', { name: 'Add webhook' }).click();
  await expect(editor).toBeHidden();
  const row = page.getByRole('row', { name: /Journey receiver/ });
  await expect(row).toContainText(receiver.url);
  await expect(row.getByRole('cell').nth(4)).toHaveText('none');
  await expect(channels.getByRole('listitem').first()).toContainText('Configured');

  // The receiver answers 500: the test of the saved webhook shows "failed", with the status and answer.
  receiver.answerWith(500);
  await page.getByRole('button', { name: 'Edit Journey receiver' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit webhook Journey receiver' });
  const failed = await sendTest(page);
  await expect(failed).toContainText('failed');
  await expect(failed).toContainText('The receiver answered 500');
  await expect(failed.getByRole('region', { name: 'Response body' })).toContainText('"status": 500');
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toBeHidden();

  // An audited change (a role created) is delivered by the background job, and fails while the receiver
  // answers 500.
  const created = await request.post(ROLES, {
    headers: { authorization: await bearerOf(request, tenant.admin) },
    data: { key: 'webhook-watcher', name: 'Webhook watcher' },
  });
  expect(created.status()).toBe(201);
  await page.getByRole('button', { name: 'Delivery log of Journey receiver' }).click();
  const log = page.getByRole('table', { name: 'Deliveries of Journey receiver' });
  const delivery = log.getByRole('row', { name: /Role created/ }).filter({ hasNotText: 'Test' });
  await expect(delivery.first()).toContainText('500', { timeout: 30_000 });
  await expect(log.getByRole('row', { name: /Test/ }).first()).toContainText('failed');
  // The list follows: the delivery's attempt failed, and it waits for its next one (or has none left).
  await expect(row.getByRole('cell').nth(4)).toHaveText(/pending|failed/);

  await delivery
    .first()
    .getByRole('button', { name: /^Details of Role created/ })
    .click();
  const details = page.getByRole('dialog', { name: 'Delivery of Role created' });
  const payload = details.getByRole('region', { name: 'Request payload' });
  await expect(payload).toContainText(`"eventKey": "${ROLE_CREATED}"`);
  await expect(payload).toContainText('Webhook watcher');
  await expect(details.getByRole('region', { name: 'Request headers' })).toContainText(
    'x-webhook-signature: v1=',
  );
  await expect(details.getByRole('region', { name: 'Response body' })).toContainText('"status": 500');
  await checkScreen(page, 'webhooks-delivery-details');
  await details.getByRole('button', { name: 'Close dialog' }).click();
  await expect(details).toBeHidden();

  // The receiver is back: the failed delivery sent again is recorded as a success.
  receiver.answerWith(200);
  await delivery
    .first()
    .getByRole('button', { name: /^Retry Role created/ })
    .click();
  await expect(page.getByRole('status').filter({ hasText: 'was queued again' })).toBeVisible();
  await expect(
    log
      .getByRole('row', { name: /Role created/ })
      .filter({ hasText: 'succeeded' })
      .first(),
  ).toContainText('200', { timeout: 30_000 });
  const delivered = receivedOf(ROLE_CREATED).filter(
    (request) => request.status === 200 && request.body.includes('Webhook watcher'),
  );
  expect(delivered.length).toBeGreaterThan(0);
  expect(receiver.isSigned(delivered[0]!, SECRET)).toBe(true);
  await expect(row.getByRole('cell').nth(4)).toHaveText('succeeded', { timeout: 15_000 });
  await checkScreen(page, 'webhooks-log');

  // Deleting it asks first.
  await page.getByRole('button', { name: 'Delete Journey receiver' }).click();
  await page
    .getByRole('dialog', { name: 'Delete webhook' })
    .getByRole('button', { name: 'Delete webhook' })
    .click();
  await expect(page.getByText('No webhooks yet')).toBeVisible();
});

test('the Read Only administrator sees the webhooks and their log, without adding, editing, testing or retrying', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const tenant = await createJourneyTenant(request);
  receiver.answerWith(500);
  const admin = { authorization: await bearerOf(request, tenant.admin) };
  const created = await request.post('/frontegg/webhook/custom', {
    headers: admin,
    data: {
      displayName: 'Audit mirror',
      description: '',
      url: receiver.url,
      secret: SECRET,
      eventKeys: [ROLE_CREATED],
      isActive: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const webhookId = ((await created.json()) as { _id: string })._id;
  const tested = await request.post('/frontegg/webhook/test', {
    headers: admin,
    data: { url: receiver.url, secret: null, webhookId },
  });
  expect(((await tested.json()) as { status: string }).status).toBe('failed');

  const portal = await signInAndOpenSection(page, tenant.readOnly, 'webhooks');
  await expect(portal.heading('Webhooks')).toBeVisible();
  const row = page.getByRole('row', { name: /Audit mirror/ });
  await expect(row).toContainText('Active');
  await expect(row.getByRole('switch')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add webhook' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit Audit mirror' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete Audit mirror' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Delivery log of Audit mirror' }).click();
  const log = page.getByRole('table', { name: 'Deliveries of Audit mirror' });
  const attempt = log.getByRole('row', { name: /Test/ }).first();
  await expect(attempt).toContainText('500');
  await expect(log.getByRole('button', { name: /^Retry/ })).toHaveCount(0);
  await checkScreen(page, 'webhooks-read-only');
  await attempt.getByRole('button', { name: /^Details of/ }).click();
  await expect(
    page.getByRole('dialog', { name: /^Delivery of/ }).getByRole('region', { name: 'Request payload' }),
  ).toContainText('"test": true');

  // The other channels are visible too, without their controls.
  await page.getByRole('button', { name: 'Close dialog' }).click();
  await page.getByRole('tab', { name: 'Email' }).click();
  await expect(page.getByText('No email notifications yet')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add event' })).toHaveCount(0);

  // A forced change is refused by the server.
  const readOnly = { authorization: await bearerOf(request, tenant.readOnly) };
  expect((await request.delete(`/frontegg/webhook/${webhookId}`, { headers: readOnly })).status()).toBe(403);
  expect(
    (
      await request.post('/frontegg/webhook/test', {
        headers: readOnly,
        data: { url: receiver.url, webhookId },
      })
    ).status(),
  ).toBe(403);
});
