import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserByEmail } from '../../../src/db/queries/users.js';
import {
  ACTIVATION_CODE_MAX_ATTEMPTS,
  ACTIVATION_CODE_TTL_SECONDS,
} from '../../../src/services/activation.js';
import { DEMO_PASSWORD } from '../../../src/services/seed.js';
import { createUser, TEST_PASSWORD } from '../../factories.js';
import { API, cookieValue, expectErrorShape, mailTo, uniqueEmail, useTestServer } from '../../harness.js';
import { ACTIVATION_SETTING, phoneAndUsernameOn, signUpSupport } from '../../sign-up-support.js';

// Issue 3: activation by code (/account/activate/code): the sign-up answer's activationToken plus
// the mailed 6-digit code; the token alone activates nothing.

const server = useTestServer();
const support = signUpSupport(server);
const { inject } = support;

const signUp = async (email: string, path = '') => {
  const response = await inject('POST', `${API}/users/v1/signUp${path}`, {
    email,
    name: 'Ada Lovelace',
    companyName: 'Acme Foods',
    ...(path ? { username: `u-${email.split('@')[0]}` } : {}),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{
    userId: string;
    tenantId: string;
    shouldActivate: boolean;
    activationToken?: string;
  }>();
};

const activateWithCode = (payload: Record<string, unknown>) =>
  inject('POST', `${API}/users/v1/activate/code`, payload);

describe('the activation setting', () => {
  it("defaults to 'link'; the vendor switches it; others get 403, no token 401, bad values 400", async () => {
    expect((await inject('GET', ACTIVATION_SETTING)).json()).toEqual({ activationMethod: 'link' });
    const vendor = await support.tokenOf({ email: 'super@brizo.test' }, DEMO_PASSWORD);
    const changed = await inject('PUT', ACTIVATION_SETTING, { activationMethod: 'code' }, vendor);
    expect(changed.json()).toEqual({ activationMethod: 'code' });
    expect((await inject('GET', ACTIVATION_SETTING)).json()).toEqual({ activationMethod: 'code' });

    const { user } = await createUser(server().db, server().passwords);
    const plain = await support.tokenOf({ email: user.email }, TEST_PASSWORD);
    expectErrorShape(await inject('PUT', ACTIVATION_SETTING, { activationMethod: 'link' }, plain), 403);
    expectErrorShape(await inject('PUT', ACTIVATION_SETTING, { activationMethod: 'link' }), 401);
    for (const payload of [{ activationMethod: 'sms' }, { activationMethod: 1 }, {}, ['code']]) {
      expectErrorShape(await inject('PUT', ACTIVATION_SETTING, payload, vendor), 400);
    }
    await support.setActivationMethod('link');
  });

  it("refuses a tenant's administrator (403): activation is every tenant's sign-up", async () => {
    const admin = await support.tokenOf({ email: 'admin@brizo.test' }, DEMO_PASSWORD);
    const refused = expectErrorShape(
      await inject('PUT', ACTIVATION_SETTING, { activationMethod: 'code' }, admin),
      403,
    );
    expect(refused.errorCode).toBe('ER-ADMIN-VENDOR-ONLY');
    expect((await inject('GET', ACTIVATION_SETTING)).json()).toEqual({ activationMethod: 'link' });
  });
});

describe('activation by code', () => {
  beforeAll(async () => {
    await support.setActivationMethod('code');
  });
  afterAll(async () => {
    await support.setActivationMethod('link');
  });

  it('signs up with an activationToken, mails the code, and activates with token + code + password', async () => {
    const email = uniqueEmail('code');
    const { userId, activationToken } = await signUp(email);
    expect(activationToken).toEqual(expect.any(String));
    const [mail] = await mailTo(server().db, email);
    expect(mail?.subject).toMatch(/activation code/);
    expect(mail?.text).toContain(`/account/activate/code?userId=${userId}`);
    const code = await support.codeFromMail(email);

    // The strategy check answers a code page's token like a fake one (no enumeration).
    const strategy = await inject(
      'GET',
      `${API}/users/v1/activate/strategy?userId=${userId}&token=${activationToken}`,
    );
    expect(expectErrorShape(strategy, 400).errorCode).toBe('ER-USERS-ACTIVATION-INVALID');

    const response = await activateWithCode({
      userId,
      token: activationToken,
      code,
      password: TEST_PASSWORD,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().accessToken).toEqual(expect.any(String));
    expect(cookieValue(response, 'fe_refresh_brizoaccess')).toBeTruthy();
    expect(response.json()).not.toHaveProperty('refreshToken'); // issue 10: cookie only
    expect(await findUserByEmail(server().db, email)).toMatchObject({ verified: true });

    // Single use.
    const again = await activateWithCode({ userId, token: activationToken, code, password: TEST_PASSWORD });
    expect(expectErrorShape(again, 400).errors).toEqual(['The code is incorrect or has expired']);
  });

  it('the token alone (the link endpoint) activates nothing', async () => {
    const email = uniqueEmail('nocode');
    const { userId, activationToken } = await signUp(email);
    const body = expectErrorShape(
      await inject('POST', `${API}/users/v1/activate`, {
        userId,
        token: activationToken,
        password: TEST_PASSWORD,
      }),
      400,
    );
    expect(body.errorCode).toBe('ER-USERS-ACTIVATION-INVALID');
    expect(await findUserByEmail(server().db, email)).toMatchObject({ verified: false });
  });

  it('a code dies after 10 minutes; the page resends a new code for the same token', async () => {
    const email = uniqueEmail('late');
    const { userId, activationToken } = await signUp(email);
    const first = await support.codeFromMail(email);
    server().clock.advanceSeconds(ACTIVATION_CODE_TTL_SECONDS + 1);
    const expired = await activateWithCode({
      userId,
      token: activationToken,
      code: first,
      password: TEST_PASSWORD,
    });
    expect(expectErrorShape(expired, 400).errors).toEqual(['The code is incorrect or has expired']);

    const resent = await inject('POST', `${API}/users/v1/activate/reset`, { userId, token: activationToken });
    expect(resent.statusCode).toBe(200);
    expect(await mailTo(server().db, email)).toHaveLength(2);
    const second = await support.codeFromMail(email);
    const response = await activateWithCode({
      userId,
      token: activationToken,
      code: second,
      password: TEST_PASSWORD,
    });
    expect(response.statusCode, response.body).toBe(200);
  });

  it(`stops accepting even the right code after ${ACTIVATION_CODE_MAX_ATTEMPTS} wrong guesses`, async () => {
    const email = uniqueEmail('guess');
    const { userId, activationToken } = await signUp(email);
    const code = await support.codeFromMail(email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < ACTIVATION_CODE_MAX_ATTEMPTS; attempt++) {
      const response = await activateWithCode({
        userId,
        token: activationToken,
        code: wrong,
        password: TEST_PASSWORD,
      });
      expect(expectErrorShape(response, 400).errorCode).toBe('ER-SIGNUP-ACTIVATION-CODE-INVALID');
    }
    const right = await activateWithCode({ userId, token: activationToken, code, password: TEST_PASSWORD });
    expect(expectErrorShape(right, 400).errorCode).toBe('ER-SIGNUP-ACTIVATION-CODE-INVALID');
  });

  it('answers an existing email with an activationToken too, and the fake token activates nothing', async () => {
    const { user } = await createUser(server().db, server().passwords);
    const answer = await signUp(user.email);
    expect(answer).toEqual({
      shouldActivate: true,
      userId: expect.any(String),
      tenantId: expect.any(String),
      activationToken: expect.any(String),
      user: { vendorMetadata: expect.any(String) },
    });
    const response = await activateWithCode({
      userId: answer.userId,
      token: answer.activationToken,
      code: '123456',
      password: TEST_PASSWORD,
    });
    // The same answer as a real token with a wrong code.
    expect(expectErrorShape(response, 400).errorCode).toBe('ER-SIGNUP-ACTIVATION-CODE-INVALID');
    // The resend answers the same for the fake token, and mails nobody.
    const before = (await mailTo(server().db, user.email)).length;
    const resent = await inject('POST', `${API}/users/v1/activate/reset`, {
      userId: answer.userId,
      token: answer.activationToken,
    });
    expect(resent.statusCode).toBe(200);
    expect(await mailTo(server().db, user.email)).toHaveLength(before);
  });

  it('a username sign-up also gets its activationToken', async () => {
    await support.setSignUpStrategies(phoneAndUsernameOn);
    const answer = await signUp(uniqueEmail('nick'), '/username');
    expect(answer.activationToken).toEqual(expect.any(String));
  });

  it.each([
    ['no body', undefined],
    ['no code', { userId: '00000000-0000-4000-8000-000000000000', token: 'x' }],
    ['a userId that is not an id', { userId: 'me', token: 'x', code: '123456' }],
    ['a numeric code', { userId: '00000000-0000-4000-8000-000000000000', token: 'x', code: 123456 }],
    ['an unknown user', { userId: '00000000-0000-4000-8000-000000000000', token: 'x', code: '123456' }],
  ])('rejects %s with 400', async (_case, payload) => {
    expectErrorShape(await activateWithCode(payload as Record<string, unknown>), 400);
  });

  it('rejects a bad resend body with 400', async () => {
    for (const payload of [{}, { userId: 'me', token: 'x' }, { email: 'not-an-email' }]) {
      expectErrorShape(await inject('POST', `${API}/users/v1/activate/reset`, payload), 400);
    }
  });
});
