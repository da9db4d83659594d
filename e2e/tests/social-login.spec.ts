// Issue 13: social login. The vendor turns Google on (its endpoints pointed at the journeys' OpenID
// provider); the login box offers "Continue with Google"; a new person with a work email signs up
// through it and starts a trial; the same person signs in through it again later.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, OIDC_PROVIDER_URL, OIDC_SOCIAL_CLIENT } from '../support/env';
import { checkScreen } from '../support/screen-check';
import { journeyDomain, signedInEmail, signInAtIdp } from '../support/sso';

const SOCIAL = '/frontegg/identity/resources/sso/v1';

async function superuserBearer(request: APIRequestContext): Promise<string> {
  const response = await request.post('/frontegg/identity/resources/auth/v1/user', {
    data: { email: 'super@brizo.test', password: DEMO_PASSWORD },
  });
  expect(response.status()).toBe(200);
  return `Bearer ${((await response.json()) as { accessToken: string }).accessToken}`;
}

test.afterEach(async ({ request }) => {
  // Server-wide: the next journeys see the login box without social buttons again.
  const response = await request.patch(`${SOCIAL}/google`, {
    headers: { authorization: await superuserBearer(request) },
    data: { active: false },
  });
  expect(response.status()).toBeLessThan(300);
});

test('a new person signs up with Google, starts a trial, and signs in with Google again', async ({
  page,
  request,
}) => {
  const configured = await request.post(SOCIAL, {
    headers: { authorization: await superuserBearer(request) },
    data: {
      type: 'google',
      active: true,
      clientId: OIDC_SOCIAL_CLIENT.clientId,
      secret: OIDC_SOCIAL_CLIENT.clientSecret,
      endpoints: {
        issuer: OIDC_PROVIDER_URL,
        authorizationEndpoint: `${OIDC_PROVIDER_URL}/auth`,
        tokenEndpoint: `${OIDC_PROVIDER_URL}/token`,
        jwksUri: `${OIDC_PROVIDER_URL}/jwks`,
        userinfoEndpoint: `${OIDC_PROVIDER_URL}/me`,
      },
    },
  });
  expect(configured.status(), await configured.text()).toBeLessThan(300);
  const email = `sam@${journeyDomain('social')}`;

  await page.goto('/account/login');
  const google = page.getByRole('link', { name: 'Continue with Google' });
  await expect(google).toBeVisible();
  await checkScreen(page, 'login-with-social-buttons');
  await google.click();
  await page.waitForURL(`${OIDC_PROVIDER_URL}/**`);
  await signInAtIdp(page, email);
  // A work email: a new account with a trial (SPEC's sign-up rule), through /account/social/success.
  await page.waitForURL('**/trial-started');
  expect(await signedInEmail(page)).toBe(email);

  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL('**/account/login**');
  await page.getByRole('link', { name: 'Continue with Google' }).click();
  // Signed in at the provider already: straight back, to the same account.
  await page.waitForURL('**/trial-started');
  expect(await signedInEmail(page)).toBe(email);
});
