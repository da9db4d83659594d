// Issue 13: SCIM provisioning. An administrator connects a directory in the Provisioning section (its
// token shown once); the directory creates a person (as Microsoft Entra ID sends it), who signs in
// through SSO; the directory renames them, then deactivates them: their session ends at once and they
// cannot sign in again.
import { expect, test } from '@playwright/test';
import { createJourneyTenant } from '../support/admin';
import { signInAndOpenSection } from '../support/admin-session';
import { SAML_IDP_URL } from '../support/env';
import { checkScreen } from '../support/screen-check';
import {
  continueWithEmail,
  createSsoConnection,
  journeyDomain,
  signedInEmail,
  signInAtIdp,
} from '../support/sso';

const SCIM_JSON = 'application/scim+json';

test('a directory creates, renames and deactivates a person, who then cannot sign in', async ({
  page,
  request,
  browser,
}) => {
  const tenant = await createJourneyTenant(request);
  const domain = journeyDomain('scim');
  await createSsoConnection(request, tenant.admin, {
    protocol: 'saml',
    domain,
    defaultRoles: ['bfm-unrestricted'],
  });

  const portal = await signInAndOpenSection(page, tenant.admin, 'provisioning');
  await expect(portal.heading('Provisioning')).toBeVisible();
  await page.getByRole('button', { name: 'Add directory' }).first().click();
  const add = page.getByRole('dialog', { name: 'Add directory' });
  await add.getByLabel('Name').fill('Entra people');
  await add.getByRole('radio', { name: 'Microsoft Entra ID' }).check();
  await add.getByRole('button', { name: 'Add directory' }).click();
  const connect = page.getByRole('dialog', { name: 'Connect Entra people' });
  const token = await connect.getByRole('textbox', { name: 'Bearer token' }).inputValue();
  const base = await connect.getByRole('textbox', { name: 'SCIM base URL' }).inputValue();
  await connect.getByRole('button', { name: 'I have copied the token' }).click();
  await expect(connect).toBeHidden();
  await expect(page.getByRole('row', { name: /Entra people/ })).toBeVisible();
  await checkScreen(page, 'provisioning-directories');
  const scim = { authorization: `Bearer ${token}`, 'content-type': SCIM_JSON };

  // The directory creates the person, as Entra ID does.
  const email = `nia@${domain}`;
  const created = await request.post(`${base}/Users`, {
    headers: scim,
    data: {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      externalId: 'entra-0001',
      userName: email,
      active: true,
      displayName: 'Nia Okafor',
      emails: [{ primary: true, type: 'work', value: email }],
      name: { givenName: 'Nia', familyName: 'Okafor', formatted: 'Nia Okafor' },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  // The person signs in through the company's IdP, in a browser of their own.
  const context = await browser.newContext();
  const nia = await context.newPage();
  await continueWithEmail(nia, email);
  await nia.waitForURL(`${SAML_IDP_URL}/sso?**`);
  await signInAtIdp(nia, email);
  await nia.waitForURL('**/app');
  expect(await signedInEmail(nia)).toBe(email);

  // The directory renames them; the Users section shows the new name.
  const renamed = await request.patch(`${base}/Users/${id}`, {
    headers: scim,
    data: {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'Replace', path: 'name.familyName', value: 'Okafor-Reyes' }],
    },
  });
  expect(renamed.status(), await renamed.text()).toBe(200);
  await portal.open('users');
  await expect(page.getByRole('row', { name: new RegExp(email) })).toContainText('Okafor-Reyes');

  // Entra deactivates them (its capitalised op and string boolean): the session ends at once...
  const deactivated = await request.patch(`${base}/Users/${id}`, {
    headers: scim,
    data: {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    },
  });
  expect(deactivated.status(), await deactivated.text()).toBe(200);
  expect(await signedInEmail(nia)).toBeUndefined();
  // ...and signing in again through the IdP is refused.
  await continueWithEmail(nia, email);
  await nia.waitForURL(`${SAML_IDP_URL}/sso?**`);
  await signInAtIdp(nia, email);
  await expect(
    nia.getByRole('heading', { name: "We couldn't sign you in with single sign-on" }),
  ).toBeVisible();
  await context.close();

  // The Provisioning section logs what the directory did.
  await portal.open('provisioning');
  await page.getByRole('button', { name: 'Provisioning log of Entra people' }).click();
  const log = page.getByRole('dialog', { name: 'Provisioning log of Entra people' });
  await expect(log).toContainText('POST');
  await expect(log).toContainText('PATCH');
});
