// Issue 13: SSO connections for the journeys, set up through the SSO section's API as an administrator
// would in the portal, with their domain proven by a TXT record on the journeys' DNS server.
import { randomBytes } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { JourneyPerson } from './admin';
import { bearerOf } from './admin-session';
import { OIDC_PROVIDER_URL, OIDC_SSO_CLIENT, PEERS_CONTROL_URL, SAML_IDP_URL } from './env';

const SSO = '/frontegg/team/resources/sso';

/** A domain of one's own, so parallel journeys never claim the same one. */
export const journeyDomain = (label: string) => `${label}-${randomBytes(4).toString('hex')}.test`;

export interface JourneyConnection {
  id: string;
  domain: string;
}

/** Publishes a TXT record on the journeys' DNS server. */
export async function publishTxt(request: APIRequestContext, name: string, values: string[]): Promise<void> {
  const response = await request.post(`${PEERS_CONTROL_URL}/dns`, { data: { name, values } });
  expect(response.status()).toBe(204);
}

/**
 * A SAML connection from the journeys' IdP metadata URL, or an OIDC one at the journeys' OpenID
 * provider, with `domain` claimed and verified.
 */
export async function createSsoConnection(
  request: APIRequestContext,
  admin: JourneyPerson,
  options: {
    protocol: 'saml' | 'oidc';
    domain: string;
    /** Role keys every member gets (the connection's default roles). */
    defaultRoles?: string[];
    /** IdP groups and the role keys each carries. */
    groups?: Record<string, string[]>;
  },
): Promise<JourneyConnection> {
  const headers = { authorization: await bearerOf(request, admin) };
  const created =
    options.protocol === 'saml'
      ? await request.post(`${SSO}/v1/configurations/metadata-url`, {
          headers,
          data: { url: `${SAML_IDP_URL}/saml/metadata` },
        })
      : await request.post(`${SSO}/v1/configurations`, {
          headers,
          data: {
            type: 'oidc',
            oidcIssuer: OIDC_PROVIDER_URL,
            oidcClientId: OIDC_SSO_CLIENT.clientId,
            oidcSecret: OIDC_SSO_CLIENT.clientSecret,
          },
        });
  expect(created.status(), await created.text()).toBeLessThan(300);
  const { id } = (await created.json()) as { id: string };
  const added = await request.post(`${SSO}/v1/configurations/${id}/domains`, {
    headers,
    data: { domain: options.domain },
  });
  expect(added.status(), await added.text()).toBeLessThan(300);
  const domain = (await added.json()) as { id: string; txtRecord: string };
  await publishTxt(request, options.domain, [domain.txtRecord]);
  const validated = await request.put(`${SSO}/v2/configurations/${id}/domains/${domain.id}/validate`, {
    headers,
  });
  expect(validated.status(), await validated.text()).toBeLessThan(300);
  const roleIdsOf = await roleIdsByKey(request, headers);
  if (options.defaultRoles) {
    const roles = await request.put(`${SSO}/v1/configurations/${id}/roles`, {
      headers,
      data: { roleIds: options.defaultRoles.map(roleIdsOf) },
    });
    expect(roles.status(), await roles.text()).toBeLessThan(300);
  }
  for (const [group, keys] of Object.entries(options.groups ?? {})) {
    const mapped = await request.post(`${SSO}/v1/configurations/${id}/groups`, {
      headers,
      data: { group, roleIds: keys.map(roleIdsOf) },
    });
    expect(mapped.status(), await mapped.text()).toBeLessThan(300);
  }
  return { id, domain: options.domain };
}

/** The tenant's roles, found by key. */
async function roleIdsByKey(
  request: APIRequestContext,
  headers: Record<string, string>,
): Promise<(key: string) => string> {
  const response = await request.get('/frontegg/identity/resources/roles/v1', { headers });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as
    { id: string; key: string }[] | { items: { id: string; key: string }[] };
  const roles = Array.isArray(body) ? body : body.items;
  return (key) => {
    const role = roles.find((candidate) => candidate.key === key);
    if (!role) throw new Error(`no role ${key}`);
    return role.id;
  };
}

/** The email the browser's session belongs to, read from a refreshed access token. */
export async function signedInEmail(page: Page): Promise<string | undefined> {
  const response = await page.request.post('/frontegg/identity/resources/auth/v1/user/token/refresh', {
    data: {},
  });
  if (response.status() !== 200) return undefined;
  const { accessToken } = (await response.json()) as { accessToken: string };
  const claims = JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString()) as {
    email?: string;
  };
  return claims.email;
}

/** Types an email in the login box's first step, as a person does. */
export async function continueWithEmail(page: Page, email: string): Promise<void> {
  await page.goto('/account/login');
  await page.getByLabel('Email', { exact: false }).first().fill(email);
  await page.getByRole('button', { name: /continue/i }).click();
}

/** Signs in at the journeys' IdP page (SAML or OpenID), optionally naming the IdP groups. */
export async function signInAtIdp(page: Page, email: string, groups: string[] = []): Promise<void> {
  await page.getByLabel('Email').fill(email);
  if (groups.length) await page.getByLabel('Groups').fill(groups.join(','));
  await page.getByRole('button', { name: 'Sign in' }).click();
}
