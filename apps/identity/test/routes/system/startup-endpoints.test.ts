import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../src/services/seed.js';
import { API, expectErrorShape, startTestServer, useTestServer } from '../../harness.js';

const server = useTestServer();
const get = (url: string, headers: Record<string, string> = {}) =>
  server().app.inject({ method: 'GET', url, headers });

describe('the SDK start-up calls (SDK-NOTES.md)', () => {
  it('GET /flags lists the SPEC section 9 defaults as on', async () => {
    const response = await get('/frontegg/flags');
    expect(response.statusCode).toBe(200);
    const flags = response.json();
    for (const name of [
      'admin_portal_ip_restrictions',
      'admin_portal_domain_restrictions',
      'new-mfa-pages',
      'show-passkeys-new',
      'groups-admin-box-new',
      'msp-all-accounts-new',
      'temporary-users',
    ]) {
      expect(flags[name]).toBe('on');
    }
    expect(flags['security-center-show-login-flows']).toBe('off');
  });

  it('GET /metadata answers adminBox and saml in rows[0].configuration, 404 for others', async () => {
    const adminBox = await get('/frontegg/metadata?entityName=adminBox');
    expect(adminBox.statusCode).toBe(200);
    expect(adminBox.json().rows[0].configuration.navigation.users).toEqual({ visibility: 'byPermissions' });
    const saml = await get('/frontegg/metadata?entityName=saml');
    expect(saml.json().rows[0].configuration.acsUrl).toBe('http://identity.test/frontegg/auth/saml/callback');
    expectErrorShape(await get('/frontegg/metadata?entityName=toString'), 404);
    expect(expectErrorShape(await get('/frontegg/metadata'), 400).errors[0]).toContain('entityName');
  });

  it('answers the social login, SSO and vendor calls', async () => {
    expect((await get(`${API}/sso/v2`)).json()).toEqual([]);
    expect((await get(`${API}/sso/custom/v1`)).json()).toEqual({ providers: [] });
    expect((await get('/frontegg/team/resources/sso/v2/configurations/public')).json()).toEqual({
      isActive: false,
    });
    expect((await get('/frontegg/vendors/public')).json()).toMatchObject({
      name: 'Brizo FoodMetrics',
      whiteLabelMode: false,
    });
  });

  it('answers the configuration calls', async () => {
    expect((await get(`${API}/configurations/v1/public`)).json()).toMatchObject({
      allowSignups: true,
      allowNotVerifiedUsersLogin: false,
      authStrategy: 'EmailAndPassword',
    });
    expect((await get(`${API}/configurations/v1/auth/strategies/public`)).json()).toEqual({
      mainAuthStrategies: [{ strategy: 'EmailAndPassword' }],
      secondaryAuthStrategies: [],
    });
    const signUp = (await get(`${API}/configurations/v1/sign-up/strategies`)).json();
    expect(signUp).toContainEqual({ strategy: 'email', isActive: true, isRequired: true });
    expect((await get(`${API}/configurations/v1/password-recovery/strategies`)).json()).toContainEqual({
      strategy: 'email',
      isActive: true,
    });
    expect((await get(`${API}/configurations/v1/captcha-policy/public`)).json()).toMatchObject({
      enabled: false,
    });
  });
});

describe('system endpoints', () => {
  it('/health checks the database', async () => {
    expect((await get('/health')).json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('/.well-known/jwks.json verifies a login access token', async () => {
    const login = await server().app.inject({
      method: 'POST',
      url: `${API}/auth/v1/user`,
      payload: { email: 'regular@brizo.test', password: DEMO_PASSWORD },
    });
    const jwks = (await get('/.well-known/jwks.json')).json();
    expect(jwks.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(jwks.keys[0].d).toBeUndefined();
    const { payload, protectedHeader } = await jwtVerify(login.json().accessToken, createLocalJWKSet(jwks), {
      issuer: 'http://identity.test',
      audience: 'brizo-access',
      currentDate: server().clock.now(),
    });
    expect(protectedHeader.alg).toBe('ES256');
    expect(payload.email).toBe('regular@brizo.test');
  });

  it('keeps the signing key across restarts (it lives in the database)', async () => {
    const again = await startTestServer(server().db);
    try {
      expect((await again.app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json()).toEqual(
        (await get('/.well-known/jwks.json')).json(),
      );
    } finally {
      await again.app.close();
    }
  });

  it('/openapi.json is generated from the routes', async () => {
    const document = (await get('/openapi.json')).json();
    expect(document.openapi).toMatch(/^3\./);
    const paths = Object.keys(document.paths);
    for (const route of [
      '/frontegg/identity/resources/auth/v1/user',
      '/frontegg/identity/resources/auth/v1/user/token/refresh',
      '/frontegg/identity/resources/auth/v1/logout',
      '/frontegg/identity/resources/users/v1/signUp',
      '/frontegg/identity/resources/users/v1/activate',
      '/frontegg/identity/resources/users/v2/me',
      '/frontegg/identity/resources/users/v3/me/tenants',
      '/frontegg/identity/resources/users/v1/passwords/reset/verify',
      '/frontegg/flags',
      '/frontegg/metadata',
      '/.well-known/jwks.json',
    ]) {
      expect(paths).toContain(route);
    }
    const login = document.paths['/frontegg/identity/resources/auth/v1/user'].post;
    expect(login.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['email', 'password']),
    );
  });

  it('/app-config.js serialises the contract configuration safely', async () => {
    const response = await get('/app-config.js');
    expect(response.headers['content-type']).toMatch(/javascript/);
    const match = /^window\.__BRIZO_CONFIG__ = (.*);\n$/s.exec(response.body);
    expect(JSON.parse(match?.[1] ?? '')).toEqual({
      baseUrl: 'http://identity.test',
      clientId: 'brizo-access',
      mainAppUrl: 'http://identity.test/app',
      salesEmail: 'sales@brizo.test',
      supportEmail: 'support@brizo.test',
      trialDays: 14,
      adminPortalTarget: 'sameWindow',
    });
  });

  it('/app-config.js uses the request origin without PUBLIC_URL and escapes script-breaking text', async () => {
    const other = await startTestServer(server().db, {
      env: {
        PUBLIC_URL: '',
        MAIN_APP_URL: 'https://app.example.test/</script><script>alert(1)',
        GTM_CONTAINER_ID: 'GTM-ABC123',
      },
    });
    try {
      const body = (
        await other.app.inject({
          method: 'GET',
          url: '/app-config.js',
          headers: { host: 'brizo.example:8080' },
        })
      ).body;
      expect(body).not.toContain('</script>');
      const config = JSON.parse(/= (.*);/s.exec(body)?.[1] ?? '');
      expect(config).toMatchObject({
        baseUrl: 'http://brizo.example:8080',
        gtmContainerId: 'GTM-ABC123',
        mainAppUrl: 'https://app.example.test/</script><script>alert(1)',
      });
    } finally {
      await other.app.close();
    }
  });
});

describe('the web app', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Brizo</title><div id="root"></div>');
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'assets', 'app-Dq3x9_Lm.js'), 'console.log(1)');
  afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

  it('serves files and falls back to index.html for HTML navigations only', async () => {
    const web = await startTestServer(server().db, { env: { WEB_DIST: dist } });
    try {
      const asset = await web.app.inject({ method: 'GET', url: '/assets/app-Dq3x9_Lm.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.body).toBe('console.log(1)');
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const page = await web.app.inject({
        method: 'GET',
        url: '/account/login?redirectUrl=x',
        headers: { accept: 'text/html,*/*' },
      });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<div id="root">');
      // Regression (issue 2): '/' answered 403 from the static plugin instead of the app shell.
      const root = await web.app.inject({
        method: 'GET',
        url: '/?source=olo',
        headers: { accept: 'text/html' },
      });
      expect(root.statusCode).toBe(200);
      expect(root.headers['cache-control']).toBe('no-cache');
      expect(root.body).toContain('<div id="root">');
      const api = await web.app.inject({
        method: 'GET',
        url: '/frontegg/nope',
        headers: { accept: 'text/html' },
      });
      expectErrorShape(api, 404);
      expectErrorShape(
        await web.app.inject({ method: 'GET', url: '/missing.js', headers: { accept: '*/*' } }),
        404,
      );
    } finally {
      await web.app.close();
    }
  });

  it('gives pages the full hardening headers and API answers the ones that matter for data', async () => {
    const web = await startTestServer(server().db, {
      env: { WEB_DIST: dist, PUBLIC_URL: 'https://identity.example.test' },
    });
    try {
      const page = await web.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
      expect(page.headers).toMatchObject({
        'x-frame-options': 'SAMEORIGIN',
        'referrer-policy': 'no-referrer',
        'cross-origin-opener-policy': 'same-origin',
        'x-content-type-options': 'nosniff',
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
      });
      expect(page.headers['frontegg-trace-id']).toMatch(/^[0-9a-f-]{36}$/);

      const answer = await web.app.inject({ method: 'GET', url: `${API}/configurations/v1/auth/strategies` });
      expect(answer.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'cross-origin-resource-policy': 'same-origin',
        'cache-control': 'no-store',
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
      });
      expect(answer.headers['x-frame-options']).toBeUndefined();
      expect(answer.headers['frontegg-trace-id']).not.toBe(page.headers['frontegg-trace-id']);
    } finally {
      await web.app.close();
    }
    // HSTS means nothing over plain HTTP, so it is only sent when the public address is HTTPS.
    const plain = await get(`${API}/configurations/v1/auth/strategies`);
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    expect(plain.headers['x-content-type-options']).toBe('nosniff');
  });

  it('without a build, HTML navigations get a helpful 404 text', async () => {
    const response = await get('/trial-started', { accept: 'text/html' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/text\/plain/);
    expect(response.body).toMatch(/npm run build/);
  });
});
