// Issue 13 (login CSRF): the browser binding's cookie and check on a bare fastify app with the cookie
// plugin; the sign-ins that use it are tested end to end in the SAML, OIDC and social tests.
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserJar } from '../../../test/browser-jar.js';
import {
  bindBrowser,
  browserBindingCheck,
  newBrowserBinding,
  type StoredBrowserBinding,
} from './browser-binding.js';

/** What the starts store, standing in for the request rows, by slot. */
const stored = new Map<string, StoredBrowserBinding>();

async function appFor(publicUrl: string): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(fastifyCookie);
  app.post('/start', async (_request, reply) => {
    const binding = newBrowserBinding();
    stored.set(binding.stored.slot, binding.stored);
    bindBrowser(reply, { publicUrl }, binding);
    return { slot: binding.stored.slot };
  });
  app.post<{ Body: { stored: unknown } }>('/finish', async (request, reply) => ({
    holds: browserBindingCheck(request, reply).holds(request.body.stored),
  }));
  return app;
}

let http: FastifyInstance;
let https: FastifyInstance;
beforeAll(async () => {
  http = await appFor('http://identity.test');
  https = await appFor('https://identity.example');
});
afterAll(async () => {
  await http.close();
  await https.close();
});

const start = async (browser: BrowserJar, app = http) =>
  browser.take(await app.inject({ method: 'POST', url: '/start', cookies: browser.cookies })).json<{
    slot: string;
  }>().slot;

const finish = async (browser: BrowserJar | null, storedBinding: unknown) => {
  const response = await http.inject({
    method: 'POST',
    url: '/finish',
    payload: { stored: storedBinding },
    cookies: browser?.cookies ?? {},
  });
  browser?.take(response);
  return response.json<{ holds: boolean }>().holds;
};

describe('browser binding', () => {
  it('sets an HttpOnly, SameSite=Lax cookie on Path=/, Secure when the public URL is https', async () => {
    const plain = await http.inject({ method: 'POST', url: '/start' });
    expect(plain.cookies).toEqual([
      expect.objectContaining({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 900 }),
    ]);
    expect(plain.cookies[0]?.secure).toBeFalsy();
    const secure = await https.inject({ method: 'POST', url: '/start' });
    expect(secure.cookies[0]).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
  });

  it('holds for the browser that started, not for another, nor without a cookie; the cookie is spent', async () => {
    const browser = new BrowserJar();
    const other = new BrowserJar();
    const mine = stored.get(await start(browser));
    const theirs = stored.get(await start(other));
    expect(await finish(browser, theirs)).toBe(false);
    expect(await finish(null, mine)).toBe(false);
    // The other browser's cookie value under my slot's name: a wrong value, refused.
    const slotCookie = `brizo-sso-binding-${mine?.slot}`;
    const wrongValue = await http.inject({
      method: 'POST',
      url: '/finish',
      payload: { stored: mine },
      cookies: { [slotCookie]: other.cookies[`brizo-sso-binding-${theirs?.slot}`] ?? '' },
    });
    expect(wrongValue.json()).toEqual({ holds: false });
    expect(await finish(browser, mine)).toBe(true);
    expect(browser.bindings).toEqual([]);
    expect(await finish(browser, mine)).toBe(false);
  });

  it('holds for nothing a request row may carry that is not a binding', async () => {
    const browser = new BrowserJar();
    const mine = stored.get(await start(browser));
    for (const garbage of [
      undefined,
      null,
      'x',
      {},
      { slot: mine?.slot },
      { slot: '../x', hash: mine?.hash },
    ])
      expect(await finish(browser, garbage)).toBe(false);
    expect(await finish(browser, mine)).toBe(true);
  });

  it('keeps each parallel sign-in its own cookie, and drops the oldest past eight', async () => {
    const browser = new BrowserJar();
    const slots: string[] = [];
    for (let tab = 0; tab < 10; tab += 1) {
      slots.push(await start(browser));
      // Slots begin with the time in milliseconds: the next start's sorts after this one's.
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    expect(browser.bindings.sort()).toEqual(slots.slice(2).map((slot) => `brizo-sso-binding-${slot}`));
    expect(await finish(browser, stored.get(slots[0] ?? ''))).toBe(false);
    expect(await finish(browser, stored.get(slots[9] ?? ''))).toBe(true);
    expect(await finish(browser, stored.get(slots[2] ?? ''))).toBe(true);
  });
});
