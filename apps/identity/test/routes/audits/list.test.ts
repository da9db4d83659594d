// Issue 14: the Audit logs list (GET /audits): filters on every filterable column, free-text search,
// sort, paging with a capped total, tenant isolation and the 400s of malformed parameters.
import { beforeAll, describe, expect, it } from 'vitest';
import { as, createTenantAdmins, type TenantAdmins } from '../../admin-support.js';
import { expectErrorShape, useTestServer } from '../../harness.js';
import { AUDITS, seedAudits, seedManyAudits, type ListAnswer } from './support.js';

const server = useTestServer();

/** The seeded rows are in 2025; the admins' own sign-ins (now) are left out by this range. */
const SEEDED = 'createdTo=2025-12-31T23:59:59.999Z';
const at = (minute: number) => new Date(Date.UTC(2025, 5, 1, 12, minute));

let team: TenantAdmins;
let other: TenantAdmins;

const list = async (query: string, who: TenantAdmins = team) => {
  const response = await as(server(), who.admin)('GET', `${AUDITS}?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ListAnswer>();
};
const actions = async (query: string, who: TenantAdmins = team) =>
  (await list(`${SEEDED}&count=100&${query}`, who)).data.map((row) => row.action);

beforeAll(async () => {
  team = await createTenantAdmins(server());
  other = await createTenantAdmins(server());
  const rows = [
    {
      action: 'Alpha signed in',
      severity: 'Info',
      email: 'ann@acme.test',
      ip: '203.0.113.10',
      userAgent: 'Firefox/130',
      description: 'First',
    },
    {
      action: 'Beta changed',
      severity: 'High',
      email: 'bob@Acme.test',
      ip: '203.0.113.20',
      userAgent: 'Chrome/128',
      description: 'Policy 100% done',
    },
    {
      action: 'Gamma deleted',
      severity: 'Critical',
      email: 'cy@other.test',
      ip: '198.51.100.7',
      userAgent: 'Safari/17',
      description: 'Removed_all',
    },
    {
      action: 'Delta failed',
      severity: 'Medium',
      email: null,
      ip: null,
      userAgent: null,
      description: 'No person',
    },
    {
      action: 'Alpha signed in',
      severity: 'Error',
      email: 'ann@acme.test',
      ip: '203.0.113.11',
      userAgent: 'Firefox/131',
      description: 'Again',
    },
  ] as const;
  await seedAudits(
    server().db,
    team.tenant.id,
    rows.map((row, index) => ({
      ...row,
      userId: index === 0 ? team.admin.user.id : null,
      json: { index, before: { a: 1 }, after: { a: 2 } },
      createdAt: at(index),
    })),
  );
  // The other tenant holds rows that every filter of the team's would match.
  await seedAudits(
    server().db,
    other.tenant.id,
    rows.map((row, index) => ({ ...row, json: { other: true }, createdAt: at(index) })),
  );
});

describe('GET /audits', () => {
  it("answers the tenant's events newest first, in the official client's row shape", async () => {
    const answer = await list(SEEDED);
    expect(answer.total).toBe(5);
    expect(answer.totalIsCapped).toBe(false);
    expect(answer.data.map((row) => row.description)).toEqual([
      'Again',
      'No person',
      'Removed_all',
      'Policy 100% done',
      'First',
    ]);
    const first = answer.data.at(-1);
    expect(first).toEqual({
      _id: expect.any(String),
      action: 'Alpha signed in',
      description: 'First',
      severity: 'Info',
      ip: '203.0.113.10',
      email: 'ann@acme.test',
      user: team.admin.user.id,
      userAgent: 'Firefox/130',
      json: { index: 0, before: { a: 1 }, after: { a: 2 } },
      tenantId: team.tenant.id,
      vendorId: server().config.clientId,
      createdAt: at(0).toISOString(),
      updatedAt: at(0).toISOString(),
    });
    expect(answer.data.find((row) => row.description === 'No person')).toMatchObject({
      email: null,
      ip: null,
      user: null,
    });
  });

  it('answers the events the server recorded itself (the admins signing in)', async () => {
    const answer = await list('');
    expect(answer.data.map((row) => row.email)).toContain(team.admin.user.email);
    expect(answer.data.every((row) => row.tenantId === team.tenant.id)).toBe(true);
  });

  it('filters by each filterable column', async () => {
    expect(await actions('severity=High,critical')).toEqual(['Gamma deleted', 'Beta changed']);
    expect(await actions('action=Alpha%20signed%20in')).toEqual(['Alpha signed in', 'Alpha signed in']);
    expect(await actions('action=Alpha')).toEqual([]);
    // Email: exact, as written or in lower case.
    expect(await actions('email=bob@acme.test')).toEqual([]);
    expect(await actions('email=bob@Acme.test')).toEqual(['Beta changed']);
    expect(await actions('email=ANN@acme.test')).toEqual(['Alpha signed in', 'Alpha signed in']);
    expect(await actions('ip=203.0.113.1')).toEqual(['Alpha signed in', 'Alpha signed in']);
    expect(await actions('userAgent=firefox')).toEqual(['Alpha signed in', 'Alpha signed in']);
    expect(await actions('description=100%25')).toEqual(['Beta changed']);
    // LIKE's wildcards are literal text.
    expect(await actions('description=_all')).toEqual(['Gamma deleted']);
    expect(await actions('description=%25')).toEqual(['Beta changed']);
    expect(await actions('description=0%25d')).toEqual([]);
  });

  it('filters by a time range, in either spelling of the parameters', async () => {
    const inRange = async (query: string) => (await list(query)).data.map((row) => row.action);
    const range = `createdFrom=${at(1).toISOString()}&createdTo=${at(3).toISOString()}`;
    expect(await inRange(range)).toEqual(['Delta failed', 'Gamma deleted', 'Beta changed']);
    const snake = `created_from=${at(1).toISOString()}&created_to=${at(3).toISOString()}`;
    expect(await inRange(snake)).toEqual(['Delta failed', 'Gamma deleted', 'Beta changed']);
    // A bare day is the whole day (UTC).
    expect((await list('createdFrom=2025-06-01&createdTo=2025-06-01')).total).toBe(5);
    expect((await list('createdFrom=2025-06-02&createdTo=2025-06-30')).total).toBe(0);
  });

  it('searches action, description, email and IP address with `filter`, case-insensitively', async () => {
    expect(await actions('filter=GAMMA')).toEqual(['Gamma deleted']);
    expect(await actions('filter=no%20person')).toEqual(['Delta failed']);
    expect(await actions('filter=other.test')).toEqual(['Gamma deleted']);
    expect(await actions('filter=203.0.113.2')).toEqual(['Beta changed']);
    // The user agent is not searched; an empty filter is no filter.
    expect(await actions('filter=Safari')).toEqual([]);
    expect((await list(`${SEEDED}&filter=`)).total).toBe(5);
    // Filters combine.
    expect(await actions('filter=alpha&severity=Error')).toEqual(['Alpha signed in']);
  });

  it('sorts by each sortable column both ways, the time breaking ties', async () => {
    const by = async (sortBy: string, direction: 'asc' | 'desc') =>
      (await list(`${SEEDED}&sortBy=${sortBy}&sortDirection=${direction}`)).data.map(
        (row) => row.description,
      );
    expect(await by('createdAt', 'asc')).toEqual([
      'First',
      'Policy 100% done',
      'Removed_all',
      'No person',
      'Again',
    ]);
    expect(await by('action', 'asc')).toEqual([
      'First',
      'Again',
      'Policy 100% done',
      'No person',
      'Removed_all',
    ]);
    expect(await by('action', 'desc')).toEqual([
      'Removed_all',
      'No person',
      'Policy 100% done',
      'Again',
      'First',
    ]);
    // Severity by how grave it is: Info, Medium, Error, High, Critical.
    expect(await by('severity', 'desc')).toEqual([
      'Removed_all',
      'Policy 100% done',
      'Again',
      'No person',
      'First',
    ]);
    // No email sorts first going up.
    expect(await by('email', 'asc')).toEqual([
      'No person',
      'First',
      'Again',
      'Policy 100% done',
      'Removed_all',
    ]);
    expect(await by('ip', 'desc')).toEqual([
      'Policy 100% done',
      'Again',
      'First',
      'Removed_all',
      'No person',
    ]);
    expect(await by('userAgent', 'asc')).toEqual([
      'No person',
      'Policy 100% done',
      'First',
      'Again',
      'Removed_all',
    ]);
  });

  it('pages by offset and count, 20 by default', async () => {
    const viewer = await createTenantAdmins(server());
    await seedManyAudits(server().db, viewer.tenant.id, 45, at(30));
    const first = await list(SEEDED, viewer);
    expect(first.data).toHaveLength(20);
    expect(first.total).toBe(45);
    const third = await list(`${SEEDED}&offset=40&count=20`, viewer);
    expect(third.data.map((row) => row.description)).toEqual([
      'Row 40',
      'Row 41',
      'Row 42',
      'Row 43',
      'Row 44',
    ]);
    expect(third.total).toBe(45);
    const pages = await Promise.all([0, 20, 40].map((offset) => list(`${SEEDED}&offset=${offset}`, viewer)));
    const ids = pages.flatMap((page) => page.data.map((row) => row._id));
    expect(new Set(ids).size).toBe(45);

    // By severity, a page may start in one severity and end in the next.
    // The severities cycle Info, Medium, High, Critical (support.ts): n % 4 is the rank.
    for (const direction of ['desc', 'asc'] as const) {
      const expected = Array.from({ length: 45 }, (_, n) => n)
        .sort((a, b) => {
          const bySeverity = (a % 4) - (b % 4);
          const byTime = b - a; // a larger n is older
          return direction === 'desc' ? -bySeverity || -byTime : bySeverity || byTime;
        })
        .map((n) => `Row ${n}`);
      const paged: string[] = [];
      for (let offset = 0; offset < 45; offset += 7) {
        const page = await list(
          `${SEEDED}&sortBy=severity&sortDirection=${direction}&offset=${offset}&count=7`,
          viewer,
        );
        expect(page.total).toBe(45);
        paged.push(...page.data.map((row) => row.description));
      }
      expect(paged, direction).toEqual(expected);
    }
  });

  it('counts the total up to 10,000 and says when it stopped there', async () => {
    const big = await createTenantAdmins(server());
    await seedManyAudits(server().db, big.tenant.id, 10_050, at(59));
    const answer = await list(`${SEEDED}&count=5`, big);
    expect(answer).toMatchObject({ total: 10_000, totalIsCapped: true });
    expect(answer.data).toHaveLength(5);
    // A filter that matches fewer is counted exactly (the severities cycle through four).
    expect(await list(`${SEEDED}&severity=Critical&count=1`, big)).toMatchObject({
      total: 2512,
      totalIsCapped: false,
    });
    expect((await list(`${SEEDED}&offset=10000&count=100`, big)).data).toHaveLength(50);
  });
});

describe('tenant isolation', () => {
  it("never answers another tenant's events, whatever the filters", async () => {
    const queries = [
      SEEDED,
      'severity=Info,Medium,High,Critical,Error',
      'action=Beta%20changed',
      'email=ann@acme.test',
      'ip=203',
      'userAgent=o',
      'description=e',
      'filter=a',
      `createdFrom=2000-01-01&createdTo=2100-01-01`,
      'sortBy=email&sortDirection=asc',
    ];
    for (const query of queries) {
      const answer = await list(`${query}&count=100`);
      expect(answer.data.length, query).toBeGreaterThan(0);
      expect(
        answer.data.every((row) => row.tenantId === team.tenant.id && !('other' in row.json)),
        query,
      ).toBe(true);
    }
    // A tenantId of the caller's choosing is refused, not obeyed.
    const response = await as(server(), team.admin)('GET', `${AUDITS}?tenantId=${other.tenant.id}`);
    expectErrorShape(response, 400);
    // The other tenant's admin sees their rows only.
    const theirs = await list(SEEDED, other);
    expect(theirs.total).toBe(5);
    expect(theirs.data.every((row) => row.tenantId === other.tenant.id)).toBe(true);
  });
});

describe('who may read', () => {
  it('lets the Read Only administrator read and refuses a member without the permission', async () => {
    const readOnly = await as(server(), team.readOnly)('GET', `${AUDITS}?${SEEDED}`);
    expect(readOnly.statusCode).toBe(200);
    expectErrorShape(await as(server(), team.member)('GET', AUDITS), 403);
    expectErrorShape(await server().app.inject({ method: 'GET', url: AUDITS }), 401);
  });
});

describe('malformed parameters', () => {
  it.each([
    ['an unknown parameter', 'colour=red'],
    ['an unknown sort', 'sortBy=json'],
    ['an unknown direction', 'sortDirection=up'],
    ['a count above 100', 'count=101'],
    ['a count of zero', 'count=0'],
    ['a count that is no number', 'count=ten'],
    ['a negative offset', 'offset=-1'],
    ['an offset past the total cap', 'offset=10001'],
    ['an unknown severity', 'severity=Extreme'],
    ['a date that is no date', 'createdFrom=yesterday'],
    ['a repeated parameter', 'action=a&action=b'],
    ['an over-long search', `filter=${'x'.repeat(201)}`],
  ])('answers 400 to %s', async (_name, query) => {
    const body = expectErrorShape(await as(server(), team.admin)('GET', `${AUDITS}?${query}`), 400);
    expect(body.errorCode).toBe('ER-REQUEST-VALIDATION');
  });

  it('answers 400 to a range that ends before it starts', async () => {
    const response = await as(server(), team.admin)(
      'GET',
      `${AUDITS}?createdFrom=2025-06-02&createdTo=2025-06-01`,
    );
    expect(expectErrorShape(response, 400).errorCode).toBe('ER-AUDITS-INVALID-FILTER');
  });
});
