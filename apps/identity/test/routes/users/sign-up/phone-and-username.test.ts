import { describe, expect, it } from 'vitest';
import { listAuditLogsByEmail } from '../../../../src/db/queries/audit-logs.js';
import { findUserByEmail, findUserById } from '../../../../src/db/queries/users.js';
import type { SignUpStrategySetting } from '../../../../src/db/schema/index.js';
import { createUser, TEST_PASSWORD } from '../../../factories.js';
import { API, expectErrorShape, mailTo, uniqueEmail, useTestServer } from '../../../harness.js';
import { phoneAndUsernameOn, SIGN_UP_STRATEGIES, signUpSupport } from '../../../sign-up-support.js';

// Issue 3: sign-up strategies (SPEC section 3 "Identifier types"), sign-up by phone number and by
// username, and signing in by username afterwards.

const server = useTestServer();
const support = signUpSupport(server);
const { inject } = support;

const defaults: SignUpStrategySetting[] = [
  { strategy: 'email', isActive: true, isRequired: true },
  { strategy: 'phoneNumber', isActive: false, isRequired: false },
  { strategy: 'username', isActive: false, isRequired: false },
];

const form = (email: string) => ({ email, name: 'Ada Lovelace', companyName: 'Acme Foods' });
let phoneSequence = 1000;
const uniquePhone = () => `+1555010${String(phoneSequence++).padStart(4, '0')}`;

const signUp = (path: '' | '/phoneNumber' | '/username', payload: unknown) =>
  inject('POST', `${API}/users/v1/signUp${path}`, payload);

describe('sign-up strategies', () => {
  it('default to email only, active and required (what the SDK loads at start-up)', async () => {
    const response = await inject('GET', SIGN_UP_STRATEGIES);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(defaults);
  });

  it('the vendor changes them; identifiers left out keep their setting; audited', async () => {
    const vendor = await support.vendorToken();
    const changed = await inject(
      'PUT',
      SIGN_UP_STRATEGIES,
      [{ strategy: 'username', isActive: true, isRequired: true }],
      vendor,
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual([
      defaults[0],
      defaults[1],
      { strategy: 'username', isActive: true, isRequired: true },
    ]);
    expect((await inject('GET', SIGN_UP_STRATEGIES)).json()).toEqual(changed.json());
    const audits = await listAuditLogsByEmail(server().db, 'super@brizo.test');
    expect(audits.map((audit) => audit.action)).toContain('Sign-up strategies changed');

    expect((await inject('POST', SIGN_UP_STRATEGIES, defaults, vendor)).json()).toEqual(defaults);
  });

  it("refuses a tenant's administrator (403), even with a valid list: sign-up is every tenant's", async () => {
    const admin = await support.tokenOf({ email: 'admin@brizo.test' }, 'Brizo-demo-2026!');
    for (const method of ['PUT', 'POST'] as const) {
      const refused = expectErrorShape(
        await inject(method, SIGN_UP_STRATEGIES, phoneAndUsernameOn, admin),
        403,
      );
      expect(refused.errorCode).toBe('ER-ADMIN-VENDOR-ONLY');
    }
    expect((await inject('GET', SIGN_UP_STRATEGIES)).json()).toEqual(defaults);
  });

  it('refuses non-administrators (403) and requests without a token (401)', async () => {
    const { user } = await createUser(server().db, server().passwords, { roleKeys: ['bfm-base'] });
    const plain = await support.tokenOf({ email: user.email }, TEST_PASSWORD);
    expect(expectErrorShape(await inject('PUT', SIGN_UP_STRATEGIES, defaults, plain), 403).errorCode).toBe(
      'ER-ADMIN-VENDOR-ONLY',
    );
    expectErrorShape(await inject('PUT', SIGN_UP_STRATEGIES, defaults), 401);
  });

  it.each([
    [
      'email switched off',
      [{ strategy: 'email', isActive: false, isRequired: false }],
      /email must stay active/,
    ],
    [
      'required but inactive',
      [{ strategy: 'phoneNumber', isActive: false, isRequired: true }],
      /must be active/,
    ],
    [
      'phone and username both required',
      [
        { strategy: 'phoneNumber', isActive: true, isRequired: true },
        { strategy: 'username', isActive: true, isRequired: true },
      ],
      /Only one of phoneNumber and username/,
    ],
    ['an unknown identifier', [{ strategy: 'fax', isActive: true, isRequired: false }], /strategy/],
    ['wrong types', [{ strategy: 'username', isActive: 'yes', isRequired: false }], /isActive/],
    ['an object instead of a list', { strategy: 'username' }, /Invalid|expected array/],
    ['an empty list', [], /at least one/],
    [
      'a repeated identifier',
      [
        { strategy: 'username', isActive: true, isRequired: false },
        { strategy: 'username', isActive: false, isRequired: false },
      ],
      /once/,
    ],
  ])('rejects %s with 400', async (_case, payload, message) => {
    const body = expectErrorShape(
      await inject('PUT', SIGN_UP_STRATEGIES, payload, await support.vendorToken()),
      400,
    );
    expect(body.errors[0]).toMatch(message);
    expect((await inject('GET', SIGN_UP_STRATEGIES)).json()).toEqual(defaults);
  });
});

describe('POST /users/v1/signUp/phoneNumber', () => {
  it('is refused while sign-up by phone number is off', async () => {
    await support.setSignUpStrategies(defaults);
    const body = expectErrorShape(
      await signUp('/phoneNumber', { ...form(uniqueEmail()), phoneNumber: uniquePhone() }),
      400,
    );
    expect(body.errorCode).toBe('ER-SIGNUP-PHONE-NUMBER-INACTIVE');
  });

  it('needs a phone number (SPEC section 5 text) in a valid notation', async () => {
    await support.setSignUpStrategies(phoneAndUsernameOn);
    const missing = expectErrorShape(await signUp('/phoneNumber', form(uniqueEmail())), 400);
    expect(missing.errors).toEqual(['Phone number is required for phone number signup']);
    expect(missing.errorCode).toBe('ER-SIGNUP-PHONE-NUMBER-REQUIRED');
    expectErrorShape(await signUp('/phoneNumber', { ...form(uniqueEmail()), phoneNumber: 'call me' }), 400);
    expectErrorShape(await signUp('/phoneNumber', { ...form(uniqueEmail()), phoneNumber: 15550100 }), 400);
    expectErrorShape(await signUp('/phoneNumber', { phoneNumber: uniquePhone() }), 400);
  });

  it('creates the account on trial; the texted sign-in code verifies the phone and signs in', async () => {
    await support.setSignUpStrategies(phoneAndUsernameOn);
    const email = uniqueEmail('phone');
    const phoneNumber = uniquePhone();
    const response = await signUp('/phoneNumber', {
      ...form(email),
      phoneNumber: '+1 (555) 010-' + phoneNumber.slice(-4),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      shouldActivate: true,
      userId: expect.any(String),
      tenantId: expect.any(String),
      user: { vendorMetadata: JSON.stringify({ signupType: 'work' }) },
    });
    const user = await findUserByEmail(server().db, email);
    expect(user).toMatchObject({
      id: response.json().userId,
      phoneNumber,
      verified: false,
      passwordHash: null,
    });
    // No activation mail: the phone proves the account.
    expect(await mailTo(server().db, email)).toEqual([]);

    // What the SDK does next (main strategy still EmailAndPassword): SMS pre-login, then the code.
    const pre = await inject('POST', `${API}/auth/v1/passwordless/smscode/prelogin`, { phoneNumber });
    expect(pre.statusCode, pre.body).toBe(200);
    const code = await support.codeFromSms(phoneNumber);
    const post = await inject('POST', `${API}/auth/v1/passwordless/smscode/postlogin`, {
      phoneNumber,
      token: code,
    });
    expect(post.statusCode, post.body).toBe(200);
    expect(post.json().accessToken).toEqual(expect.any(String));
    const after = await findUserByEmail(server().db, email);
    expect(JSON.parse(after?.vendorMetadata ?? '{}')).toMatchObject({ activated: true, signupType: 'work' });
  });

  it('answers an existing phone number or email like a new one, creating nobody (no enumeration)', async () => {
    await support.setSignUpStrategies(phoneAndUsernameOn);
    const phoneNumber = uniquePhone();
    const { user } = await createUser(server().db, server().passwords, { phoneNumber });
    const byPhone = await signUp('/phoneNumber', { ...form(uniqueEmail('again')), phoneNumber });
    const byEmail = await signUp('/phoneNumber', { ...form(user.email), phoneNumber: uniquePhone() });
    for (const response of [byPhone, byEmail]) {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        shouldActivate: true,
        userId: expect.any(String),
        tenantId: expect.any(String),
        user: { vendorMetadata: JSON.stringify({ signupType: 'work' }) },
      });
      expect(response.json().userId).not.toBe(user.id);
    }
    expect(await findUserById(server().db, byPhone.json().userId)).toBeUndefined();
    expect(await findUserById(server().db, byEmail.json().userId)).toBeUndefined();
    expect((await mailTo(server().db, user.email))[0]?.subject).toMatch(/already have/);
  });
});

describe('POST /users/v1/signUp/username', () => {
  it('is refused while sign-up by username is off, and needs a valid username', async () => {
    await support.setSignUpStrategies(defaults);
    expect(
      expectErrorShape(await signUp('/username', { ...form(uniqueEmail()), username: 'ada' }), 400).errorCode,
    ).toBe('ER-SIGNUP-USERNAME-INACTIVE');

    await support.setSignUpStrategies(phoneAndUsernameOn);
    expect(expectErrorShape(await signUp('/username', form(uniqueEmail())), 400).errors).toEqual([
      'Username is required for username signup',
    ]);
    for (const username of ['ab', 'has space', 'x'.repeat(65), 'émile', 42]) {
      expectErrorShape(await signUp('/username', { ...form(uniqueEmail()), username }), 400);
    }
  });

  it('stores the username, mails the activation link, and the user then signs in by username', async () => {
    await support.setSignUpStrategies(phoneAndUsernameOn);
    const email = uniqueEmail('uname');
    const username = `Ada.L-${Date.now() % 100000}`;
    const response = await signUp('/username', { ...form(email), username });
    expect(response.statusCode).toBe(200);
    expect(response.json().activationToken).toBeUndefined();
    expect((await findUserByEmail(server().db, email))?.username).toBe(username);

    const link = (await mailTo(server().db, email))[0]?.text.match(
      /https?:\/\/\S+\/account\/activate\?\S+/,
    )?.[0];
    const query = new URL(link ?? 'http://x').searchParams;
    const activated = await inject('POST', `${API}/users/v1/activate`, {
      userId: query.get('userId'),
      token: query.get('token'),
      password: TEST_PASSWORD,
    });
    expect(activated.statusCode, activated.body).toBe(200);

    // EmailAndPassword takes emails only; UsernameAndPassword takes the username in any case.
    const refused = expectErrorShape(
      await inject('POST', `${API}/auth/v1/user`, { username, password: TEST_PASSWORD }),
      400,
    );
    expect(refused.errorCode).toBe('ER-AUTH-STRATEGY-INACTIVE');
    await support.setMainAuthStrategy('UsernameAndPassword');
    try {
      expect(await support.tokenOf({ username: username.toUpperCase() }, TEST_PASSWORD)).toEqual(
        expect.any(String),
      );
      expectErrorShape(
        await inject('POST', `${API}/auth/v1/user`, { username, password: 'wrong-Password-1' }),
        401,
      );
      expectErrorShape(
        await inject('POST', `${API}/auth/v1/user`, { username: 'nobody-here', password: TEST_PASSWORD }),
        401,
      );
      expectErrorShape(
        await inject('POST', `${API}/auth/v1/user`, { username: 7, password: TEST_PASSWORD }),
        400,
      );
    } finally {
      await support.setMainAuthStrategy('EmailAndPassword');
    }
  });

  it('answers 409 for a username taken in another case, creating nobody', async () => {
    await support.setSignUpStrategies(phoneAndUsernameOn);
    await createUser(server().db, server().passwords, { username: 'taken.name' });
    const email = uniqueEmail('late');
    const body = expectErrorShape(await signUp('/username', { ...form(email), username: 'Taken.Name' }), 409);
    expect(body.errorCode).toBe('ER-USERNAMES-TAKEN');
    expect(await findUserByEmail(server().db, email)).toBeUndefined();
  });

  it('a required username is also required on the plain /signUp', async () => {
    await support.setSignUpStrategies([{ strategy: 'username', isActive: true, isRequired: true }]);
    try {
      expect(expectErrorShape(await signUp('', form(uniqueEmail())), 400).errors).toEqual([
        'Username is required for username signup',
      ]);
    } finally {
      await support.setSignUpStrategies(phoneAndUsernameOn);
    }
  });
});

describe('passwordless sign-in by username (UsernameAndCode)', () => {
  it('mails the code for a username and signs in with username + code; unknown usernames get the same answer', async () => {
    const { user } = await createUser(server().db, server().passwords, {
      username: `coder-${Date.now() % 100000}`,
    });
    await support.setMainAuthStrategy('UsernameAndCode');
    try {
      const pre = await inject('POST', `${API}/auth/v1/passwordless/code/prelogin`, {
        username: user.username,
      });
      expect(pre.statusCode, pre.body).toBe(200);
      const unknown = await inject('POST', `${API}/auth/v1/passwordless/code/prelogin`, {
        username: 'no-such-user',
      });
      expect(unknown.statusCode).toBe(200);
      expect(unknown.json()).toEqual(pre.json());

      const code = await support.codeFromMail(user.email);
      const post = await inject('POST', `${API}/auth/v1/passwordless/code/postlogin`, {
        username: user.username?.toUpperCase(),
        token: code,
      });
      expect(post.statusCode, post.body).toBe(200);
    } finally {
      await support.setMainAuthStrategy('EmailAndPassword');
    }
  });
});
