import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import type { Database } from '../../src/db/client.js';
import { redactUrl } from '../../src/lib/log-redaction.js';
import { createOutboxMailer } from '../../src/services/mail.js';
import { createPasswordHasher } from '../../src/auth/methods/password/passwords.js';
import { DEMO_PASSWORD } from '../../src/services/seed.js';
import { createOutboxSms } from '../../src/services/sms.js';
import { createUser } from '../factories.js';
import {
  API,
  linkFromMail,
  mailTo,
  openTestDatabase,
  testConfig,
  TestClock,
  uniqueEmail,
} from '../harness.js';

// Issue 10: the password-reset URL with its token was logged at info level (fastify's request log
// line carries the URL, query string included). No token, code or link may reach a log line.

let database: Database;
let app: FastifyInstance;
let logText = '';
const clock = new TestClock();

beforeAll(async () => {
  database = await openTestDatabase();
  const config = testConfig();
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logText += chunk.toString();
      done();
    },
  });
  app = await buildApp({
    config,
    db: database.db,
    clock,
    mailer: createOutboxMailer({ db: database.db, from: config.mailFrom, clock }),
    sms: createOutboxSms({ db: database.db, clock }),
    passwords: createPasswordHasher(),
    // The most talkative level: whatever any line says, none may carry a secret.
    logger: { level: 'trace', stream },
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const request = async (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
  authorization?: string,
) => {
  const response = await app.inject({
    method,
    url,
    payload: payload as Record<string, unknown> | undefined,
    headers: authorization ? { authorization } : {},
  });
  await app.background.idle();
  return response;
};

describe('no token, code or link in the logs (issue 10)', () => {
  it('redacts every query value of a logged URL, keeping the keys', () => {
    expect(redactUrl('/account/reset-password?userId=u-1&token=abc')).toBe(
      '/account/reset-password?userId=~&token=~',
    );
    expect(redactUrl('/health')).toBe('/health');
  });

  it('password reset, activation, magic link and sign-in code leave no secret in any log line', async () => {
    const secrets: string[] = [];

    // Password reset: the mailed link is opened in the browser (the web app's page), then used.
    const { user } = await createUser(database.db, createPasswordHasher());
    await request('POST', `${API}/users/v1/passwords/reset`, { email: user.email });
    const reset = await linkFromMail(database.db, user.email, '/account/reset-password');
    secrets.push(reset.token, reset.url);
    await request('GET', new URL(reset.url).pathname + new URL(reset.url).search);
    await request('POST', `${API}/users/v1/passwords/reset/verify`, {
      userId: reset.userId,
      token: reset.token,
      password: 'Brand-new-Secret-42!',
    });

    // Activation: the strategy lookup carries the token in its query string.
    const email = uniqueEmail('newcomer');
    await request('POST', `${API}/users/v1/signUp`, {
      email,
      name: 'Ada',
      companyName: 'Acme',
      metadata: '{}',
    });
    const activation = await linkFromMail(database.db, email, '/account/activate');
    secrets.push(activation.token, activation.url);
    await request(
      'GET',
      `${API}/users/v1/activate/strategy?userId=${activation.userId}&token=${activation.token}`,
    );
    await request('GET', new URL(activation.url).pathname + new URL(activation.url).search);

    // Magic link and email code: the vendor switches the strategy, the user signs in each way.
    const vendor = await request('POST', `${API}/auth/v1/user`, {
      email: 'super@brizo.test',
      password: DEMO_PASSWORD,
    });
    const authorization = `Bearer ${vendor.json<{ accessToken: string }>().accessToken}`;
    const strategy = (name: string) =>
      request(
        'PUT',
        `${API}/configurations/v1/auth/strategies`,
        { mainAuthStrategies: [{ strategy: name }] },
        authorization,
      );
    try {
      await strategy('MagicLink');
      clock.advanceSeconds(testConfig().recipientPauseSeconds); // the reset mail went to this address
      await request('POST', `${API}/auth/v1/passwordless/magiclink/prelogin`, { email: user.email });
      const [magicMail] = await mailTo(database.db, user.email);
      const magicUrl = magicMail?.text.match(/https?:\/\/\S+magic-link\S*/)?.[0] ?? '';
      const magicToken = new URL(magicUrl).searchParams.get('token') ?? '';
      expect(magicToken).not.toBe('');
      secrets.push(magicToken, magicUrl);
      await request('GET', new URL(magicUrl).pathname + new URL(magicUrl).search);
      await request('POST', `${API}/auth/v1/passwordless/magiclink/postlogin`, { token: magicToken });

      await strategy('Code');
      const other = await createUser(database.db, createPasswordHasher());
      await request('POST', `${API}/auth/v1/passwordless/code/prelogin`, { email: other.user.email });
      const [codeMail] = await mailTo(database.db, other.user.email);
      const code = codeMail?.text.match(/\b(\d{6})\b/)?.[1] ?? '';
      expect(code).not.toBe('');
      secrets.push(code);
      await request('POST', `${API}/auth/v1/passwordless/code/postlogin`, {
        email: other.user.email,
        token: code,
      });
    } finally {
      await strategy('EmailAndPassword');
    }

    expect(logText).toContain('incoming request'); // the log was captured at all
    for (const secret of secrets) expect(logText, `a log line holds ${secret}`).not.toContain(secret);
  });
});
