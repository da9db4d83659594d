// Issue 13: the SSO section, as an IT administrator sets single sign-on up without help: SAML from the
// IdP's metadata URL, a domain proven by the TXT record the page shows, a default role, then a live test
// in a window of its own that reports every check and signs nobody in; then a member of the domain
// signs in through the IdP.
import { expect, test } from '@playwright/test';
import { createJourneyTenant } from '../support/admin';
import { signInAndOpenSection } from '../support/admin-session';
import { SAML_IDP_URL } from '../support/env';
import { checkScreen } from '../support/screen-check';
import { continueWithEmail, journeyDomain, publishTxt, signedInEmail, signInAtIdp } from '../support/sso';

test('an administrator sets up SAML single sign-on, tests it live, and a member signs in with it', async ({
  page,
  request,
  browser,
}) => {
  // Four steps of set-up, a live test in a second window and a member's sign-in at the IdP: on a busy
  // machine it has taken more than the default two minutes.
  test.setTimeout(240_000);
  const tenant = await createJourneyTenant(request);
  const domain = journeyDomain('setup');
  const portal = await signInAndOpenSection(page, tenant.admin, 'sso');
  await expect(portal.heading('Single sign-on')).toBeVisible();
  await page.getByRole('button', { name: 'Set up single sign-on' }).first().click();

  // 1. Protocol, 2. our details to copy, 3. the IdP's metadata URL.
  await page.getByRole('radio', { name: 'SAML 2.0' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('textbox', { name: 'ACS URL' })).toHaveValue(
    /\/frontegg\/auth\/saml\/callback$/,
  );
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('Metadata URL', { exact: true }).click();
  await page.getByRole('textbox', { name: 'Metadata URL' }).fill(`${SAML_IDP_URL}/saml/metadata`);
  await page.getByRole('button', { name: 'Create connection' }).click();

  // 4. The domain, proven by the TXT record shown on the page.
  await page.getByRole('textbox', { name: 'Domain', exact: true }).fill(domain);
  await page.getByRole('button', { name: 'Add domain' }).click();
  const txt = page.getByRole('textbox', { name: `TXT record value for ${domain}` });
  await expect(txt).toHaveValue(/^brizo-sso-verification=/);
  await publishTxt(request, domain, [await txt.inputValue()]);
  await page.getByRole('button', { name: `Verify ${domain}` }).click();
  await expect(page.getByRole('status').filter({ hasText: `${domain} is verified` })).toBeVisible();
  await checkScreen(page, 'sso-setup-domains');
  await page.getByRole('button', { name: 'Next' }).click();

  // 5. Every member of the domain gets regular access.
  await page.getByRole('combobox', { name: 'Default roles' }).click();
  await page.getByRole('option', { name: 'Brizo unrestricted' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Save default roles' }).click();
  await expect(page.getByText('Default roles saved')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();

  // 7. The live test: the IdP in a window of its own, the report back here.
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Test connection' }).click();
  const popup = await popupOpened;
  await popup.waitForURL(`${SAML_IDP_URL}/sso?**`);
  await signInAtIdp(popup, `tester@${domain}`);
  const report = page.getByRole('region', { name: 'Test result' });
  await expect(report).toContainText('The test sign-in worked');
  await expect(report).toContainText('Every check passed');
  await expect(report).toContainText("The response is signed by the identity provider's certificate");
  await expect(report).toContainText(`tester@${domain}`);
  await checkScreen(page, 'sso-live-test-report');
  // Nobody was signed in by the test: the administrator's own session is untouched.
  expect(await signedInEmail(page)).toBe(tenant.admin.email);
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByRole('article', { name: /SAML|Okta|Entra|Google|Other/ })).toBeVisible();
  await checkScreen(page, 'sso-overview');

  // A member of the domain now signs in through the IdP, in another browser.
  const context = await browser.newContext();
  const member = await context.newPage();
  await continueWithEmail(member, `mary@${domain}`);
  await member.waitForURL(`${SAML_IDP_URL}/sso?**`);
  await signInAtIdp(member, `mary@${domain}`);
  await member.waitForURL('**/app');
  await context.close();
});
