import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { findRolesOfUser } from '../../../../src/db/queries/roles.js';
import { findTenantById } from '../../../../src/db/queries/tenants.js';
import { findUserByEmail } from '../../../../src/db/queries/users.js';
import { oneTimeTokens, users } from '../../../../src/db/schema/index.js';
import { addDays, isoDate } from '../../../../src/lib/time.js';
import { ACTIVATION_TOKEN_TTL_DAYS } from '../../../../src/services/activation.js';
import {
  API,
  cookieValue,
  expectErrorShape,
  linkFromMail,
  mailTo,
  uniqueEmail,
  useTestServer,
} from '../../../harness.js';

const server = useTestServer();
const NEW_PASSWORD = 'Fresh-Start-42!';

const signUp = (payload: Record<string, unknown>) =>
  server().app.inject({ method: 'POST', url: `${API}/users/v1/signUp`, payload });

const validSignUp = (email: string) => ({
  email,
  name: 'Ada Lovelace',
  companyName: 'Acme Foods',
  metadata: JSON.stringify({ firstName: 'Ada', lastName: 'Lovelace', source: 'menu-trends' }),
});

async function roleKeysOf(userId: string) {
  return (await findRolesOfUser(server().db, userId)).map((detail) => detail.role.key).sort();
}

describe('POST /users/v1/signUp', () => {
  it('a work email creates a tenant on trial, an Admin with bfm-trial, and mails the activation link', async () => {
    const email = uniqueEmail('ada', 'acme-foods.test');
    const response = await signUp(validSignUp(email));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      shouldActivate: true,
      userId: expect.any(String),
      tenantId: expect.any(String),
      user: { vendorMetadata: JSON.stringify({ signupType: 'work' }) },
    });
    expect(body.activationToken).toBeUndefined();

    const user = await findUserByEmail(server().db, email);
    expect(user).toMatchObject({
      id: body.userId,
      name: 'Ada Lovelace',
      verified: false,
      passwordHash: null,
      activeTenantId: body.tenantId,
    });
    expect(JSON.parse(user?.metadata ?? '')).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      source: 'menu-trends',
    });
    expect(JSON.parse(user?.vendorMetadata ?? '')).toEqual({ signupType: 'work', activated: false });
    const tenant = await findTenantById(server().db, body.tenantId);
    expect(tenant?.name).toBe('Acme Foods');
    expect(JSON.parse(tenant?.metadata ?? '')).toEqual({
      expiration: isoDate(addDays(server().clock.now(), server().config.trialDays)),
      source: 'menu-trends',
    });
    expect(await roleKeysOf(body.userId)).toEqual(['Admin', 'bfm-trial']);

    const [mail] = await mailTo(server().db, email);
    expect(mail?.subject).toMatch(/Activate/);
    expect(mail?.html).toContain('http://identity.test/account/activate?userId=');
    const link = await linkFromMail(server().db, email, '/account/activate');
    expect(link.userId).toBe(body.userId);
    expect(link.token.length).toBeGreaterThan(30);
  });

  it('a personal email gets no product role (under review) but administers its tenant', async () => {
    const email = uniqueEmail('bob', 'gmail.com');
    const body = (await signUp(validSignUp(email))).json();
    expect(await roleKeysOf(body.userId)).toEqual(['Admin']);
    const tenant = await findTenantById(server().db, body.tenantId);
    expect(JSON.parse(tenant?.metadata ?? '')).toEqual({ source: 'menu-trends' });
    expect(JSON.parse((await findUserByEmail(server().db, email))?.vendorMetadata ?? '')).toMatchObject({
      signupType: 'personal',
    });
    // Walk-through defects: the sign-up screen promised a free trial; the answer says the email is personal.
    expect(JSON.parse(body.user.vendorMetadata)).toEqual({ signupType: 'personal' });
  });

  it('answers an existing email the same way and mails "you already have an account" instead', async () => {
    const response = await signUp(validSignUp('REGULAR@brizo.test'));
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json()).sort()).toEqual(['shouldActivate', 'tenantId', 'user', 'userId']);
    expect(response.json().user).toEqual({ vendorMetadata: JSON.stringify({ signupType: 'work' }) });
    const regular = await findUserByEmail(server().db, 'regular@brizo.test');
    expect(response.json().userId).not.toBe(regular?.id);
    const [mail] = await mailTo(server().db, 'regular@brizo.test');
    expect(mail?.subject).toMatch(/already have/);
    expect(mail?.text).toContain('http://identity.test/account/login');
    const all = await server().db.select().from(users).where(eq(users.email, 'regular@brizo.test'));
    expect(all).toHaveLength(1);
  });

  it('accepts metadata as an object too and composes the name from it', async () => {
    const email = uniqueEmail();
    const response = await signUp({
      email,
      companyName: 'Object Co',
      metadata: { firstName: 'Grace', lastName: 'Hopper' },
    });
    expect(response.statusCode).toBe(200);
    expect((await findUserByEmail(server().db, email))?.name).toBe('Grace Hopper');
  });

  it.each([
    [{ companyName: 'Acme' }, 'email: Email is required.'],
    [{ email: 'nope', companyName: 'Acme' }, 'email: Must be a valid email.'],
    [{ email: 'a@acme.test' }, 'companyName: Company Name is required.'],
    [{ email: 'a@acme.test', companyName: 'Ab' }, 'companyName: Company Name must be at least 3 characters.'],
    [{ email: 'a@acme.test', companyName: 42 }, 'companyName: Company Name is required.'],
    [
      { email: 'a@acme.test', companyName: 'Acme', metadata: '{not json' },
      'metadata: metadata must be a JSON object',
    ],
  ])('rejects %j with 400', async (payload, message) => {
    const body = expectErrorShape(await signUp(payload), 400);
    expect(body.errors[0]).toContain(message);
  });

  it('refuses an invitation token (no invitations exist yet)', async () => {
    const body = expectErrorShape(
      await signUp({ ...validSignUp(uniqueEmail()), invitationToken: 'abc' }),
      400,
    );
    expect(body.errors).toEqual(["We couldn't verify your invitation"]);
  });
});

describe('activation', () => {
  async function signedUp() {
    const email = uniqueEmail();
    expect((await signUp(validSignUp(email))).statusCode).toBe(200);
    return { email, ...(await linkFromMail(server().db, email, '/account/activate')) };
  }

  it('strategy lookup says a password must be set (GET and POST)', async () => {
    const { userId, token } = await signedUp();
    const get = await server().app.inject({
      method: 'GET',
      url: `${API}/users/v1/activate/strategy`,
      query: { userId, token },
    });
    expect(get.statusCode).toBe(200);
    expect(get.json()).toEqual({ shouldSetPassword: true });
    const post = await server().app.inject({
      method: 'POST',
      url: `${API}/users/v1/activate/strategy`,
      payload: { userId, token },
    });
    expect(post.json()).toEqual({ shouldSetPassword: true });
  });

  it('activates with a password: login response, cookie, verified user, then password login works', async () => {
    const { email, userId, token } = await signedUp();
    const response = await server().app.inject({
      method: 'POST',
      url: `${API}/users/v1/activate`,
      payload: { userId, token, password: NEW_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      userId,
      userEmail: email,
      emailVerified: true,
      mfaRequired: false,
    });
    expect(cookieValue(response, 'fe_refresh_brizoaccess')).toBeTruthy();
    expect(response.json()).not.toHaveProperty('refreshToken'); // issue 10: cookie only
    const user = await findUserByEmail(server().db, email);
    expect(user?.verified).toBe(true);
    expect(JSON.parse(user?.vendorMetadata ?? '')).toMatchObject({ activated: true, signupType: 'work' });
    const login = await server().app.inject({
      method: 'POST',
      url: `${API}/auth/v1/user`,
      payload: { email, password: NEW_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
  });

  it('a used activation token answers a clear 400', async () => {
    const { userId, token } = await signedUp();
    await server().app.inject({
      method: 'POST',
      url: `${API}/users/v1/activate`,
      payload: { userId, token, password: NEW_PASSWORD },
    });
    const again = expectErrorShape(
      await server().app.inject({
        method: 'POST',
        url: `${API}/users/v1/activate`,
        payload: { userId, token, password: NEW_PASSWORD },
      }),
      400,
    );
    expect(again).toEqual({
      errors: ['Activation link is invalid or expired'],
      errorCode: 'ER-USERS-ACTIVATION-INVALID',
    });
    expectErrorShape(
      await server().app.inject({
        method: 'GET',
        url: `${API}/users/v1/activate/strategy`,
        query: { userId, token },
      }),
      400,
    );
  });

  it('an expired activation token answers 400', async () => {
    const { userId, token } = await signedUp();
    server().clock.advanceSeconds(ACTIVATION_TOKEN_TTL_DAYS * 86400 + 1);
    expectErrorShape(
      await server().app.inject({
        method: 'POST',
        url: `${API}/users/v1/activate`,
        payload: { userId, token, password: NEW_PASSWORD },
      }),
      400,
    );
  });

  it('a token of another user, or a made-up one, answers 400', async () => {
    const first = await signedUp();
    const second = await signedUp();
    expectErrorShape(
      await server().app.inject({
        method: 'GET',
        url: `${API}/users/v1/activate/strategy`,
        query: { userId: second.userId, token: first.token },
      }),
      400,
    );
    expectErrorShape(
      await server().app.inject({
        method: 'GET',
        url: `${API}/users/v1/activate/strategy`,
        query: { userId: first.userId, token: 'forged' },
      }),
      400,
    );
  });

  it('refuses a weak password without using the token, then accepts a good one', async () => {
    const { userId, token } = await signedUp();
    const weak = expectErrorShape(
      await server().app.inject({
        method: 'POST',
        url: `${API}/users/v1/activate`,
        payload: { userId, token, password: 'short' },
      }),
      400,
    );
    expect(weak.errorCode).toBe('ER-USERS-PASSWORD-POLICY');
    expect(weak.errors[0]).toMatch(/at least 8 characters/);
    const missing = expectErrorShape(
      await server().app.inject({
        method: 'POST',
        url: `${API}/users/v1/activate`,
        payload: { userId, token },
      }),
      400,
    );
    expect(missing.errors).toEqual(['Password is required']);
    expect(
      (
        await server().app.inject({
          method: 'POST',
          url: `${API}/users/v1/activate`,
          payload: { userId, token, password: NEW_PASSWORD },
        })
      ).statusCode,
    ).toBe(200);
  });

  it.each([
    [{ token: 'x', password: NEW_PASSWORD }, 'userId'],
    [{ userId: 'not-a-uuid', token: 'x' }, 'userId must be a valid id'],
    [{ userId: '7b1d8f6e-0000-4000-8000-000000000000' }, 'token is required'],
  ])('rejects %j with 400', async (payload, message) => {
    const body = expectErrorShape(
      await server().app.inject({ method: 'POST', url: `${API}/users/v1/activate`, payload }),
      400,
    );
    expect(body.errors[0]).toContain(message);
  });

  it('resending activation retires the old link, and answers the same for unknown emails', async () => {
    const { email, token: oldToken, userId } = await signedUp();
    server().clock.advanceSeconds(server().config.recipientPauseSeconds); // the per-recipient pause (issue 10)
    const resend = await server().app.inject({
      method: 'POST',
      url: `${API}/users/v1/activate/reset`,
      payload: { email },
    });
    const unknown = await server().app.inject({
      method: 'POST',
      url: `${API}/users/v1/activate/reset`,
      payload: { email: uniqueEmail('ghost') },
    });
    expect(resend.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(resend.body);
    const fresh = await linkFromMail(server().db, email, '/account/activate');
    expect(fresh.token).not.toBe(oldToken);
    expectErrorShape(
      await server().app.inject({
        method: 'GET',
        url: `${API}/users/v1/activate/strategy`,
        query: { userId, token: oldToken },
      }),
      400,
    );
    expect(
      (
        await server().app.inject({
          method: 'GET',
          url: `${API}/users/v1/activate/strategy`,
          query: { userId, token: fresh.token },
        })
      ).statusCode,
    ).toBe(200);
    const stored = await server().db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, userId));
    expect(stored.every((row) => row.tokenHash !== fresh.token && row.tokenHash !== oldToken)).toBe(true);
  });
});
