// Issue 15: the Subscription section's card form with Stripe (PAYMENT_PROVIDER=stripe). Stripe cannot be
// reached from the journeys' machine, so this journey runs only when the server was started with Stripe
// test keys (see apps/identity/README.md) and checks what holds offline: the dialog asks for Stripe.js
// (the pages' CSP lets the request out: it reaches the browser's network layer, where it is cut here, as
// offline), says the card form could not be loaded, and loads it again on "Try again".
import { expect, test } from '@playwright/test';
import { createJourneyTenant } from '../support/admin';
import { signInAndOpenSection } from '../support/admin-session';

test.skip(process.env.PAYMENT_PROVIDER !== 'stripe', 'needs the server started with PAYMENT_PROVIDER=stripe');

test("the Admin is told when Stripe's card form cannot be loaded, and can try again", async ({
  page,
  request,
}) => {
  const asked: string[] = [];
  await page.route('https://js.stripe.com/**', (route) => {
    asked.push(route.request().url());
    return route.abort('internetdisconnected');
  });
  const tenant = await createJourneyTenant(request);
  await signInAndOpenSection(page, tenant.admin, 'subscription');
  await page
    .getByRole('region', { name: 'Payment method' })
    .getByRole('button', { name: 'Add card' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Add card' });
  await expect(
    dialog.getByText("Stripe's card form could not be loaded. Check your connection and try again."),
  ).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save card' })).toBeDisabled();
  expect(asked.length).toBeGreaterThan(0);

  const before = asked.length;
  await dialog.getByRole('button', { name: 'Try again' }).click();
  await expect(
    dialog.getByText("Stripe's card form could not be loaded. Check your connection and try again."),
  ).toBeVisible();
  await expect.poll(() => asked.length).toBeGreaterThan(before);
});
