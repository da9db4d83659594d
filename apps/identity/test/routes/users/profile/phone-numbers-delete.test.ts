// The SMS-verified delete of a profile phone number (issue 4, admin portal part 1).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { listOutboxSms } from '../../../../src/db/queries/sms-outbox.js';
import { as, auditActionsOf, createTenantAdmins, type Member } from '../../../admin-support.js';
import { API, expectErrorShape, useTestServer } from '../../../harness.js';

const server = useTestServer();
const PHONES = `${API}/users/phone-numbers/v1`;

const actionsOf = (who: Member) => auditActionsOf(server(), who);

describe('DELETE /users/phone-numbers/v1/:id and …/delete/verify (the SMS-verified delete)', () => {
  const uniquePhone = () => `+1555${Math.floor(1_000_000 + Math.random() * 8_999_999)}`;
  const lastText = async (phoneNumber: string) => {
    const [sms] = await listOutboxSms(server().db, { to: phoneNumber, limit: 1 });
    return { text: sms?.text ?? '', code: sms?.text.match(/\b(\d{6})\b/)?.[1] ?? '' };
  };
  const wrong = (code: string) => (code === '000000' ? '111111' : '000000');

  /** A number on `who`'s profile, verified with its texted code unless `verified` is false. */
  async function addPhone(who: Member, verified = true) {
    const call = as(server(), who);
    const phoneNumber = uniquePhone();
    const { otcToken } = (await call('POST', PHONES, { phoneNumber })).json<{ otcToken: string }>();
    if (verified) {
      const { code } = await lastText(phoneNumber);
      expect((await call('POST', `${PHONES}/verify`, { otcToken, code })).statusCode).toBe(200);
    }
    const listed = (await call('GET', `${PHONES}/me`)).json<{ id: string; phoneNumber: string }[]>();
    const row = listed.find((entry) => entry.phoneNumber === phoneNumber);
    if (!row) throw new Error('phone number not listed');
    return { id: row.id, phoneNumber, otcToken };
  }

  const listedIds = async (who: Member) =>
    (await as(server(), who)('GET', `${PHONES}/me`)).json<{ id: string }[]>().map((row) => row.id);

  it('texts a code to a verified number and deletes it only with that code; audited', async () => {
    const team = await createTenantAdmins(server());
    const call = as(server(), team.member);
    const phone = await addPhone(team.member);

    const started = await call('DELETE', `${PHONES}/${phone.id}`);
    expect(started.statusCode).toBe(200);
    const { phoneId, otcToken } = started.json<{ phoneId: string; otcToken: string }>();
    expect(phoneId).toBe(phone.id);
    expect(otcToken).toEqual(expect.any(String));
    expect(await listedIds(team.member)).toEqual([phone.id]);
    const { text, code } = await lastText(phone.phoneNumber);
    expect(text).toContain('remove this phone number');

    const refused = expectErrorShape(
      await call('POST', `${PHONES}/${phone.id}/delete/verify`, { otcToken, code: wrong(code) }),
      400,
    );
    expect(refused.errorCode).toBe('ER-PROFILE-INVALID-CODE');
    expect(await listedIds(team.member)).toEqual([phone.id]);

    const done = await call('POST', `${PHONES}/${phone.id}/delete/verify`, { otcToken, code });
    expect(done.statusCode).toBe(200);
    expect(await listedIds(team.member)).toEqual([]);
    expectErrorShape(await call('POST', `${PHONES}/${phone.id}/delete/verify`, { otcToken, code }), 404);
    expect(await actionsOf(team.member)).toEqual(
      expect.arrayContaining([
        'User asked to delete phone number',
        'Phone number code rejected',
        'User deleted phone number',
      ]),
    );
  });

  it('deletes an unverified number at once: it may not even be the user’s phone', async () => {
    const team = await createTenantAdmins(server());
    const phone = await addPhone(team.member, false);
    const response = await as(server(), team.member)('DELETE', `${PHONES}/${phone.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ phoneId: phone.id });
    expect(await listedIds(team.member)).toEqual([]);
    expect(await actionsOf(team.member)).toContain('User deleted phone number');
  });

  it('takes only the code texted for deleting that very number', async () => {
    const team = await createTenantAdmins(server());
    const call = as(server(), team.member);
    const first = await addPhone(team.member);
    const second = await addPhone(team.member);

    // The code that verified the number is not a code to delete it.
    const { code: verifyCode } = await lastText(second.phoneNumber);
    expectErrorShape(
      await call('POST', `${PHONES}/${second.id}/delete/verify`, {
        otcToken: second.otcToken,
        code: verifyCode,
      }),
      400,
    );
    // The delete code of one number does not delete another.
    const { otcToken } = (await call('DELETE', `${PHONES}/${first.id}`)).json<{ otcToken: string }>();
    const { code } = await lastText(first.phoneNumber);
    expectErrorShape(await call('POST', `${PHONES}/${second.id}/delete/verify`, { otcToken, code }), 400);
    // A fresh request replaces the previous code.
    const again = (await call('DELETE', `${PHONES}/${first.id}`)).json<{ otcToken: string }>();
    expectErrorShape(await call('POST', `${PHONES}/${first.id}/delete/verify`, { otcToken, code }), 400);
    const { code: fresh } = await lastText(first.phoneNumber);
    expect(
      (await call('POST', `${PHONES}/${first.id}/delete/verify`, { otcToken: again.otcToken, code: fresh }))
        .statusCode,
    ).toBe(200);
    expect(await listedIds(team.member)).toEqual([second.id]);
  });

  it('stops taking guesses after a few wrong codes', async () => {
    const team = await createTenantAdmins(server());
    const call = as(server(), team.member);
    const phone = await addPhone(team.member);
    const { otcToken } = (await call('DELETE', `${PHONES}/${phone.id}`)).json<{ otcToken: string }>();
    const { code } = await lastText(phone.phoneNumber);
    for (let guess = 0; guess < 5; guess += 1) {
      await call('POST', `${PHONES}/${phone.id}/delete/verify`, { otcToken, code: wrong(code) });
    }
    expectErrorShape(await call('POST', `${PHONES}/${phone.id}/delete/verify`, { otcToken, code }), 400);
    expect(await listedIds(team.member)).toEqual([phone.id]);
  });

  it('never starts nor finishes the delete of another user’s number (404, unchanged, nothing texted)', async () => {
    const a = await createTenantAdmins(server());
    const b = await createTenantAdmins(server());
    const theirs = await addPhone(b.member);
    const { otcToken } = (await as(server(), b.member)('DELETE', `${PHONES}/${theirs.id}`)).json<{
      otcToken: string;
    }>();
    const { code } = await lastText(theirs.phoneNumber);
    for (const attacker of [a.admin, b.admin]) {
      const call = as(server(), attacker);
      expectErrorShape(await call('DELETE', `${PHONES}/${theirs.id}`), 404);
      expectErrorShape(await call('POST', `${PHONES}/${theirs.id}/delete/verify`, { otcToken, code }), 404);
    }
    expect((await lastText(theirs.phoneNumber)).code).toBe(code);
    expect(await listedIds(b.member)).toEqual([theirs.id]);
  });

  it.each([
    [{}],
    [{ otcToken: 'x' }],
    [{ code: '123456' }],
    [{ otcToken: 'x', code: 'abcdef' }],
    [{ otcToken: '', code: '123456' }],
    [{ otcToken: 7, code: 123456 }],
  ])('answers 400 to the verify body %j', async (payload) => {
    const team = await createTenantAdmins(server());
    expectErrorShape(
      await as(server(), team.member)('POST', `${PHONES}/${randomUUID()}/delete/verify`, payload),
      400,
    );
  });

  it('answers 400 to a bad id, 404 to an unknown one, 401 without a token', async () => {
    const team = await createTenantAdmins(server());
    const call = as(server(), team.member);
    const body = { otcToken: 'x.y', code: '123456' };
    expectErrorShape(await call('POST', `${PHONES}/not-an-id/delete/verify`, body), 400);
    expectErrorShape(await call('POST', `${PHONES}/${randomUUID()}/delete/verify`, body), 404);
    expectErrorShape(
      await server().app.inject({
        method: 'POST',
        url: `${PHONES}/${randomUUID()}/delete/verify`,
        payload: body,
      }),
      401,
    );
  });
});
