import { describe, expect, it } from 'vitest';
import { listAuditLogsByEmail } from '../../../src/db/queries/audit-logs.js';
import { findUserById } from '../../../src/db/queries/users.js';
import { createUser, TEST_PASSWORD } from '../../factories.js';
import { API, expectErrorShape, useTestServer } from '../../harness.js';
import { signUpSupport } from '../../sign-up-support.js';

// Issue 3: the SDK's UsernamesApi for the signed-in user (the admin portal's Profile uses it).

const server = useTestServer();
const support = signUpSupport(server);
const { inject } = support;
const USERNAMES = `${API}/usernames/v1`;

async function signedIn(overrides: { username?: string } = {}) {
  const { user } = await createUser(server().db, server().passwords, overrides);
  return { user, token: await support.tokenOf({ email: user.email }, TEST_PASSWORD) };
}

let sequence = 0;
const fresh = (prefix = 'nick') => `${prefix}.${Date.now() % 100000}-${sequence++}`;

describe('usernames of the signed-in user', () => {
  it('GET /me answers without a username at first; POST creates one; GET shows it; DELETE removes it', async () => {
    const { user, token } = await signedIn();
    expect((await inject('GET', `${USERNAMES}/me`, undefined, token)).json()).toEqual({ userId: user.id });

    const username = fresh('Ada_L');
    const created = await inject('POST', USERNAMES, { username }, token);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toEqual({ userId: user.id, username });
    expect((await inject('GET', `${USERNAMES}/me`, undefined, token)).json()).toEqual({
      userId: user.id,
      username,
    });

    // Saving the same one again (the SDK does) changes nothing.
    expect((await inject('POST', USERNAMES, { username: username.toLowerCase() }, token)).json()).toEqual({
      userId: user.id,
      username,
    });

    const deleted = await inject(
      'DELETE',
      `${USERNAMES}/${encodeURIComponent(username.toUpperCase())}`,
      undefined,
      token,
    );
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await findUserById(server().db, user.id))?.username).toBeNull();
    const actions = (await listAuditLogsByEmail(server().db, user.email)).map((audit) => audit.action);
    expect(actions).toEqual(expect.arrayContaining(['Username created', 'Username deleted']));
  });

  it('answers 409 for a username another user holds (in any case), and for a second username', async () => {
    const taken = fresh('taken');
    await signedIn({ username: taken });
    const { token } = await signedIn();
    const clash = expectErrorShape(
      await inject('POST', USERNAMES, { username: taken.toUpperCase() }, token),
      409,
    );
    expect(clash.errorCode).toBe('ER-USERNAMES-TAKEN');

    expect((await inject('POST', USERNAMES, { username: fresh() }, token)).statusCode).toBe(200);
    const second = expectErrorShape(await inject('POST', USERNAMES, { username: fresh() }, token), 409);
    expect(second.errorCode).toBe('ER-USERNAMES-ALREADY-SET');
  });

  it("cannot delete somebody else's username (404) nor one the user does not have", async () => {
    const other = fresh('other');
    const { user: owner } = await signedIn({ username: other });
    const { token } = await signedIn();
    expectErrorShape(await inject('DELETE', `${USERNAMES}/${other}`, undefined, token), 404);
    expect((await findUserById(server().db, owner.id))?.username).toBe(other);
  });

  it.each([
    ['too short', 'ab'],
    ['too long', 'x'.repeat(65)],
    ['a space', 'ada lovelace'],
    ['an accent', 'émile'],
    ['an @', 'ada@acme'],
    ['a number', 12345],
    ['null', null],
  ])('rejects a username with %s (400)', async (_case, username) => {
    const { token } = await signedIn();
    const body = expectErrorShape(await inject('POST', USERNAMES, { username }, token), 400);
    expect(body.errorCode).toBe('ER-REQUEST-VALIDATION');
  });

  it('rejects a missing body (400) and every call without a token (401)', async () => {
    const { token } = await signedIn();
    expectErrorShape(await inject('POST', USERNAMES, {}, token), 400);
    expectErrorShape(await inject('GET', `${USERNAMES}/me`), 401);
    expectErrorShape(await inject('POST', USERNAMES, { username: fresh() }), 401);
    expectErrorShape(await inject('DELETE', `${USERNAMES}/${fresh()}`), 401);
    expectErrorShape(await inject('GET', `${USERNAMES}/me`, undefined, 'not-a-token'), 401);
  });
});
