import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterCommit, type Database } from '../../src/db/client.js';
import { listAuditLogsByEmail } from '../../src/db/queries/audit-logs.js';
import { listOutboxSms } from '../../src/db/queries/sms-outbox.js';
import { findUserById } from '../../src/db/queries/users.js';
import { createOutboxMailer, type Mailer } from '../../src/services/mail.js';
import { DEMO_PASSWORD } from '../../src/services/seed.js';
import { createOutboxSms, type SmsSender } from '../../src/services/sms.js';
import { createUser } from '../factories.js';
import { accessTokenOf, setPolicy } from '../lifecycle-helpers.js';
import {
  API,
  cookieValue,
  mailTo,
  openTestDatabase,
  startTestServer,
  TestClock,
  uniqueEmail,
  type TestServer,
} from '../harness.js';

// Issue 10: anonymous endpoints that take an identifier answered measurably slower for an existing
// account (they mailed before answering). Now they answer first and work after: the answers are
// identical, and the mail still arrives once the background work is done. Timing itself is measured
// in bench/anonymous-timing.ts, not asserted here.

/** Holds every mail and SMS until `open()`: an answer that waited for its mail would never come. */
class Gate {
  #open!: () => void;
  #opened = new Promise<void>((resolve) => (this.#open = resolve));
  wait = () => this.#opened;
  open = () => this.#open();
}

let database: Database;
let server: TestServer;
let gate: Gate;
const gates: Gate[] = [];
const newGate = () => {
  gate = new Gate();
  gates.push(gate);
};
const COOKIE = 'fe_refresh_brizoaccess';

beforeAll(async () => {
  database = await openTestDatabase();
  const clock = new TestClock();
  const outbox = createOutboxMailer({ db: database.db, from: 'test@brizo.test', clock });
  const texts = createOutboxSms({ db: database.db, clock });
  // A slow network delivery (SMTP, an SMS gateway) goes out once its change has committed, as the SMTP
  // mailer's does: it must hold neither the answer nor the transaction (PGlite's one connection).
  const mailer: Mailer = {
    send: (message) =>
      afterCommit(async () => {
        await gate.wait();
        await outbox.send(message);
      }),
    close: async () => {},
  };
  const sms: SmsSender = {
    send: (message) =>
      afterCommit(async () => {
        await gate.wait();
        await texts.send(message);
      }),
  };
  server = await startTestServer(database.db, { clock, mailer, sms, settle: false });
});
afterAll(async () => {
  for (const held of gates) held.open();
  await server?.app.close();
  await database?.close();
});

const post = (url: string, payload: unknown, cookies?: Record<string, string>) =>
  server.app.inject({ method: 'POST', url: `${API}${url}`, payload: payload as object, cookies });

/** Fails (instead of hanging) when the answer waits for the held mail. */
async function answerWithinGate(request: Promise<LightMyRequestResponse>): Promise<LightMyRequestResponse> {
  const waited = new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 5_000).unref());
  const answer = await Promise.race([request, waited]);
  if (answer === 'waited') throw new Error('the answer waited for the mail to be sent');
  return answer;
}

/** Status, body and headers, without what differs on every answer anyway. */
function comparable(response: LightMyRequestResponse, ignoreBodyValues = false) {
  const headers: Record<string, unknown> = { ...response.headers };
  // The per-IP request counter moves with every request, known account or not.
  const perAnswer = ['date', 'frontegg-trace-id', 'x-request-id', 'content-length', 'x-ratelimit-remaining'];
  for (const name of perAnswer) delete headers[name];
  const body: unknown = response.body ? response.json() : undefined;
  const shape =
    ignoreBodyValues && body && typeof body === 'object'
      ? Object.fromEntries(Object.entries(body).map(([key, value]) => [key, typeof value]))
      : body;
  return { status: response.statusCode, body: shape, headers };
}

/** Sends the same request for an existing and an unknown identifier while mail is held. */
async function bothAnswers(request: (identifier: string) => Promise<LightMyRequestResponse>, known: string) {
  newGate();
  const existing = await answerWithinGate(request(known));
  const unknown = await answerWithinGate(request(uniqueEmail('nobody')));
  return { existing, unknown };
}

async function settle() {
  gate.open();
  await server.app.background.idle();
}

describe('anonymous endpoints answer before their work, the same for unknown accounts (issue 10)', () => {
  it('forgot password: same answer, the reset mail arrives after the answer', async () => {
    const { user } = await createUser(server.db, server.passwords);
    const { existing, unknown } = await bothAnswers(
      (email) => post('/users/v1/passwords/reset', { email }),
      user.email,
    );
    expect(comparable(unknown)).toEqual(comparable(existing));
    expect(await mailTo(server.db, user.email)).toHaveLength(0);
    await settle();
    const [mail] = await mailTo(server.db, user.email);
    expect(mail?.text).toContain('/account/reset-password?');
  });

  it('resend activation: same answer, the activation mail arrives after the answer', async () => {
    const { user } = await createUser(server.db, server.passwords, { verified: false });
    const { existing, unknown } = await bothAnswers(
      (email) => post('/users/v1/activate/reset', { email }),
      user.email,
    );
    expect(comparable(unknown)).toEqual(comparable(existing));
    await settle();
    expect((await mailTo(server.db, user.email))[0]?.text).toContain('/account/activate?');
  });

  it('sign-up: same answer for a known and a new email; the new account exists once settled', async () => {
    const { user } = await createUser(server.db, server.passwords);
    newGate();
    const signUp = (email: string) =>
      post('/users/v1/signUp', { email, name: 'Ada Lovelace', companyName: 'Issue ten', metadata: '{}' });
    const known = await answerWithinGate(signUp(user.email));
    const newEmail = uniqueEmail('newcomer');
    const created = await answerWithinGate(signUp(newEmail));
    expect(created.statusCode).toBe(200);
    expect(comparable(known, true)).toEqual(comparable(created, true));
    await settle();
    const { userId } = created.json<{ userId: string }>();
    expect((await findUserById(server.db, userId))?.email).toBe(newEmail);
    expect((await mailTo(server.db, newEmail))[0]?.text).toContain('/account/activate?');
    expect((await mailTo(server.db, user.email))[0]?.subject).toBeTruthy();
  });

  it('lost phone: same answer, the reset code mail arrives after the answer', async () => {
    const { user } = await createUser(server.db, server.passwords, { phoneNumber: '+15550100010' });
    const { existing, unknown } = await bothAnswers(
      (email) => post('/users/v1/phone/reset', { email }),
      user.email,
    );
    expect(comparable(unknown, true)).toEqual(comparable(existing, true));
    await settle();
    expect(await mailTo(server.db, user.email)).toHaveLength(1);
  });

  it('password recovery by SMS: same answer, the code is texted after the answer', async () => {
    const { user: admin } = await createUser(server.db, server.passwords, { superUser: true });
    const authorization = `Bearer ${await accessTokenOf(server, admin.email)}`;
    const policy = await setPolicy(server, authorization, 'password-recovery/strategies', [
      { strategy: 'sms', isActive: true },
    ]);
    expect(policy.statusCode).toBe(200);
    const phoneNumber = '+15550100011';
    const { user } = await createUser(server.db, server.passwords, { phoneNumber });
    const { existing, unknown } = await bothAnswers(
      (identifier) => post('/users/v2/passwords/reset/sms', { identifier, identifierType: 'email' }),
      user.email,
    );
    expect(comparable(unknown, true)).toEqual(comparable(existing, true));
    await settle();
    expect(await listOutboxSms(server.db, { to: phoneNumber, limit: 5 })).toHaveLength(1);
  });

  it('passwordless pre-login (email code): same answer, the code is mailed after the answer', async () => {
    const vendor = await post('/auth/v1/user', { email: 'super@brizo.test', password: DEMO_PASSWORD });
    const strategy = async (name: string) => {
      const response = await server.app.inject({
        method: 'PUT',
        url: `${API}/configurations/v1/auth/strategies`,
        headers: { authorization: `Bearer ${vendor.json<{ accessToken: string }>().accessToken}` },
        payload: { mainAuthStrategies: [{ strategy: name }] },
      });
      expect(response.statusCode).toBe(200);
    };
    expect(cookieValue(vendor, COOKIE)).toBeTruthy();
    await strategy('Code');
    try {
      const { user } = await createUser(server.db, server.passwords);
      for (const type of ['code', 'magiclink'] as const) {
        if (type === 'magiclink') {
          await strategy('MagicLink');
          server.clock.advanceSeconds(server.config.recipientPauseSeconds);
        }
        const { existing, unknown } = await bothAnswers(
          (email) => post(`/auth/v1/passwordless/${type}/prelogin`, { email }),
          user.email,
        );
        expect(comparable(unknown)).toEqual(comparable(existing));
        await settle();
      }
      expect(await mailTo(server.db, user.email)).toHaveLength(2);
      const actions = (await listAuditLogsByEmail(server.db, user.email)).map((log) => log.action);
      expect(actions).toContain('Passwordless sign-in code sent');
    } finally {
      await strategy('EmailAndPassword');
    }
  });
});
