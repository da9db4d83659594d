// Issue 15: the superuser console's free-trial funnel. It counts who signed up and what became of them
// by week and by source in one grouped read, lists the accounts under review and the trials about to
// end, and approves an account or extends a trial, audited, reaching the person at their next refresh.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type {
  EndingTrialsPage,
  Funnel,
  TrialGrant,
  UnderReviewPage,
} from '@brizo/contract/entities/trial-console';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '../../../src/db/schema/index.js';
import { findUserById } from '../../../src/db/queries/users.js';
import { addDays, isoDate } from '../../../src/lib/time.js';
import { as, createTenantAdmins, signedIn, type Member } from '../../admin-support.js';
import { createTenant, createUser, TEST_PASSWORD, type CreateUserOptions } from '../../factories.js';
import { API, expectErrorShape, useTestServer } from '../../harness.js';

const server = useTestServer();
const CONSOLE = '/frontegg/trial-console/resources/v1';
const COOKIE = 'fe_refresh_brizoaccess';

let vendor: Member;
let vendorTenantId = '';
beforeAll(async () => {
  const { user, tenant } = await createUser(server().db, server().passwords, { superUser: true });
  vendor = { user, authorization: await signedIn(server(), user.email) };
  vendorTenantId = tenant.id;
});

const asVendor = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  as(server(), vendor)(method, url, payload);

const ok = async <T>(response: Promise<{ statusCode: number; body: string; json<U>(): U }>) => {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<T>();
};

/** Someone who signed up (vendorMetadata.signupType) on `createdAt`, with the product roles given. */
const signedUp = (
  signupType: string,
  options: CreateUserOptions & { vendor?: Record<string, unknown> } = {},
) => {
  const { vendor: vendorFields = {}, ...rest } = options;
  return createUser(server().db, server().passwords, {
    vendorMetadata: JSON.stringify({ signupType, activated: false, ...vendorFields }),
    verified: false,
    ...rest,
  });
};

/** An account whose metadata holds `fields` (a source, an expiration). */
const accountWith = (fields: Record<string, unknown>) =>
  createTenant(server().db, { metadata: JSON.stringify(fields) });

const today = () => isoDate(server().clock.now());
const daysFromToday = (days: number) => isoDate(addDays(server().clock.now(), days));

/** Signs in and answers the session's refresh token. */
async function sessionOf(email: string): Promise<string> {
  const response = await server().app.inject({
    method: 'POST',
    url: `${API}/auth/v1/user`,
    payload: { email, password: TEST_PASSWORD },
  });
  expect(response.statusCode, response.body).toBe(200);
  const cookie = response.cookies.find((item) => item.name === COOKIE);
  if (!cookie) throw new Error('no refresh cookie');
  return cookie.value;
}

/** The roles of the access token a refresh of the session gives. */
async function rolesAfterRefresh(refreshToken: string): Promise<string[]> {
  const response = await server().app.inject({
    method: 'POST',
    url: `${API}/auth/v1/user/token/refresh`,
    cookies: { [COOKIE]: refreshToken },
    payload: {},
  });
  expect(response.statusCode, response.body).toBe(200);
  const token = response.json<{ accessToken: string }>().accessToken;
  const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
    roles: string[];
  };
  return claims.roles;
}

const vendorMetadataOf = async (userId: string) =>
  JSON.parse((await findUserById(server().db, userId))?.vendorMetadata ?? '{}') as Record<string, unknown>;

const auditRows = (action: string, userId: string) =>
  server()
    .db.select()
    .from(auditLogs)
    .where(and(eq(auditLogs.tenantId, vendorTenantId), eq(auditLogs.action, action)))
    .then((rows) => rows.filter((row) => JSON.stringify(row.json).includes(userId)));

describe('GET /trial-console/resources/v1/funnel', () => {
  const source = `funnel-${randomUUID().slice(0, 8)}`;
  const otherSource = `${source}-ads`;
  beforeAll(async () => {
    const at = (date: string) => ({ createdAt: new Date(`${date}T12:00:00Z`) });
    // Week of Monday 2020-01-06: an activated trial that signed in, and a personal email under review.
    await signedUp('work', {
      ...at('2020-01-07'),
      metadata: JSON.stringify({ source }),
      vendor: { activated: true },
      lastLogin: new Date('2020-01-08T09:00:00Z'),
      roleKeys: ['bfm-trial'],
    });
    await signedUp('personal', { ...at('2020-01-12'), metadata: JSON.stringify({ source }) });
    // Week of 2020-01-13: a verified sign-up that became a paying customer; its source is the account's.
    await signedUp('work', {
      ...at('2020-01-13'),
      tenant: await accountWith({ source: otherSource, expiration: '2020-01-27' }),
      verified: true,
      lastLogin: new Date('2020-01-14T09:00:00Z'),
      roleKeys: ['bfm-base'],
    });
    // Not counted: an invitee in the range, a sign-up after it.
    await signedUp('invitation', { ...at('2020-01-08'), metadata: JSON.stringify({ source }) });
    await signedUp('work', { ...at('2020-01-20'), metadata: JSON.stringify({ source }) });
  });

  const funnel = (query: string) => ok<Funnel>(asVendor('GET', `${CONSOLE}/funnel?${query}`));

  it('counts sign-ups, activations, first sign-ins, trials and paid by ISO week, empty weeks too', async () => {
    const answer = await funnel('from=2020-01-01&to=2020-01-19&groupBy=week');
    expect(answer.rows).toEqual([
      { key: '2019-12-30', signUps: 0, activations: 0, firstSignIns: 0, trials: 0, paid: 0 },
      { key: '2020-01-06', signUps: 2, activations: 1, firstSignIns: 1, trials: 1, paid: 0 },
      { key: '2020-01-13', signUps: 1, activations: 1, firstSignIns: 1, trials: 1, paid: 1 },
    ]);
    expect(answer.totals).toEqual({ signUps: 3, activations: 2, firstSignIns: 2, trials: 2, paid: 1 });
  });

  it("counts by source: the user's own, else the account's", async () => {
    const answer = await funnel('from=2020-01-06&to=2020-01-19&groupBy=source');
    expect(answer.rows).toEqual([
      { key: source, signUps: 2, activations: 1, firstSignIns: 1, trials: 1, paid: 0 },
      { key: otherSource, signUps: 1, activations: 1, firstSignIns: 1, trials: 1, paid: 1 },
    ]);
  });

  it('answers 400 in the error shape to a bad range or grouping', async () => {
    for (const query of [
      'from=2020-01-01',
      'from=2020-02-30&to=2020-03-01',
      'from=2020-03-01&to=2020-02-01',
      'from=2020-01-01&to=2021-01-01',
      'from=2020-01-01&to=2020-01-19&groupBy=day',
      'from=yesterday&to=today',
    ]) {
      expectErrorShape(await asVendor('GET', `${CONSOLE}/funnel?${query}`), 400);
    }
    // 52 weeks exactly is allowed.
    expect((await funnel('from=2020-01-06&to=2021-01-03')).rows).toHaveLength(52);
  });
});

describe('the console is a superuser’s alone', () => {
  it('answers 403 to an account administrator and 401 without a token', async () => {
    const team = await createTenantAdmins(server());
    const urls: Array<['GET' | 'POST', string, Record<string, unknown>?]> = [
      ['GET', `${CONSOLE}/funnel?from=2020-01-01&to=2020-01-19`],
      ['GET', `${CONSOLE}/under-review`],
      ['GET', `${CONSOLE}/trials-ending`],
      ['POST', `${CONSOLE}/approve`, { userId: team.member.user.id }],
      ['POST', `${CONSOLE}/extend-trial`, { userId: team.member.user.id, days: 5 }],
    ];
    for (const [method, url, payload] of urls) {
      expectErrorShape(await as(server(), team.admin)(method, url, payload), 403);
      expectErrorShape(await server().app.inject({ method, url, ...(payload ? { payload } : {}) }), 401);
    }
  });
});

describe('accounts under review and approval', () => {
  it('lists a personal-email sign-up without a product role, not trial users nor invitees', async () => {
    const waiting = await signedUp('personal', { metadata: JSON.stringify({ source: 'newsletter' }) });
    const onTrial = await signedUp('work', { roleKeys: ['bfm-trial'] });
    const invited = await signedUp('invitation');
    const page = await ok<UnderReviewPage>(asVendor('GET', `${CONSOLE}/under-review?_limit=50`));
    const ids = page.items.map((item) => item.userId);
    expect(ids).toContain(waiting.user.id);
    expect(ids).not.toContain(onTrial.user.id);
    expect(ids).not.toContain(invited.user.id);
    expect(ids).not.toContain(vendor.user.id);
    expect(page.items.find((item) => item.userId === waiting.user.id)).toMatchObject({
      email: waiting.user.email,
      tenantId: waiting.tenant.id,
      tenantName: waiting.tenant.name,
      source: 'newsletter',
      signupType: 'personal',
    });
    expect(page._metadata.totalItems).toBeGreaterThanOrEqual(1);
    const second = await ok<UnderReviewPage>(asVendor('GET', `${CONSOLE}/under-review?_limit=1&_offset=1`));
    expect(second.items.length).toBeLessThanOrEqual(1);
    expect(second._metadata.totalItems).toBe(page._metadata.totalItems);
    for (const query of ['_limit=51', '_limit=0', '_offset=-1', '_limit=ten'])
      expectErrorShape(await asVendor('GET', `${CONSOLE}/under-review?${query}`), 400);
  });

  it('finds a person by a part of their email or name, any case, wildcards taken literally', async () => {
    const tag = randomUUID().slice(0, 8);
    const byEmail = await signedUp('personal', { email: `rita_${tag}@gmail.test` });
    const byName = await signedUp('personal', { name: `Ada ${tag.toUpperCase()} Lovelace` });
    const found = await ok<UnderReviewPage>(asVendor('GET', `${CONSOLE}/under-review?_filter=${tag}`));
    expect(found.items.map((item) => item.userId).sort()).toEqual([byEmail.user.id, byName.user.id].sort());
    expect(found._metadata.totalItems).toBe(2);
    const underscore = await ok<UnderReviewPage>(
      asVendor('GET', `${CONSOLE}/under-review?_filter=${encodeURIComponent(`A_${tag}`)}`),
    );
    expect(underscore.items.map((item) => item.userId)).toEqual([byEmail.user.id]);
    const percent = await ok<UnderReviewPage>(asVendor('GET', `${CONSOLE}/under-review?_filter=%25${tag}`));
    expect(percent.items).toEqual([]);
    expectErrorShape(await asVendor('GET', `${CONSOLE}/under-review?_filter=${'x'.repeat(201)}`), 400);
  });

  it('approves with a trial, once, audited, and the next refresh carries the trial role', async () => {
    const waiting = await signedUp('personal', { verified: true, vendor: { activated: true, note: 'kept' } });
    const session = await sessionOf(waiting.user.email);
    expect(await rolesAfterRefresh(session)).not.toContain('bfm-trial');

    const expiration = daysFromToday(server().config.trialDays);
    const grant = await ok<TrialGrant>(asVendor('POST', `${CONSOLE}/approve`, { userId: waiting.user.id }));
    expect(grant).toEqual({
      userId: waiting.user.id,
      tenantId: waiting.tenant.id,
      roles: ['bfm-trial'],
      expiration,
    });
    expect(await vendorMetadataOf(waiting.user.id)).toEqual({
      signupType: 'personal',
      activated: true,
      note: 'kept',
      expiration,
    });
    expect(await rolesAfterRefresh(session)).toContain('bfm-trial');
    const review = await ok<UnderReviewPage>(asVendor('GET', `${CONSOLE}/under-review?_limit=50`));
    expect(review.items.map((item) => item.userId)).not.toContain(waiting.user.id);

    // Idempotent: approving again changes and records nothing.
    expect(await ok<TrialGrant>(asVendor('POST', `${CONSOLE}/approve`, { userId: waiting.user.id }))).toEqual(
      grant,
    );
    const rows = await auditRows('Account approved', waiting.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: vendor.user.id, email: vendor.user.email, severity: 'High' });
    expect(rows[0]?.json).toMatchObject({
      user: { id: waiting.user.id, email: waiting.user.email },
      before: { roles: [], expiration: null },
      after: { roles: ['bfm-trial'], expiration },
    });
  });

  it('answers 404 to an unknown user and 400 to a malformed body', async () => {
    expectErrorShape(await asVendor('POST', `${CONSOLE}/approve`, { userId: randomUUID() }), 404);
    for (const body of [{}, { userId: 'nobody' }, { userId: 42 }])
      expectErrorShape(await asVendor('POST', `${CONSOLE}/approve`, body), 400);
  });
});

describe('trials ending and their extension', () => {
  it('lists the trials ending within the window, soonest first, and not the others', async () => {
    const soon = await signedUp('work', {
      roleKeys: ['bfm-trial'],
      vendor: { expiration: daysFromToday(2) },
    });
    const sooner = await signedUp('work', {
      roleKeys: ['bfm-trial'],
      tenant: await accountWith({ expiration: today() }),
    });
    const later = await signedUp('work', {
      roleKeys: ['bfm-trial'],
      vendor: { expiration: daysFromToday(30) },
    });
    const paying = await signedUp('work', {
      roleKeys: ['bfm-trial', 'bfm-base'],
      vendor: { expiration: daysFromToday(1) },
    });
    const ended = await signedUp('work', {
      roleKeys: ['bfm-trial'],
      vendor: { expiration: daysFromToday(-3) },
    });

    const page = await ok<EndingTrialsPage>(
      asVendor('GET', `${CONSOLE}/trials-ending?withinDays=7&_limit=50`),
    );
    const ids = page.items.map((item) => item.userId);
    expect(ids.indexOf(sooner.user.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(sooner.user.id)).toBeLessThan(ids.indexOf(soon.user.id));
    for (const absent of [later, paying, ended]) expect(ids).not.toContain(absent.user.id);
    const expiration = daysFromToday(2);
    expect(page.items.find((item) => item.userId === soon.user.id)).toMatchObject({
      expiration,
      expiresAt: `${daysFromToday(3)}T03:59:59.000Z`,
      isMarkedExpired: false,
    });
    const month = await ok<EndingTrialsPage>(
      asVendor('GET', `${CONSOLE}/trials-ending?withinDays=32&_limit=50`),
    );
    expect(month.items.map((item) => item.userId)).toContain(later.user.id);
    const searched = await ok<EndingTrialsPage>(
      asVendor(
        'GET',
        `${CONSOLE}/trials-ending?withinDays=7&_filter=${encodeURIComponent(soon.user.email.toUpperCase())}`,
      ),
    );
    expect(searched.items.map((item) => item.userId)).toEqual([soon.user.id]);
    for (const query of ['withinDays=0', 'withinDays=366', '_limit=51'])
      expectErrorShape(await asVendor('GET', `${CONSOLE}/trials-ending?${query}`), 400);
  });

  it('extends an expired trial from today: bfm-trial again at the next refresh, audited', async () => {
    const expired = await signedUp('work', {
      roleKeys: ['bfm-expired-trial'],
      vendor: { expiration: '2020-01-01', activated: true },
      verified: true,
    });
    const session = await sessionOf(expired.user.email);
    expect(await rolesAfterRefresh(session)).toContain('bfm-expired-trial');

    const grant = await ok<TrialGrant>(
      asVendor('POST', `${CONSOLE}/extend-trial`, { userId: expired.user.id, days: 10 }),
    );
    expect(grant).toMatchObject({ roles: ['bfm-trial'], expiration: daysFromToday(10) });
    const roles = await rolesAfterRefresh(session);
    expect(roles).toContain('bfm-trial');
    expect(roles).not.toContain('bfm-expired-trial');
    expect(await vendorMetadataOf(expired.user.id)).toMatchObject({
      expiration: daysFromToday(10),
      activated: true,
    });
    const [row] = await auditRows('Trial extended', expired.user.id);
    expect(row?.json).toMatchObject({
      before: { roles: ['bfm-expired-trial'], expiration: '2020-01-01' },
      after: { roles: ['bfm-trial'], expiration: daysFromToday(10) },
    });
  });

  it("extends a running trial from its own last day, or to a date; the account's date counts", async () => {
    const running = await signedUp('work', {
      roleKeys: ['bfm-trial'],
      tenant: await accountWith({ expiration: daysFromToday(5) }),
    });
    const byDays = await ok<TrialGrant>(
      asVendor('POST', `${CONSOLE}/extend-trial`, { userId: running.user.id, days: 7 }),
    );
    expect(byDays.expiration).toBe(daysFromToday(12));
    const until = daysFromToday(40);
    const byDate = await ok<TrialGrant>(
      asVendor('POST', `${CONSOLE}/extend-trial`, { userId: running.user.id, until }),
    );
    expect(byDate.expiration).toBe(until);
    expect((await vendorMetadataOf(running.user.id)).expiration).toBe(until);
    expect(await auditRows('Trial extended', running.user.id)).toHaveLength(2);
  });

  it('refuses what is not a trial, a date in the past and malformed bodies', async () => {
    const team = await createTenantAdmins(server());
    const running = await signedUp('work', { roleKeys: ['bfm-trial'] });
    const cases: Array<[Record<string, unknown>, number]> = [
      [{ userId: team.member.user.id, days: 5 }, 400],
      [{ userId: randomUUID(), days: 5 }, 404],
      [{ userId: running.user.id, until: '2020-01-01' }, 400],
      [{ userId: running.user.id, days: 0 }, 400],
      [{ userId: running.user.id, days: 91 }, 400],
      [{ userId: running.user.id, days: 2.5 }, 400],
      [{ userId: running.user.id, days: 5, until: daysFromToday(9) }, 400],
      [{ userId: running.user.id, until: '2026-02-30' }, 400],
      [{ userId: running.user.id }, 400],
    ];
    for (const [body, status] of cases)
      expectErrorShape(await asVendor('POST', `${CONSOLE}/extend-trial`, body), status);
    expect(await auditRows('Trial extended', running.user.id)).toHaveLength(0);
  });
});
