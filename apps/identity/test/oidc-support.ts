// What the OpenID Connect sign-in tests share: a tenant's OIDC connection on a validated domain, the
// sign-in's start as the SSO pre-login makes it, and the post-login calls the web callback page makes.
import { randomBytes } from 'node:crypto';
import { webPaths } from '@brizo/contract';
import { desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { SsoConnectionRow } from '../src/auth/federated/types.js';
import { createOidcService } from '../src/auth/methods/oidc/service.js';
import { auditLogs, ssoConnections, ssoDomains, type SsoAttributeMapping } from '../src/db/schema/index.js';
import { createSecretBox } from '../src/lib/sealed-secrets.js';
import { createTenant } from './factories.js';
import { BrowserJar } from './browser-jar.js';
import { API, type TestServer } from './harness.js';

export const OIDC_REDIRECT_URI = `http://identity.test${webPaths.oidcCallback}`;
export const META = { ip: '203.0.113.7', userAgent: 'vitest' };

/** A tenant with an OIDC connection to `issuer` and its own validated email domain. */
export async function createOidcConnection(
  server: TestServer,
  options: {
    issuer: string;
    clientId: string;
    clientSecret: string;
    scopes?: string;
    attributeMapping?: SsoAttributeMapping;
  },
) {
  const tenant = await createTenant(server.db);
  const domain = `oidc-${randomBytes(4).toString('hex')}.test`;
  const secrets = createSecretBox({ key: server.config.secretsKey, production: false });
  const [connection] = await server.db
    .insert(ssoConnections)
    .values({
      tenantId: tenant.id,
      protocol: 'oidc',
      type: 'oidc',
      oidcIssuer: options.issuer,
      oidcClientId: options.clientId,
      oidcClientSecret: secrets.seal(options.clientSecret),
      oidcScopes: options.scopes ?? 'openid email profile groups',
      attributeMapping: options.attributeMapping ?? {},
    })
    .returning();
  if (!connection) throw new Error('no connection inserted');
  await server.db.insert(ssoDomains).values({
    connectionId: connection.id,
    tenantId: tenant.id,
    domain,
    validated: true,
    txtRecord: 'test',
    validatedAt: new Date(),
  });
  return { tenant, connection, domain };
}

/** The browser a test file signs in with, unless a test names another. */
export const defaultBrowser = new BrowserJar();

/**
 * The sign-in's start, as the SSO pre-login and the SSO section's test call it: a service of its own
 * on the server's database (the request it stores is what the post-login calls find), bound to
 * `browser` as the starting answer's cookie would bind it.
 */
export function oidcStarter(server: TestServer, browser: BrowserJar = defaultBrowser) {
  const service = createOidcService({ db: server.db, config: server.config, clock: server.clock });
  return {
    start: (connection: SsoConnectionRow, options: { purpose: 'login' | 'test'; meta: typeof META }) =>
      service.start(connection, { ...options, binding: browser.bind() }),
  };
}

/** The callback page's post-login, from `browser` (null: a browser without any cookie). */
export async function postLogin(
  server: TestServer,
  body: Record<string, unknown>,
  version: 'v1' | 'v2' = 'v1',
  browser: BrowserJar | null = defaultBrowser,
): Promise<LightMyRequestResponse> {
  const response = await server.app.inject({
    method: 'POST',
    url: `${API}/auth/${version}/user/oidc/postlogin`,
    payload: body,
    cookies: browser?.cookies ?? {},
  });
  return browser ? browser.take(response) : response;
}

/** The callback page's body from the provider's redirect back (v1 names the state `state`). */
export function callbackBody(callback: URL): Record<string, string> {
  const body: Record<string, string> = {
    code: callback.searchParams.get('code') ?? '',
    state: callback.searchParams.get('state') ?? '',
    redirectUri: OIDC_REDIRECT_URI,
  };
  const iss = callback.searchParams.get('iss');
  if (iss !== null) body.iss = iss;
  return body;
}

/** The tenant's newest audit row. */
export async function lastAuditOf(server: TestServer, tenantId: string) {
  const [row] = await server.db
    .select()
    .from(auditLogs)
    .where(eq(auditLogs.tenantId, tenantId))
    .orderBy(desc(auditLogs.createdAt))
    .limit(1);
  return row;
}
