import { describe, expect, it } from 'vitest';
import { listAuditLogsByEmail } from '../../db/queries/audit-logs.js';
import { upsertMfaStrategy } from '../../db/queries/mfa.js';
import { MFA_CODE_TTL_SECONDS, MFA_MAX_ATTEMPTS } from './service.js';
import { createUser } from '../../../test/factories.js';
import { API, expectErrorShape, json, useTestServer } from '../../../test/harness.js';
import { mfaClient, type MfaRequired, type Session } from '../../../test/mfa-support.js';

// Issue 3: the signed-in user's own SMS and email-code factors (/identity/resources/users/v1/mfa).
const server = useTestServer();
const client = mfaClient(server);
const unknownToken = 'c'.repeat(43);
const unknownDevice = '00000000-0000-4000-8000-000000000001';

interface Devices {
  phones: { id: string; phoneNumber: string }[];
  emails: { email: string }[];
  authenticators: { id: string }[];
  webauthn: unknown[];
}

let phoneSeq = 100;
const newPhone = () => `+1555030${String(phoneSeq++).padStart(4, '0')}`;
const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

/** A signed-in user (new, without factors, unless given), and calls as that user. */
async function signedIn(existing?: { email: string }) {
  const user = existing ?? (await createUser(server().db, server().passwords)).user;
  const session = json<Session>(await client.login(user.email));
  const headers = { authorization: `Bearer ${session.accessToken}` };
  const post = (path: string, payload?: unknown) => client.post(`/users/v1/mfa${path}`, payload, headers);
  const devices = async () =>
    json<Devices>(await server().app.inject({ method: 'GET', url: `${API}/users/v1/mfa/devices`, headers }));
  return { user, post, devices };
}

type Caller = Awaited<ReturnType<typeof signedIn>>;

async function enrollSms(caller: Caller, phone = newPhone()) {
  const started = await caller.post('/sms/enroll', { phoneNumber: phone });
  expect(started.statusCode).toBe(200);
  const { otcToken } = json<{ otcToken: string }>(started);
  const finished = await caller.post('/sms/enroll/verify', {
    otcToken,
    code: await client.latestSmsCode(phone),
  });
  expect(finished.statusCode).toBe(200);
  return { phone, result: json<{ recoveryCode?: string }>(finished) };
}

async function enrollEmail(caller: Caller) {
  const started = await caller.post('/emailcode/enroll');
  expect(started.statusCode).toBe(200);
  const { otcToken } = json<{ otcToken: string }>(started);
  const finished = await caller.post('/emailcode/enroll/verify', {
    otcToken,
    code: await client.latestCode(caller.user.email),
  });
  expect(finished.statusCode).toBe(200);
  return json<{ recoveryCode?: string }>(finished);
}

describe('SMS factor: enroll and disable, each proven by a texted code', () => {
  it('enrolls a phone, lists it masked, and the next login asks for it', async () => {
    const caller = await signedIn();
    const phone = newPhone();
    const started = await caller.post('/sms/enroll', { phoneNumber: phone });
    expect(json(started)).toEqual({ otcToken: expect.any(String), phoneNumber: phone });
    const { otcToken } = json<{ otcToken: string }>(started);
    const code = await client.latestSmsCode(phone);
    expectErrorShape(await caller.post('/sms/enroll/verify', { otcToken, code: wrongCode(code) }), 400);
    expect((await caller.devices()).phones).toEqual([]);

    const finished = await caller.post('/sms/enroll/verify', { otcToken, code });
    expect(json<{ recoveryCode: string }>(finished).recoveryCode).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){4}$/);
    const { phones } = await caller.devices();
    expect(phones).toEqual([
      { id: expect.any(String), phoneNumber: `${'*'.repeat(phone.length - 4)}${phone.slice(-4)}` },
    ]);

    const login = json<MfaRequired>(await client.login(caller.user.email));
    expect(login.mfaRequired).toBe(true);
    expect(login.mfaDevices?.phones.map((device) => device.id)).toEqual(phones.map((device) => device.id));
    const actions = (await listAuditLogsByEmail(server().db, caller.user.email)).map((entry) => entry.action);
    expect(actions).toEqual(
      expect.arrayContaining(['MFA code sent', 'User failed MFA', 'User enrolled MFA']),
    );
  });

  it('counts one phone per user: a second enrollment is refused', async () => {
    const caller = await signedIn();
    await enrollSms(caller);
    expect(
      expectErrorShape(await caller.post('/sms/enroll', { phoneNumber: newPhone() }), 409).errorCode,
    ).toBe('ER-MFA-ALREADY-ENROLLED');
  });

  it('disables the phone with a code texted to it', async () => {
    const caller = await signedIn();
    const { phone } = await enrollSms(caller);
    const [device] = (await caller.devices()).phones;
    const started = await caller.post(`/sms/${device?.id}/disable`);
    expect(json(started)).toEqual({ otcToken: expect.any(String), phoneNumber: device?.phoneNumber });
    const { otcToken } = json<{ otcToken: string }>(started);
    const code = await client.latestSmsCode(phone);
    expectErrorShape(
      await caller.post(`/sms/${device?.id}/disable/verify`, { otcToken, code: wrongCode(code) }),
      400,
    );
    expect((await caller.post(`/sms/${device?.id}/disable/verify`, { otcToken, code })).statusCode).toBe(200);
    expect((await caller.devices()).phones).toEqual([]);
    const actions = (await listAuditLogsByEmail(server().db, caller.user.email)).map((entry) => entry.action);
    expect(actions).toContain('User disabled MFA');
  });

  it('keeps codes to their purpose: an enrollment code does not disable, nor a removal code enroll', async () => {
    const caller = await signedIn();
    const { phone } = await enrollSms(caller);
    const [device] = (await caller.devices()).phones;
    const removal = json<{ otcToken: string }>(await caller.post(`/sms/${device?.id}/disable`));
    const removalCode = await client.latestSmsCode(phone);
    expectErrorShape(
      await caller.post('/sms/enroll/verify', { otcToken: removal.otcToken, code: removalCode }),
      400,
    );
    const enrollment = json<{ otcToken: string }>(await caller.post('/emailcode/enroll'));
    const enrollmentCode = await client.latestCode(caller.user.email);
    expectErrorShape(
      await caller.post(`/sms/${device?.id}/disable/verify`, {
        otcToken: enrollment.otcToken,
        code: enrollmentCode,
      }),
      400,
    );
    const devices = await caller.devices();
    expect([devices.phones.length, devices.emails.length]).toEqual([1, 0]);
  });
});

describe('email-code factor: enroll and disable, each proven by a mailed code', () => {
  it('enrolls, lists the address, and gives a recovery code only with the first factor', async () => {
    const caller = await signedIn();
    const first = await enrollEmail(caller);
    expect(first.recoveryCode).toEqual(expect.any(String));
    expect((await caller.devices()).emails).toEqual([{ email: caller.user.email }]);
    expectErrorShape(await caller.post('/emailcode/enroll'), 409);

    const second = await enrollSms(caller);
    expect(second.result).toEqual({});
    const devices = await caller.devices();
    expect([devices.phones.length, devices.emails.length]).toEqual([1, 1]);
  });

  it('disables email codes with a mailed code', async () => {
    const caller = await signedIn();
    await enrollEmail(caller);
    const { otcToken } = json<{ otcToken: string }>(await caller.post('/emailcode/disable'));
    const code = await client.latestCode(caller.user.email);
    expectErrorShape(
      await caller.post('/emailcode/disable/verify', { otcToken, code: wrongCode(code) }),
      400,
    );
    expect((await caller.post('/emailcode/disable/verify', { otcToken, code })).statusCode).toBe(200);
    expect((await caller.devices()).emails).toEqual([]);
    expectErrorShape(await caller.post('/emailcode/disable'), 404);
  });
});

describe('code security of the self-service factors', () => {
  it(`closes a code after ${MFA_MAX_ATTEMPTS} wrong guesses`, async () => {
    const caller = await signedIn();
    const phone = newPhone();
    const { otcToken } = json<{ otcToken: string }>(await caller.post('/sms/enroll', { phoneNumber: phone }));
    const code = await client.latestSmsCode(phone);
    for (let attempt = 0; attempt < MFA_MAX_ATTEMPTS; attempt++) {
      expectErrorShape(await caller.post('/sms/enroll/verify', { otcToken, code: wrongCode(code) }), 400);
    }
    expectErrorShape(await caller.post('/sms/enroll/verify', { otcToken, code }), 400);
    expect((await caller.devices()).phones).toEqual([]);
  });

  it('expires a code after 5 minutes', async () => {
    const caller = await signedIn();
    const { otcToken } = json<{ otcToken: string }>(await caller.post('/emailcode/enroll'));
    const code = await client.latestCode(caller.user.email);
    server().clock.advanceSeconds(MFA_CODE_TTL_SECONDS + 1);
    // The access token may have expired too: a new session, the same user.
    const later = await signedIn(caller.user);
    expectErrorShape(await later.post('/emailcode/enroll/verify', { otcToken, code }), 400);
    expect((await later.devices()).emails).toEqual([]);
  });

  it("refuses another user's code and another user's device", async () => {
    const owner = await signedIn();
    const other = await signedIn();
    const phone = newPhone();
    const { otcToken } = json<{ otcToken: string }>(await owner.post('/sms/enroll', { phoneNumber: phone }));
    const code = await client.latestSmsCode(phone);
    expectErrorShape(await other.post('/sms/enroll/verify', { otcToken, code }), 400);
    expect((await other.devices()).phones).toEqual([]);

    await owner.post('/sms/enroll/verify', { otcToken, code });
    const [device] = (await owner.devices()).phones;
    expectErrorShape(await other.post(`/sms/${device?.id}/disable`), 404);
    expect((await owner.devices()).phones).toHaveLength(1);
  });

  it('refuses to enroll a strategy the vendor turned off', async () => {
    const caller = await signedIn();
    await upsertMfaStrategy(server().db, 'SMS', false, server().clock.now());
    try {
      const refused = await caller.post('/sms/enroll', { phoneNumber: newPhone() });
      expect(expectErrorShape(refused, 400).errorCode).toBe('ER-MFA-STRATEGY-INACTIVE');
    } finally {
      await upsertMfaStrategy(server().db, 'SMS', true, server().clock.now());
    }
  });
});

describe('bad input on the self-service factor endpoints: 4xx with the error shape, never a 500', () => {
  const proof = { otcToken: unknownToken, code: '123456' };
  const wellFormed: [string, unknown][] = [
    ['/sms/enroll', { phoneNumber: '+15550100199' }],
    ['/sms/enroll/verify', proof],
    [`/sms/${unknownDevice}/disable`, undefined],
    [`/sms/${unknownDevice}/disable/verify`, proof],
    ['/emailcode/enroll', undefined],
    ['/emailcode/enroll/verify', proof],
    ['/emailcode/disable', undefined],
    ['/emailcode/disable/verify', proof],
  ];
  it.each(wellFormed)('POST %s without a token answers 401', async (path, payload) => {
    expectErrorShape(await client.post(`/users/v1/mfa${path}`, payload), 401);
  });

  it('answers 400 for missing or mistyped fields and 404 for unknown devices', async () => {
    const caller = await signedIn();
    const badBodies: [string, unknown][] = [
      ['/sms/enroll', {}],
      ['/sms/enroll', { phoneNumber: 15550100199 }],
      ['/sms/enroll', { phoneNumber: 'not a phone' }],
      ['/sms/enroll/verify', {}],
      ['/sms/enroll/verify', { otcToken: unknownToken }],
      ['/sms/enroll/verify', { otcToken: unknownToken, code: '12345' }],
      ['/sms/enroll/verify', { otcToken: 5, code: '123456' }],
      ['/sms/enroll/verify', { otcToken: unknownToken, code: '123456' }],
      ['/sms/not-a-uuid/disable', {}],
      [`/sms/${unknownDevice}/disable/verify`, { otcToken: unknownToken }],
      ['/sms/not-a-uuid/disable/verify', { otcToken: unknownToken, code: '123456' }],
      ['/emailcode/enroll/verify', { otcToken: unknownToken, code: 'abcdef' }],
      ['/emailcode/enroll/verify', { otcToken: unknownToken, code: '123456' }],
      ['/emailcode/disable/verify', { code: '123456' }],
    ];
    for (const [path, payload] of badBodies) {
      const response = await caller.post(path, payload);
      expect([path, response.statusCode]).toEqual([path, 400]);
      expectErrorShape(response, 400);
    }
    expectErrorShape(await caller.post(`/sms/${unknownDevice}/disable`), 404);
    expectErrorShape(
      await caller.post(`/sms/${unknownDevice}/disable/verify`, { otcToken: unknownToken, code: '123456' }),
      404,
    );
    expectErrorShape(await caller.post('/emailcode/disable'), 404);
    expectErrorShape(
      await caller.post('/emailcode/disable/verify', { otcToken: unknownToken, code: '123456' }),
      404,
    );
  });
});
