import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../../src/db/schema/index.js';
import { createOutboxSms, isPhoneNumber, normalizePhoneNumber } from '../../../src/services/sms.js';
import { expectErrorShape, startTestServer, useTestServer } from '../../harness.js';

const server = useTestServer();

const uniquePhone = () => `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

describe('SMS provider: the dev outbox (DEV_TOOLS on)', () => {
  it('GET /dev/api/sms lists texts newest first and filters by recipient in any notation', async () => {
    const sms = createOutboxSms({ db: server().db, clock: server().clock });
    const to = uniquePhone();
    await sms.send({ to, text: 'first' });
    await sms.send({
      to: `${to.slice(0, 2)} (${to.slice(2, 5)}) ${to.slice(5, 8)}-${to.slice(8)}`,
      text: 'second',
    });
    await sms.send({ to: uniquePhone(), text: 'someone else' });
    const spaced = `${to.slice(0, 5)} ${to.slice(5)}`;
    const response = await server().app.inject({
      method: 'GET',
      url: `/dev/api/sms?to=${encodeURIComponent(spaced)}`,
    });
    expect(response.statusCode).toBe(200);
    const messages = response.json();
    expect(messages).toHaveLength(2);
    expect(messages[0]).toEqual({
      id: expect.any(String),
      to,
      text: 'second',
      createdAt: expect.any(String),
    });
    expect(messages[1].text).toBe('first');
  });

  it('the /dev/sms page escapes the texts', async () => {
    const to = uniquePhone();
    await createOutboxSms({ db: server().db, clock: server().clock }).send({
      to,
      text: '<script>x()</script>',
    });
    const page = await server().app.inject({ method: 'GET', url: `/dev/sms?to=${encodeURIComponent(to)}` });
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('&lt;script&gt;x()&lt;/script&gt;');
    expect(page.body).not.toContain('<script>x()');
  });

  it('bad query input is a 400 with the error shape', async () => {
    expectErrorShape(await server().app.inject({ method: 'GET', url: '/dev/api/sms?limit=0' }), 400);
    expectErrorShape(
      await server().app.inject({ method: 'GET', url: `/dev/api/sms?to=${'9'.repeat(40)}` }),
      400,
    );
  });

  it('is absent when DEV_TOOLS is off', async () => {
    const production = await startTestServer(server().db, { env: { DEV_TOOLS: 'false' } });
    try {
      expectErrorShape(await production.app.inject({ method: 'GET', url: '/dev/api/sms' }), 404);
    } finally {
      await production.app.close();
    }
  });

  it('normalises phone numbers to one spelling', () => {
    expect(normalizePhoneNumber(' +1 (555) 010-0199 ')).toBe('+15550100199');
    expect(normalizePhoneNumber('0044 20 7946 0958')).toBe('+442079460958');
    expect(isPhoneNumber('+15550100199')).toBe(true);
    expect(isPhoneNumber('5550100199')).toBe(false);
    expect(isPhoneNumber('+1')).toBe(false);
  });
});

describe('dev fixture: PUT /dev/api/users/phone-number', () => {
  const put = (payload: unknown) =>
    server().app.inject({
      method: 'PUT',
      url: '/dev/api/users/phone-number',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });

  it("sets a user's phone number, normalised", async () => {
    const response = await put({ email: 'review@brizo.test', phoneNumber: '+1 555 010 0142' });
    expect(response.statusCode).toBe(200);
    const [user] = await server().db.select().from(users).where(eq(users.email, 'review@brizo.test'));
    expect(user?.phoneNumber).toBe('+15550100142');
  });

  it('rejects bad input and unknown users with the error shape', async () => {
    expectErrorShape(await put({ email: 'review@brizo.test' }), 400);
    expectErrorShape(await put({ email: 'review@brizo.test', phoneNumber: '12' }), 400);
    expectErrorShape(await put({ email: 42, phoneNumber: '+15550100142' }), 400);
    expectErrorShape(await put({ email: 'nobody@brizo.test', phoneNumber: '+15550100142' }), 404);
  });
});
