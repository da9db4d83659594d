import { beforeAll, describe, expect, it } from 'vitest';
import { listAuditLogsByEmail } from '../../db/queries/audit-logs.js';
import { upsertMfaStrategy } from '../../db/queries/mfa.js';
import { FREE_FAILURES, pauseAfter } from '../methods/password/throttle.js';
import { createUser, TEST_PASSWORD } from '../../../test/factories.js';
import { API, expectErrorShape, json, useTestServer } from '../../../test/harness.js';
import { as, createTenantAdmins } from '../../../test/admin-support.js';
import { claimsOf, mfaClient } from '../../../test/mfa-support.js';
import { reauthenticationClient } from './reauthentication-support.js';
import { registerPasskey, RP, setPasskeysStrategy } from '../../../test/passkeys-support.js';
import { SoftwareAuthenticator } from '../../../test/software-authenticator.js';

// Issue 10, re-authentication (docs/decisions/0012): a security key or passkey confirms the user on the
// same session as the password does; wrong passwords there count towards the account's sign-in
// throttle and lockout policy; the username changes only after a recent sign-in.

const server = useTestServer();
const mfa = mfaClient(server);
const MAX_AGE_SECONDS = 600;
const REAUTH = '/auth/v1/user/reauthenticate';

const { call, signIn, laterToken } = reauthenticationClient(server);

/** The session's access token after the max age: renewed with the refresh cookie, as the web app does. */
async function staleToken(refresh: string, advance = true) {
  return (await laterToken(refresh, advance ? MAX_AGE_SECONDS + 60 : 0)).accessToken;
}

/** A signed-in user with a security key (WebAuthn second factor) added from their fresh session. */
async function addedSecurityKey() {
  const { user } = await createUser(server().db, server().passwords);
  const fresh = await signIn(user.email);
  const key = new SoftwareAuthenticator('cross-platform', false);
  const started = await call('POST', '/users/v1/mfa/webauthn/enroll', fresh.accessToken);
  const { webauthnToken, options } = json<{
    webauthnToken: string;
    options: { challenge: string; user: { id: string } };
  }>(started);
  const { json: attestation } = key.register(options, RP);
  const added = await call('POST', '/users/v1/mfa/webauthn/enroll/verify', fresh.accessToken, {
    webauthnToken,
    deviceType: 'CrossPlatform',
    options: attestation,
  });
  expect(added.statusCode, added.body).toBe(200);
  return { user, key, fresh };
}

/** The same, the session's token renewed after the max age. */
async function userWithSecurityKey() {
  const { user, key, fresh } = await addedSecurityKey();
  return { user, key, stale: await staleToken(fresh.refresh) };
}

async function keyChallenge(accessToken: string) {
  const response = await call('POST', `${REAUTH}/webauthn/options`, accessToken);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ challenge: string; allowCredentials?: { id: string }[] }>();
}

beforeAll(async () => {
  await upsertMfaStrategy(server().db, 'WebAuthnCrossPlatform', true, server().clock.now());
});

describe('issue 10: re-authentication with a security key or passkey', () => {
  it('a security key answering the challenge re-authenticates the same session; the assertion cannot be replayed', async () => {
    const { user, key, stale } = await userWithSecurityKey();
    const options = await call('GET', REAUTH, stale);
    expect(options.json()).toEqual({ password: true, securityKey: true, maxAgeSeconds: MAX_AGE_SECONDS });
    expectErrorShape(await call('POST', '/users/v1/mfa/emailcode/enroll', stale), 403);

    const challenge = await keyChallenge(stale);
    expect(challenge.allowCredentials?.map((credential) => credential.id)).toEqual([
      Buffer.from(key.credentials[0]?.credentialId ?? []).toString('base64url'),
    ]);
    const assertion = key.assert(challenge, RP);
    const confirmed = await call('POST', `${REAUTH}/webauthn`, stale, { publicKey: assertion });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const { accessToken } = confirmed.json<{ accessToken: string }>();
    const claims = claimsOf(accessToken);
    expect(claims.sid).toBe(claimsOf(stale).sid);
    expect(claims.auth_time).toBe(Math.floor(server().clock.now().getTime() / 1000));
    expect(claims.amr).toEqual(['hwk']);
    expect((await call('POST', '/users/v1/mfa/emailcode/enroll', accessToken)).statusCode).toBe(200);

    const replayed = expectErrorShape(
      await call('POST', `${REAUTH}/webauthn`, stale, { publicKey: assertion }),
      400,
    );
    expect(replayed.errorCode).toBe('ER-WEBAUTHN-CHALLENGE-INVALID');
    const actions = (await listAuditLogsByEmail(server().db, user.email)).map((entry) => entry.action);
    expect(actions).toEqual(
      expect.arrayContaining(['User re-authenticated', 'User re-authentication failed']),
    );
  });

  it('a passkey re-authenticates too', async () => {
    await setPasskeysStrategy(server(), true);
    const { user } = await createUser(server().db, server().passwords);
    const fresh = await signIn(user.email);
    const { authenticator } = await registerPasskey(server(), fresh.accessToken);
    const stale = await staleToken(fresh.refresh);
    const assertion = authenticator.assert(await keyChallenge(stale), RP);
    const confirmed = await call('POST', `${REAUTH}/webauthn`, stale, { publicKey: assertion });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(claimsOf(confirmed.json<{ accessToken: string }>().accessToken).auth_time).toBe(
      Math.floor(server().clock.now().getTime() / 1000),
    );
  });

  it('another user’s key, or this user’s challenge signed by it, confirms nothing', async () => {
    const victimKey = await addedSecurityKey();
    const thiefKey = await addedSecurityKey();
    server().clock.advanceSeconds(MAX_AGE_SECONDS + 60);
    const victim = { key: victimKey.key, stale: await staleToken(victimKey.fresh.refresh, false) };
    const thief = { key: thiefKey.key, stale: await staleToken(thiefKey.fresh.refresh, false) };
    // The thief's own key answering the victim's challenge.
    const forged = thief.key.assert(await keyChallenge(victim.stale), RP);
    const refused = expectErrorShape(
      await call('POST', `${REAUTH}/webauthn`, victim.stale, { publicKey: forged }),
      401,
    );
    expect(refused.errorCode).toBe('ER-WEBAUTHN-AUTHENTICATION-FAILED');
    // The victim's key answering a challenge issued to the thief's session.
    const crossed = victim.key.assert(await keyChallenge(thief.stale), RP);
    expectErrorShape(await call('POST', `${REAUTH}/webauthn`, victim.stale, { publicKey: crossed }), 401);
    expectErrorShape(await call('POST', '/users/v1/mfa/emailcode/enroll', victim.stale), 403);
  });

  it('without a security key or passkey, no challenge is offered', async () => {
    const { user } = await createUser(server().db, server().passwords);
    const fresh = await signIn(user.email);
    expect((await call('GET', REAUTH, fresh.accessToken)).json()).toEqual({
      password: true,
      securityKey: false,
      maxAgeSeconds: MAX_AGE_SECONDS,
    });
    const refused = expectErrorShape(
      await call('POST', `${REAUTH}/webauthn/options`, fresh.accessToken),
      400,
    );
    expect(refused.errorCode).toBe('ER-AUTH-NO-SECURITY-KEY');
  });
});

describe('issue 10: wrong re-authentication passwords count as wrong sign-in passwords', () => {
  it(`after ${FREE_FAILURES} wrong passwords the right one is held, here and at sign-in, until the pause ends`, async () => {
    const { user } = await createUser(server().db, server().passwords);
    const fresh = await signIn(user.email);
    const stale = await staleToken(fresh.refresh);
    for (let attempt = 0; attempt < FREE_FAILURES; attempt += 1) {
      const wrong = expectErrorShape(
        await call('POST', REAUTH, stale, { password: `Wrong-pass-${attempt}!` }),
        400,
      );
      expect(wrong.errorCode).toBe('ER-AUTH-REAUTHENTICATION-FAILED');
    }
    const held = expectErrorShape(await call('POST', REAUTH, stale, { password: TEST_PASSWORD }), 429);
    expect(held.errorCode).toBe('ER-AUTH-TOO-MANY-ATTEMPTS');
    expect(expectErrorShape(await mfa.login(user.email), 429).errorCode).toBe('ER-AUTH-TOO-MANY-ATTEMPTS');

    server().clock.advanceSeconds(pauseAfter(FREE_FAILURES));
    expect((await call('POST', REAUTH, stale, { password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it('the lockout policy locks the account after its maxAttempts wrong re-authentication passwords', async () => {
    const team = await createTenantAdmins(server());
    const policy = await as(server(), team.admin)('POST', `${API}/configurations/v1/lockout-policy`, {
      enabled: true,
      maxAttempts: 3,
    });
    expect(policy.statusCode).toBe(200);
    const { user } = await createUser(server().db, server().passwords, { tenant: team.tenant });
    const fresh = await signIn(user.email);
    const stale = await staleToken(fresh.refresh);
    for (let attempt = 0; attempt < 3; attempt += 1)
      expectErrorShape(await call('POST', REAUTH, stale, { password: 'Wrong-pass-1!' }), 400);
    // Locked: the token that tried is refused, and so is the right password at sign-in.
    expectErrorShape(await call('GET', '/users/v2/me', stale), 401);
    server().clock.advanceSeconds(pauseAfter(3));
    expect(expectErrorShape(await mfa.login(user.email), 401).errorCode).toBe('ER-AUTH-USER-LOCKED');
  });
});

describe('issue 10: the username changes only after a recent sign-in', () => {
  it('an old sign-in cannot give or remove a username (403); after re-authenticating it can', async () => {
    const { user } = await createUser(server().db, server().passwords);
    const fresh = await signIn(user.email);
    const username = `cook.${Date.now() % 100_000}`;
    expect((await call('POST', '/usernames/v1', fresh.accessToken, { username })).statusCode).toBe(200);
    const stale = await staleToken(fresh.refresh);
    for (const response of [
      await call('POST', '/usernames/v1', stale, { username: `${username}x` }),
      await call('DELETE', `/usernames/v1/${username}`, stale),
    ])
      expect(expectErrorShape(response, 403).errorCode).toBe('ER-AUTH-REAUTHENTICATION-REQUIRED');
    expect((await call('GET', '/usernames/v1/me', stale)).json()).toEqual({ userId: user.id, username });

    const confirmed = await call('POST', REAUTH, stale, { password: TEST_PASSWORD });
    const { accessToken } = confirmed.json<{ accessToken: string }>();
    expect((await call('DELETE', `/usernames/v1/${username}`, accessToken)).statusCode).toBe(200);
    expect((await call('GET', '/usernames/v1/me', accessToken)).json()).toEqual({
      userId: user.id,
    });
  });
});
