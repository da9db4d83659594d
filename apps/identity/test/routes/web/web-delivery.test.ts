import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDirectory } from '../../../../web/vite-precompress.js';
import { insertOutboxMessage } from '../../../src/db/queries/mail-outbox.js';
import { createUser, TEST_PASSWORD } from '../../factories.js';
import {
  API,
  expectErrorShape,
  startTestServer,
  uniqueEmail,
  useTestServer,
  type TestServer,
} from '../../harness.js';

// Issue 10 (web delivery): precompressed files chosen by Accept-Encoding, caching by kind of file, no
// source maps, a content security policy and HSTS on pages, and the session presence cookie.

const server = useTestServer();
const PUBLIC_URL = 'https://identity.example.test';
const SCRIPT = 'assets/index-Bx3_k9Qa.js';
const original = Buffer.from(
  Array.from({ length: 400 }, (_, i) => `export const value${i} = "the same line, over and over";\n`).join(
    '',
  ),
);
const shell = `<!doctype html><html lang="en"><head><title>Brizo</title><script src="/app-config.js"></script>
<script type="module" crossorigin src="/${SCRIPT}"></script></head>
<body class="loading"><div id="root"></div>${'<!-- padding to make compression worth it -->'.repeat(40)}</body></html>`;

// A page the build rendered its first card into (apps/web/vite-static-shells.ts), and the list naming it.
const loginPage = shell.replace(
  '<div id="root">',
  '<div id="static-shell" inert><h1>Welcome back</h1></div><div id="root">',
);

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-delivery-'));
let web: TestServer;

beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), shell);
  fs.writeFileSync(path.join(dist, SCRIPT), original);
  fs.writeFileSync(path.join(dist, `${SCRIPT}.map`), '{"version":3,"sources":["secret.ts"]}');
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.mkdirSync(path.join(dist, 'pages', 'account'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'pages', 'account', 'login.html'), loginPage);
  fs.writeFileSync(
    path.join(dist, 'pages', 'shells.json'),
    JSON.stringify([{ path: '/account/login', unlessQuery: ['tenantId'], file: 'pages/account/login.html' }]),
  );
  // The build's own plugin writes the compressed variants, as `vite build` does.
  await precompressDirectory(dist);
  web = await startTestServer(server().db, {
    env: { WEB_DIST: dist, PUBLIC_URL, DEV_TOOLS: 'true', NODE_ENV: 'test' },
  });
});
afterAll(async () => {
  await web.app.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  web.app.inject({ method: 'GET', url, headers });

function expectEncoded(response: LightMyRequestResponse, encoding: 'br' | 'gzip' | undefined, plain: Buffer) {
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-encoding']).toBe(encoding);
  expect(response.headers.vary).toBe('Accept-Encoding');
  expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
  const decoded =
    encoding === 'br'
      ? brotliDecompressSync(response.rawPayload)
      : encoding === 'gzip'
        ? gunzipSync(response.rawPayload)
        : response.rawPayload;
  expect(decoded.equals(plain)).toBe(true);
  if (encoding) expect(response.rawPayload.length).toBeLessThan(plain.length);
}

describe('precompressed web assets (issue 10)', () => {
  it('sends brotli when accepted, then gzip, else the plain file, with the original type', async () => {
    const all = await get(`/${SCRIPT}`, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expectEncoded(all, 'br', original);
    expect(all.headers['content-type']).toBe('application/javascript; charset=utf-8');

    expectEncoded(await get(`/${SCRIPT}`, { 'accept-encoding': 'gzip, deflate' }), 'gzip', original);
    expectEncoded(await get(`/${SCRIPT}`, { 'accept-encoding': 'br;q=0, gzip' }), 'gzip', original);
    const plain = await get(`/${SCRIPT}`);
    expectEncoded(plain, undefined, original);
    expect(plain.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expectEncoded(await get(`/${SCRIPT}`, { 'accept-encoding': 'identity' }), undefined, original);
  });

  it('compresses the app shell too, on / and on the history fallback', async () => {
    for (const url of ['/', '/account/sign-up?redirectUrl=x']) {
      const page = await get(url, { accept: 'text/html', 'accept-encoding': 'gzip, br' });
      expectEncoded(page, 'br', Buffer.from(shell));
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    }
  });

  it('serves a page with its first card in the HTML where the build made one, unless the query changes the card', async () => {
    const page = await get('/account/login?redirectUrl=x', { accept: 'text/html', 'accept-encoding': 'br' });
    expectEncoded(page, 'br', Buffer.from(loginPage));
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-security-policy']).toContain("script-src 'self';");
    // An account's login address (?tenantId=) shows that account's look: the app renders it.
    const account = await get('/account/login?tenantId=t1', { accept: 'text/html', 'accept-encoding': 'br' });
    expectEncoded(account, 'br', Buffer.from(shell));
  });

  it('caches fingerprinted files for a year and revalidates the shell and the runtime configuration', async () => {
    expect((await get(`/${SCRIPT}`, { 'accept-encoding': 'br' })).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await get(`/${SCRIPT}`)).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/index.html', '/account/sign-up']) {
      expect(
        (await get(url, { accept: 'text/html', 'accept-encoding': 'br' })).headers['cache-control'],
      ).toBe('no-cache');
    }
    expect((await get('/app-config.js')).headers['cache-control']).toBe('no-cache');
    expect((await get('/favicon.svg')).headers['cache-control']).toBe('public, max-age=3600');
  });

  it('never serves a source map', async () => {
    expectErrorShape(await get(`/${SCRIPT}.map`), 404);
  });
});

describe('page security headers (issue 10)', () => {
  const directives = (policy: string | undefined) =>
    new Map(
      (policy ?? '').split(';').map((directive) => {
        const [name = '', ...sources] = directive.trim().split(/\s+/);
        return [name, sources] as const;
      }),
    );

  it('sends a content security policy without inline scripts or eval on every HTML page', async () => {
    const to = uniqueEmail('csp');
    await insertOutboxMessage(web.db, {
      to,
      from: 'noreply@brizo.test',
      subject: 'Hello',
      text: 'Hi',
      html: '<p style="color:red">Hi</p>',
      createdAt: new Date(),
    });
    const [mail] = (await get(`/dev/api/mailbox?to=${to}`)).json<Array<{ id: string }>>();
    const pages = ['/', '/account/login', '/account/sign-up', '/admin-portal', '/dev/mailbox', '/dev/sms'];
    pages.push(`/dev/mailbox/${mail?.id}`);
    for (const url of pages) {
      const page = await get(url, { accept: 'text/html' });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type'], url).toMatch(/^text\/html/);
      const policy = directives(page.headers['content-security-policy'] as string | undefined);
      expect(policy.get('script-src'), url).toEqual(["'self'"]);
      expect(policy.get('default-src'), url).toEqual(["'self'"]);
      expect(policy.get('object-src'), url).toEqual(["'none'"]);
      expect(policy.get('base-uri'), url).toEqual(["'self'"]);
      expect(policy.get('form-action'), url).toEqual(["'self'"]);
      expect(policy.get('frame-ancestors'), url).toEqual(["'self'"]);
      expect(policy.get('connect-src'), url).toEqual(["'self'", PUBLIC_URL]);
      expect(page.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(page.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
    }
  });

  it('sends HSTS on every answer when PUBLIC_URL is https, the API included', async () => {
    for (const url of [`/${SCRIPT}`, '/app-config.js', '/health', `${API}/configurations/v1/public`]) {
      expect((await get(url)).headers['strict-transport-security'], url).toBe(
        'max-age=31536000; includeSubDomains',
      );
    }
    const plain = await server().app.inject({
      method: 'GET',
      url: '/account/login',
      headers: { accept: 'text/html' },
    });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    expect(plain.headers['content-security-policy']).toContain("frame-ancestors 'self'");
  });

  it('lets the pages load Google Tag Manager only when a container is configured', async () => {
    expect((await get('/', { accept: 'text/html' })).headers['content-security-policy']).not.toContain(
      'googletagmanager',
    );
    const tagged = await startTestServer(server().db, {
      env: { WEB_DIST: dist, PUBLIC_URL, GTM_CONTAINER_ID: 'GTM-ABC123' },
    });
    try {
      const policy = directives(
        (await tagged.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } })).headers[
          'content-security-policy'
        ] as string,
      );
      expect(policy.get('script-src')).toEqual(["'self'", 'https://www.googletagmanager.com']);
      expect(policy.get('connect-src')).toContain('https://*.google-analytics.com');
    } finally {
      await tagged.app.close();
    }
  });
});

describe('the session presence cookie (issue 10)', () => {
  const COOKIE = 'fe_refresh_brizoaccess';
  const PRESENCE = `${COOKIE}_present`;
  const setCookies = (response: LightMyRequestResponse) => {
    const header = response.headers['set-cookie'];
    return Array.isArray(header) ? header : header ? [header] : [];
  };
  const find = (response: LightMyRequestResponse, name: string) =>
    setCookies(response).find((cookie) => cookie.startsWith(`${name}=`));

  it('is set readable beside the refresh cookie, follows its rotation and is cleared with it', async () => {
    const { user } = await createUser(server().db, server().passwords, { roleKeys: ['bfm-base'] });
    const login = await server().app.inject({
      method: 'POST',
      url: `${API}/auth/v1/user`,
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const refreshCookie = find(login, COOKIE) ?? '';
    const presence = find(login, PRESENCE) ?? '';
    expect(refreshCookie).toMatch(/HttpOnly/i);
    expect(presence).toMatch(new RegExp(`^${PRESENCE}=1;`));
    expect(presence).not.toMatch(/HttpOnly/i);
    // The same lifetime and scope as the session it stands for.
    const maxAge = /Max-Age=\d+/.exec(refreshCookie)?.[0];
    expect(maxAge).toBeDefined();
    expect(presence).toContain(maxAge);
    expect(presence).toContain('Path=/');
    expect(presence).toContain('SameSite=Lax');

    const refreshToken = /^[^=]+=([^;]*)/.exec(refreshCookie)?.[1] ?? '';
    const refreshed = await server().app.inject({
      method: 'POST',
      url: `${API}/auth/v1/user/token/refresh`,
      payload: {},
      cookies: { [COOKIE]: refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);
    expect(find(refreshed, PRESENCE)).toMatch(new RegExp(`^${PRESENCE}=1;`));

    const logout = await server().app.inject({
      method: 'POST',
      url: `${API}/auth/v1/logout`,
      cookies: { [COOKIE]: /^[^=]+=([^;]*)/.exec(find(refreshed, COOKIE) ?? '')?.[1] ?? '' },
    });
    expect(find(logout, PRESENCE)).toMatch(new RegExp(`^${PRESENCE}=;.*Expires=Thu, 01 Jan 1970`));
  });

  it('is cleared when a refresh fails, and untouched by answers that set no session', async () => {
    const failed = await server().app.inject({
      method: 'POST',
      url: `${API}/auth/v1/user/token/refresh`,
      payload: {},
      cookies: { [COOKIE]: 'made-up-token', [PRESENCE]: '1' },
    });
    expectErrorShape(failed, 401);
    expect(find(failed, PRESENCE)).toMatch(new RegExp(`^${PRESENCE}=;`));
    const unrelated = await server().app.inject({ method: 'GET', url: `${API}/configurations/v1/public` });
    expect(find(unrelated, PRESENCE)).toBeUndefined();
  });
});
