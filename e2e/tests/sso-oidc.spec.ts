// Issue 13: OpenID Connect single sign-on, from the email step through the provider's sign-in page
// and /account/oidc/callback to the landing decision.
import { expect, test } from '@playwright/test';
import { createJourneyTenant } from '../support/admin';
import { OIDC_PROVIDER_URL } from '../support/env';
import {
  continueWithEmail,
  createSsoConnection,
  journeyDomain,
  signedInEmail,
  signInAtIdp,
} from '../support/sso';

test('an email on an OIDC domain signs in at the OpenID provider and lands in the product', async ({
  page,
  request,
}) => {
  const tenant = await createJourneyTenant(request);
  const domain = journeyDomain('oidc');
  await createSsoConnection(request, tenant.admin, {
    protocol: 'oidc',
    domain,
    defaultRoles: ['bfm-unrestricted'],
  });
  const email = `joan@${domain}`;

  await continueWithEmail(page, email);
  await expect(page.getByRole('status')).toHaveText(/Redirecting you to your company/);
  await page.waitForURL(`${OIDC_PROVIDER_URL}/**`);
  await expect(page.getByRole('heading', { name: 'Sign in to the test OpenID provider' })).toBeVisible();
  await signInAtIdp(page, email);

  await page.waitForURL('**/app');
  expect(await signedInEmail(page)).toBe(email);
});

test('an OIDC callback whose state was already used shows that single sign-on did not work', async ({
  page,
  request,
}) => {
  const tenant = await createJourneyTenant(request);
  const domain = journeyDomain('oidc-replay');
  await createSsoConnection(request, tenant.admin, { protocol: 'oidc', domain });
  const email = `ruth@${domain}`;

  await continueWithEmail(page, email);
  await page.waitForURL(`${OIDC_PROVIDER_URL}/**`);
  const callback = page.waitForURL('**/account/oidc/callback?**');
  await signInAtIdp(page, email);
  await callback;
  const used = page.url();
  await page.waitForURL('**/under-review');

  // The same callback address again (a copied link, a back button): the state is spent.
  await page.context().clearCookies();
  await page.goto(used);
  await expect(
    page.getByRole('heading', { name: "We couldn't sign you in with single sign-on" }),
  ).toBeVisible();
});
