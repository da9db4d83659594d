import { describe, expect, it } from 'vitest';
import { listAuditLogsByEmail } from '../../../../src/db/queries/audit-logs.js';
import { listOutboxSms } from '../../../../src/db/queries/sms-outbox.js';
import { findUserById } from '../../../../src/db/queries/users.js';
import { as, createTenantAdmins, type Member } from '../../../admin-support.js';
import { API, expectErrorShape, mailTo, uniqueEmail, useTestServer } from '../../../harness.js';
import { passwordLogin } from '../../../lifecycle-helpers.js';
import { TEST_PASSWORD } from '../../../factories.js';

// Issue 4, the Profile section: the signed-in user's own name, metadata, picture, email and phone numbers.

const server = useTestServer();
const ME = `${API}/users/v2/me`;
const IMAGE_UPLOAD = '/frontegg/team/resources/profile/me/image/v1';
const PHONES = `${API}/users/phone-numbers/v1`;

// A 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const pngDataUrl = `data:image/png;base64,${PNG.toString('base64')}`;

function multipart(parts: { name: string; contentType: string; data: Buffer }[]) {
  const boundary = '----brizo-test-boundary';
  const chunks = parts.flatMap((part) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="blob"\r\nContent-Type: ${part.contentType}\r\n\r\n`,
    ),
    part.data,
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

const upload = (who: Pick<Member, 'authorization'> | undefined, parts: Parameters<typeof multipart>[0]) => {
  const body = multipart(parts);
  return server().app.inject({
    method: 'PUT',
    url: IMAGE_UPLOAD,
    payload: body.payload,
    headers: { 'content-type': body.contentType, ...(who ? { authorization: who.authorization } : {}) },
  });
};

describe('PUT /users/v2/me (profile)', () => {
  it.each(['admin', 'readOnly', 'member'] as const)(
    'lets the %s change their own name, address and job title; audited; the whole SDK profile is accepted back',
    async (role) => {
      const team = await createTenantAdmins(server());
      const who = team[role];
      const current = (await as(server(), who)('GET', ME)).json<Record<string, unknown>>();
      const metadata = JSON.stringify({ address: '1 Market St', jobTitle: 'Chef' });
      const response = await as(server(), who)('PUT', ME, { ...current, name: 'Renamed Person', metadata });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: who.user.id, name: 'Renamed Person', metadata });
      const stored = await findUserById(server().db, who.user.id);
      expect(stored?.name).toBe('Renamed Person');
      const audit = await listAuditLogsByEmail(server().db, who.user.email);
      expect(audit.find((row) => row.action === 'User updated profile')).toMatchObject({
        tenantId: team.tenant.id,
        json: { changed: ['name', 'metadata'] },
      });
    },
  );

  it('changes only the caller: another user of the tenant is untouched', async () => {
    const team = await createTenantAdmins(server());
    await as(server(), team.member)('PUT', ME, { name: 'Only Me' });
    expect((await findUserById(server().db, team.admin.user.id))?.name).toBe('Test User');
  });

  it('stores an image data URL as an uploaded picture and serves it at the address it answers', async () => {
    const team = await createTenantAdmins(server());
    const response = await as(server(), team.member)('PUT', ME, { profilePictureUrl: pngDataUrl });
    expect(response.statusCode).toBe(200);
    const url = new URL(response.json<{ profilePictureUrl: string }>().profilePictureUrl);
    expect(url.origin).toBe('http://identity.test');
    const image = await server().app.inject({ method: 'GET', url: url.pathname });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);
  });

  it('keeps an unchanged picture address without a new upload', async () => {
    const team = await createTenantAdmins(server());
    const first = await as(server(), team.member)('PUT', ME, { profilePictureUrl: pngDataUrl });
    const url = first.json<{ profilePictureUrl: string }>().profilePictureUrl;
    const again = await as(server(), team.member)('PUT', ME, {
      profilePictureUrl: url,
      name: 'Same Picture',
    });
    expect(again.json()).toMatchObject({ profilePictureUrl: url, name: 'Same Picture' });
    const audit = await listAuditLogsByEmail(server().db, team.member.user.email);
    expect(audit.filter((row) => row.action === 'User updated profile picture')).toHaveLength(1);
  });

  it.each([
    ['a number as name', { name: 42 }],
    ['metadata that is not JSON', { metadata: 'not json' }],
    ['metadata that is an array', { metadata: '[1,2]' }],
    ['a javascript: picture address', { profilePictureUrl: 'javascript:alert(1)' }],
    ['a picture that is not a URL', { profilePictureUrl: 'just text' }],
    ['an HTML data URL', { profilePictureUrl: 'data:text/html;base64,PHNjcmlwdD4=' }],
    ['an SVG data URL', { profilePictureUrl: 'data:image/svg+xml;base64,PHN2Zy8+' }],
    [
      'a data URL whose bytes are not the declared type',
      { profilePictureUrl: `data:image/gif;base64,${PNG.toString('base64')}` },
    ],
    ['a phone number changed without a code', { phoneNumber: '+15550100123' }],
    ['a body that is an array', [1, 2]],
  ])('answers 400 in the error shape to %s, and changes nothing', async (_label, payload) => {
    const team = await createTenantAdmins(server());
    expectErrorShape(await as(server(), team.member)('PUT', ME, payload), 400);
    const stored = await findUserById(server().db, team.member.user.id);
    expect(stored).toMatchObject({ name: 'Test User', profilePictureUrl: null, phoneNumber: null });
  });

  it('answers 413 to a picture over 512 KB', async () => {
    const team = await createTenantAdmins(server());
    const big = Buffer.concat([PNG, Buffer.alloc(520 * 1024)]);
    const response = await as(server(), team.member)('PUT', ME, {
      profilePictureUrl: `data:image/png;base64,${big.toString('base64')}`,
    });
    expectErrorShape(response, 413);
  });

  it('answers 401 without a token', async () => {
    expectErrorShape(await server().app.inject({ method: 'PUT', url: ME, payload: { name: 'x' } }), 401);
  });
});

describe('PUT /team/resources/profile/me/image/v1 (the SDK upload)', () => {
  it('stores a PNG and answers its absolute address as text; the picture is the user’s own', async () => {
    const team = await createTenantAdmins(server());
    const response = await upload(team.readOnly, [{ name: 'image', contentType: 'image/png', data: PNG }]);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const url = new URL(response.body);
    const stored = await findUserById(server().db, team.readOnly.user.id);
    expect(stored?.profilePictureUrl).toBe(url.href);
    expect((await findUserById(server().db, team.admin.user.id))?.profilePictureUrl).toBeNull();
    const image = await server().app.inject({ method: 'GET', url: url.pathname });
    expect(image.rawPayload.equals(PNG)).toBe(true);
    expect(image.headers['content-security-policy']).toBe("default-src 'none'");
  });

  it.each([
    [
      'an SVG',
      [{ name: 'image', contentType: 'image/svg+xml', data: Buffer.from('<svg onload="alert(1)"/>') }],
    ],
    ['text posing as a PNG', [{ name: 'image', contentType: 'image/png', data: Buffer.from('hello') }]],
    ['a PNG declared as JPEG', [{ name: 'image', contentType: 'image/jpeg', data: PNG }]],
    ['no image field', [{ name: 'file', contentType: 'image/png', data: PNG }]],
  ] as const)('answers 400 in the error shape to %s, and keeps no picture', async (_label, parts) => {
    const team = await createTenantAdmins(server());
    expectErrorShape(await upload(team.member, [...parts]), 400);
    expect((await findUserById(server().db, team.member.user.id))?.profilePictureUrl).toBeNull();
  });

  it('answers 413 to an image over the limit', async () => {
    const team = await createTenantAdmins(server());
    const big = Buffer.concat([PNG, Buffer.alloc(513 * 1024)]);
    const response = await upload(team.member, [{ name: 'image', contentType: 'image/png', data: big }]);
    expectErrorShape(response, 413);
  });

  it('answers 400 to a multipart body without a boundary or a malformed one', async () => {
    const team = await createTenantAdmins(server());
    const noBoundary = await server().app.inject({
      method: 'PUT',
      url: IMAGE_UPLOAD,
      payload: 'x',
      headers: { 'content-type': 'multipart/form-data', authorization: team.member.authorization },
    });
    expectErrorShape(noBoundary, 400);
    const truncated = await server().app.inject({
      method: 'PUT',
      url: IMAGE_UPLOAD,
      payload: '--b\r\nContent-Type: image/png\r\n',
      headers: {
        'content-type': 'multipart/form-data; boundary=b',
        authorization: team.member.authorization,
      },
    });
    expectErrorShape(truncated, 400);
  });

  it('answers 401 without a token', async () => {
    expectErrorShape(await upload(undefined, [{ name: 'image', contentType: 'image/png', data: PNG }]), 401);
  });

  it('answers 404 to an unknown picture and 400 to a malformed id', async () => {
    const base = '/frontegg/team/resources/profile/images';
    expectErrorShape(
      await server().app.inject({ method: 'GET', url: `${base}/00000000-0000-4000-8000-000000000000` }),
      404,
    );
    expectErrorShape(await server().app.inject({ method: 'GET', url: `${base}/not-an-id` }), 400);
  });
});

describe('POST /users/v1/email/me and /verify (email change)', () => {
  const codeIn = async (email: string) => {
    const [mail] = await mailTo(server().db, email);
    const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no code mailed to ${email}`);
    return code;
  };

  it('mails a code to the new address; the code makes it the account’s email; the old address is told', async () => {
    const team = await createTenantAdmins(server());
    const oldEmail = team.member.user.email;
    const newEmail = uniqueEmail('moved');
    const call = as(server(), team.member);
    expect(
      (await call('POST', `${API}/users/v1/email/me`, { email: newEmail.toUpperCase() })).statusCode,
    ).toBe(200);
    const code = await codeIn(newEmail);
    const wrong = code === '000000' ? '111111' : '000000';
    expectErrorShape(
      await call('POST', `${API}/users/v1/email/me/verify`, { email: newEmail, code: wrong }),
      400,
    );
    const verified = await call('POST', `${API}/users/v1/email/me/verify`, { email: newEmail, code });
    expect(verified.statusCode).toBe(200);
    expect((await findUserById(server().db, team.member.user.id))?.email).toBe(newEmail);
    expect((await passwordLogin(server(), newEmail, TEST_PASSWORD)).statusCode).toBe(200);
    const [notice] = await mailTo(server().db, oldEmail);
    expect(notice?.subject).toBe('The email address of your Brizo FoodMetrics account changed');
    // Single use.
    expectErrorShape(await call('POST', `${API}/users/v1/email/me/verify`, { email: newEmail, code }), 400);
    const audit = await listAuditLogsByEmail(server().db, oldEmail);
    expect(audit.map((row) => row.action)).toEqual(
      expect.arrayContaining([
        'User requested email change',
        'Email change code rejected',
        'User changed email',
      ]),
    );
  });

  it('refuses a code sent to another user, and a code for another address', async () => {
    const team = await createTenantAdmins(server());
    const newEmail = uniqueEmail('target');
    await as(server(), team.admin)('POST', `${API}/users/v1/email/me`, { email: newEmail });
    const code = await codeIn(newEmail);
    const byOther = await as(server(), team.member)('POST', `${API}/users/v1/email/me/verify`, {
      email: newEmail,
      code,
    });
    expectErrorShape(byOther, 400);
    const otherAddress = await as(server(), team.admin)('POST', `${API}/users/v1/email/me/verify`, {
      email: uniqueEmail('other'),
      code,
    });
    expectErrorShape(otherAddress, 400);
    expect((await findUserById(server().db, team.member.user.id))?.email).toBe(team.member.user.email);
    expect((await findUserById(server().db, team.admin.user.id))?.email).toBe(team.admin.user.email);
  });

  it('answers an address in use as a free one (issue 10: test/reauthentication.test.ts) and 400 for the same address', async () => {
    const team = await createTenantAdmins(server());
    const call = as(server(), team.member);
    expect(
      (await call('POST', `${API}/users/v1/email/me`, { email: team.admin.user.email })).statusCode,
    ).toBe(200);
    expectErrorShape(await call('POST', `${API}/users/v1/email/me`, { email: team.member.user.email }), 400);
  });

  it.each([
    ['email/me', { email: 'not-an-email' }],
    ['email/me', {}],
    ['email/me/verify', { email: 'a@b.test', code: '12ab56' }],
    ['email/me/verify', { email: 'a@b.test' }],
    ['email/me/verify', { code: '123456' }],
  ])('answers 400 to bad input on %s', async (path, payload) => {
    const team = await createTenantAdmins(server());
    expectErrorShape(await as(server(), team.member)('POST', `${API}/users/v1/${path}`, payload), 400);
  });

  it('answers 401 without a token', async () => {
    for (const path of ['email/me', 'email/me/verify']) {
      const response = await server().app.inject({
        method: 'POST',
        url: `${API}/users/v1/${path}`,
        payload: { email: 'a@b.test', code: '123456' },
      });
      expectErrorShape(response, 401);
    }
  });
});

describe('/users/phone-numbers/v1 (the profile’s phone numbers)', () => {
  const textedCode = async (phoneNumber: string) => {
    const [sms] = await listOutboxSms(server().db, { to: phoneNumber, limit: 1 });
    const code = sms?.text.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no code texted to ${phoneNumber}`);
    return code;
  };
  const uniquePhone = () => `+1555${Math.floor(1_000_000 + Math.random() * 8_999_999)}`;

  it('adds a number unverified, texts it a code, and the code verifies it; lists and deletes it', async () => {
    const team = await createTenantAdmins(server());
    const call = as(server(), team.readOnly);
    const phoneNumber = uniquePhone();
    const created = await call('POST', PHONES, { phoneNumber });
    expect(created.statusCode).toBe(201);
    const { otcToken } = created.json<{ otcToken: string }>();
    const [listed] = (await call('GET', `${PHONES}/me`)).json<{ id: string; verified: boolean }[]>();
    expect(listed).toMatchObject({ phoneNumber, verified: false, userId: team.readOnly.user.id });
    const code = await textedCode(phoneNumber);
    expect((await call('POST', `${PHONES}/verify`, { otcToken, code })).statusCode).toBe(200);
    const paged = (await call('GET', `${PHONES}?_limit=10&_offset=0`)).json();
    expect(paged).toMatchObject({
      items: [{ id: listed?.id, verified: true }],
      _metadata: { totalItems: 1 },
    });
    // A verified number goes only with the code the delete texts to it (admin-sdk-gaps.test.ts).
    const removal = (await call('DELETE', `${PHONES}/${listed?.id}`)).json<{ otcToken: string }>();
    const removalCode = await textedCode(phoneNumber);
    const verified = await call('POST', `${PHONES}/${listed?.id}/delete/verify`, {
      otcToken: removal.otcToken,
      code: removalCode,
    });
    expect(verified.statusCode).toBe(200);
    expect((await call('GET', `${PHONES}/me`)).json()).toEqual([]);
    const actions = (await listAuditLogsByEmail(server().db, team.readOnly.user.email)).map(
      (row) => row.action,
    );
    expect(actions).toEqual(
      expect.arrayContaining([
        'User added phone number',
        'User verified phone number',
        'User deleted phone number',
      ]),
    );
  });

  it('never shows, verifies or deletes another user’s number (404, unchanged)', async () => {
    const a = await createTenantAdmins(server());
    const b = await createTenantAdmins(server());
    const phoneNumber = uniquePhone();
    const { otcToken } = (await as(server(), b.member)('POST', PHONES, { phoneNumber })).json<{
      otcToken: string;
    }>();
    const [theirs] = (await as(server(), b.member)('GET', `${PHONES}/me`)).json<{ id: string }[]>();
    const code = await textedCode(phoneNumber);
    for (const attacker of [a.admin, b.admin]) {
      const call = as(server(), attacker);
      expect((await call('GET', `${PHONES}/me`)).json()).toEqual([]);
      expect((await call('GET', PHONES)).json()).toMatchObject({ items: [] });
      expectErrorShape(await call('POST', `${PHONES}/verify`, { otcToken, code }), 400);
      expectErrorShape(await call('DELETE', `${PHONES}/${theirs?.id}`), 404);
    }
    expect((await as(server(), b.member)('GET', `${PHONES}/me`)).json()).toEqual([
      expect.objectContaining({ id: theirs?.id, verified: false }),
    ]);
  });

  it('answers 409 to a number already on the profile and refuses a wrong code', async () => {
    const team = await createTenantAdmins(server());
    const call = as(server(), team.member);
    const phoneNumber = uniquePhone();
    const { otcToken } = (await call('POST', PHONES, { phoneNumber })).json<{ otcToken: string }>();
    expectErrorShape(await call('POST', PHONES, { phoneNumber }), 409);
    const code = await textedCode(phoneNumber);
    const wrong = code === '000000' ? '111111' : '000000';
    expectErrorShape(await call('POST', `${PHONES}/verify`, { otcToken, code: wrong }), 400);
    const preverified = await call('POST', `${PHONES}/preverify`, { phoneNumber });
    expect(preverified.statusCode).toBe(200);
    // Only the newest code counts.
    expectErrorShape(await call('POST', `${PHONES}/verify`, { otcToken, code }), 400);
  });

  it.each([
    ['POST', PHONES, { phoneNumber: 'call me' }],
    ['POST', PHONES, { phoneNumber: 15550100 }],
    ['POST', PHONES, {}],
    ['POST', PHONES, { phoneNumber: '+15550100199', verify: 'yes' }],
    ['POST', `${PHONES}/verify`, { otcToken: 'x', code: 'abcdef' }],
    ['POST', `${PHONES}/verify`, { code: '123456' }],
    ['POST', `${PHONES}/preverify`, { phoneNumber: 'nope' }],
    ['GET', `${PHONES}?_limit=0`, undefined],
    ['GET', `${PHONES}?_offset=-1`, undefined],
    ['DELETE', `${PHONES}/not-an-id`, undefined],
  ] as const)('answers 400 to %s %s with bad input', async (method, url, payload) => {
    const team = await createTenantAdmins(server());
    expectErrorShape(await as(server(), team.member)(method, url, payload), 400);
  });

  it('answers 404 to an unknown id and to preverifying a number not on the profile', async () => {
    const team = await createTenantAdmins(server());
    const call = as(server(), team.member);
    expectErrorShape(await call('DELETE', `${PHONES}/00000000-0000-4000-8000-000000000000`), 404);
    expectErrorShape(await call('POST', `${PHONES}/preverify`, { phoneNumber: '+15550100100' }), 404);
  });

  it('answers 401 without a token', async () => {
    for (const [method, url] of [
      ['GET', `${PHONES}/me`],
      ['GET', PHONES],
      ['POST', PHONES],
      ['POST', `${PHONES}/verify`],
      ['DELETE', `${PHONES}/00000000-0000-4000-8000-000000000000`],
    ] as const) {
      const response = await server().app.inject({
        method,
        url,
        ...(method === 'POST'
          ? { payload: { phoneNumber: '+15550100199', otcToken: 'x', code: '123456' } }
          : {}),
      });
      expectErrorShape(response, 401);
    }
  });
});
