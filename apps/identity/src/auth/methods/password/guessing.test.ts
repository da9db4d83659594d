import { describe, expect, it } from 'vitest';
import { FREE_FAILURES, MAX_PAUSE_SECONDS, pauseAfter } from './throttle.js';
import { createUser, TEST_PASSWORD } from '../../../../test/factories.js';
import { API, expectErrorShape, mailTo, uniqueEmail, useTestServer } from '../../../../test/harness.js';
import { passwordLogin } from '../../../../test/lifecycle-helpers.js';
import { signUpSupport } from '../../../../test/sign-up-support.js';
import { createUsernamesService } from '../../../services/usernames.js';

// Issue 10: with default settings (no lockout policy), 30 wrong passwords on one account in half a
// second, then the right one, signed in; and forgot-password sent 10 mails to one mailbox in seconds.

const server = useTestServer();
const WRONG = 'Wrong-password-1!';

const statusesOf = async (email: string, attempts: number) => {
  const answers = [];
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    const response = await passwordLogin(server(), email, WRONG);
    answers.push({ status: response.statusCode, body: response.json<unknown>() });
  }
  return answers;
};

describe('per-account brute-force throttle (issue 10)', () => {
  it('30 quick wrong passwords, then the right one, does not sign in: 429 until the pause ends', async () => {
    const { user } = await createUser(server().db, server().passwords);
    const answers = await statusesOf(user.email, 30);
    expect(answers.slice(0, FREE_FAILURES).every((answer) => answer.status === 401)).toBe(true);
    expect(answers.slice(FREE_FAILURES).every((answer) => answer.status === 429)).toBe(true);
    const refused = expectErrorShape(await passwordLogin(server(), user.email, TEST_PASSWORD), 429);
    expect(refused.errorCode).toBe('ER-AUTH-TOO-MANY-ATTEMPTS');
    // Bounded: the owner waits the pause out and signs in; that success resets the count.
    server().clock.advanceSeconds(pauseAfter(FREE_FAILURES));
    expect((await passwordLogin(server(), user.email, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await statusesOf(user.email, FREE_FAILURES)).every((answer) => answer.status === 401)).toBe(true);
  });

  it('the pause doubles per failure up to a minute, and unknown emails are throttled the same way', async () => {
    expect([5, 6, 7, 8, 12, 40].map(pauseAfter)).toEqual([1, 2, 4, 8, 60, 60]);
    expect(pauseAfter(FREE_FAILURES - 1)).toBe(0);
    const { user } = await createUser(server().db, server().passwords);
    const ghost = uniqueEmail('ghost');
    for (let round = 0; round < FREE_FAILURES + 3; round += 1) {
      const known = await passwordLogin(server(), user.email, WRONG);
      const unknown = await passwordLogin(server(), ghost, WRONG);
      expect({ status: unknown.statusCode, body: unknown.json<unknown>() }).toEqual({
        status: known.statusCode,
        body: known.json<unknown>(),
      });
      server().clock.advanceSeconds(1);
    }
    server().clock.advanceSeconds(MAX_PAUSE_SECONDS);
    expect((await passwordLogin(server(), user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });
});

describe('per-account brute-force throttle by username (issue 10)', () => {
  it('throttles a username as it does an email', async () => {
    const support = signUpSupport(server);
    const { user } = await createUser(server().db, server().passwords);
    const username = `guess${Date.now()}`;
    await createUsernamesService({ db: server().db, clock: server().clock }).assign(
      server().db,
      user.id,
      username,
      server().clock.now(),
    );
    await support.setMainAuthStrategy('UsernameAndPassword');
    try {
      const byUsername = (password: string) =>
        server().app.inject({ method: 'POST', url: `${API}/auth/v1/user`, payload: { username, password } });
      for (let attempt = 0; attempt < FREE_FAILURES; attempt += 1) {
        expect((await byUsername(WRONG)).statusCode).toBe(401);
      }
      const refused = expectErrorShape(await byUsername(TEST_PASSWORD), 429);
      expect(refused.errorCode).toBe('ER-AUTH-TOO-MANY-ATTEMPTS');
      server().clock.advanceSeconds(pauseAfter(FREE_FAILURES));
      expect((await byUsername(TEST_PASSWORD)).statusCode).toBe(200);
    } finally {
      await support.setMainAuthStrategy('EmailAndPassword');
    }
  });
});

describe('per-recipient pause of mail sent on anonymous requests (issue 10)', () => {
  const forgot = (email: string) =>
    server().app.inject({ method: 'POST', url: `${API}/users/v1/passwords/reset`, payload: { email } });

  it('10 forgot-password requests in a row send one mail, with the same answer each time', async () => {
    const { user } = await createUser(server().db, server().passwords);
    const first = await forgot(user.email);
    for (let request = 0; request < 9; request += 1) {
      const again = await forgot(user.email);
      expect({ status: again.statusCode, body: again.body }).toEqual({
        status: first.statusCode,
        body: first.body,
      });
    }
    expect(await mailTo(server().db, user.email)).toHaveLength(1);
    server().clock.advanceSeconds(server().config.recipientPauseSeconds);
    await forgot(user.email);
    expect(await mailTo(server().db, user.email)).toHaveLength(2);
  });

  it('pauses each kind of message on its own: the activation mail of a sign-up, then a reset link at once', async () => {
    const email = uniqueEmail('newcomer');
    const signUp = await server().app.inject({
      method: 'POST',
      url: `${API}/users/v1/signUp`,
      payload: { email, name: 'Ada', companyName: 'Acme', metadata: '{}' },
    });
    expect(signUp.statusCode).toBe(200);
    await forgot(email);
    const subjects = (await mailTo(server().db, email)).map((mail) => mail.subject);
    expect(subjects).toHaveLength(2);
  });

  it('caps the mail to one recipient per hour, however long the requests are spaced', async () => {
    const { user } = await createUser(server().db, server().passwords);
    const { recipientPauseSeconds, recipientHourlyCap } = server().config;
    for (let request = 0; request < recipientHourlyCap + 3; request += 1) {
      await forgot(user.email);
      server().clock.advanceSeconds(recipientPauseSeconds);
    }
    expect(await mailTo(server().db, user.email)).toHaveLength(recipientHourlyCap);
    server().clock.advanceSeconds(60 * 60);
    await forgot(user.email);
    expect(await mailTo(server().db, user.email)).toHaveLength(recipientHourlyCap + 1);
  });
});
