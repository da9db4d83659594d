// Issue 14: the Audit logs CSV export (POST /audits/export/csv and /csv/v2): the chosen columns in
// order, RFC 4180 quoting, no spreadsheet formulas, the list's filters and sort, streamed in batches.
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { as, createTenantAdmins, type TenantAdmins } from '../../admin-support.js';
import { expectErrorShape, useTestServer } from '../../harness.js';
import { AUDITS, seedAudits, seedManyAudits } from './support.js';

const server = useTestServer();
const SEEDED = 'createdTo=2025-12-31T23:59:59.999Z';
const at = (minute: number) => new Date(Date.UTC(2025, 5, 1, 12, minute));

let team: TenantAdmins;
let other: TenantAdmins;

const exportCsv = (query: string, body: object = {}, who: TenantAdmins = team, path = 'csv') =>
  as(server(), who.admin)('POST', `${AUDITS}/export/${path}?${query}`, body);

beforeAll(async () => {
  team = await createTenantAdmins(server());
  other = await createTenantAdmins(server());
  await seedAudits(server().db, team.tenant.id, [
    {
      action: 'Plain',
      severity: 'Info',
      email: 'ann@acme.test',
      ip: '203.0.113.1',
      description: 'Nothing odd',
      createdAt: at(0),
    },
    {
      action: 'Quoted',
      severity: 'High',
      email: 'bob@acme.test',
      ip: '203.0.113.2',
      description: 'Says "hi", then\r\nleaves',
      json: { note: 'a "quote"' },
      createdAt: at(1),
    },
    {
      action: 'Formula',
      severity: 'Critical',
      email: '=HYPERLINK("http://evil.test")',
      description: '+1+1',
      userAgent: '@SUM(A1)',
      createdAt: at(2),
    },
    {
      action: 'Formula',
      severity: 'Medium',
      email: '-2',
      description: '\tTabbed',
      userAgent: '\rReturned',
      createdAt: at(3),
    },
  ]);
  await seedAudits(server().db, other.tenant.id, [
    { action: 'Plain', severity: 'Info', description: 'Not yours', createdAt: at(0) },
  ]);
});

describe('POST /audits/export/csv', () => {
  it("answers the table's columns as an attachment, newest first, records ending in CRLF", async () => {
    const response = await exportCsv(`${SEEDED}&severity=Info,High`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="audits.csv"');
    expect(response.body).toBe(
      'Time,Severity,Action,Description,Email,IP address\r\n' +
        `${at(1).toISOString()},High,Quoted,"Says ""hi"", then\r\nleaves",bob@acme.test,203.0.113.2\r\n` +
        `${at(0).toISOString()},Info,Plain,Nothing odd,ann@acme.test,203.0.113.1\r\n`,
    );
  });

  it('answers the columns asked for, in their order, with their headers', async () => {
    const response = await exportCsv(`${SEEDED}&action=Quoted`, {
      properties: [
        { _id: 'x', name: 'email', displayName: 'Who', type: 'Email', sortable: true },
        { name: 'json' },
        { name: 'action', displayName: 'What' },
        { name: 'userAgent' },
      ],
    });
    expect(response.body).toBe(
      'Who,Details,What,User agent\r\nbob@acme.test,"{""note"":""a \\""quote\\""""}",Quoted,\r\n',
    );
  });

  it('starts every cell a spreadsheet would run as a formula with a quote', async () => {
    const response = await exportCsv(`${SEEDED}&action=Formula&sortDirection=asc`, {
      properties: [{ name: 'email' }, { name: 'description' }, { name: 'userAgent' }],
    });
    expect(response.body).toBe(
      'Email,Description,User agent\r\n' +
        `"'=HYPERLINK(""http://evil.test"")",'+1+1,'@SUM(A1)\r\n` +
        `'-2,'\tTabbed,"'\rReturned"\r\n`,
    );
  });

  it('searches, sorts and names the file as the query says, on both paths', async () => {
    for (const path of ['csv', 'csv/v2']) {
      const response = await exportCsv(
        `${SEEDED}&filter=acme&sortBy=email&sortDirection=desc&outputFileName=June%20report&offset=20`,
        { properties: [{ name: 'email' }] },
        team,
        path,
      );
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toBe('attachment; filename="June report.csv"');
      expect(response.body).toBe('Email\r\nbob@acme.test\r\nann@acme.test\r\n');
    }
    const unsafe = await exportCsv(`${SEEDED}&outputFileName=..%2F..%2Fetc%2Fpasswd%22%0D%0A`, {});
    expect(unsafe.headers['content-disposition']).toBe('attachment; filename="audits.csv"');
  });

  it("exports the caller's tenant only, to the Read Only administrator too", async () => {
    const ours = await exportCsv(`${SEEDED}&filter=Not%20yours`, { properties: [{ name: 'description' }] });
    expect(ours.body).toBe('Description\r\n');
    const readOnly = await as(server(), other.readOnly)('POST', `${AUDITS}/export/csv?${SEEDED}`, {
      properties: [{ name: 'description' }, { name: 'tenantId' }],
    });
    expect(readOnly.body).toBe(`Description,Account ID\r\nNot yours,${other.tenant.id}\r\n`);
    expectErrorShape(await as(server(), team.member)('POST', `${AUDITS}/export/csv`, {}), 403);
  });

  it('refuses unknown columns and parameters with a 400 before any byte of CSV', async () => {
    const column = await exportCsv(SEEDED, { properties: [{ name: 'password' }] });
    expect(expectErrorShape(column, 400).errorCode).toBe('ER-AUDITS-UNKNOWN-COLUMN');
    expectErrorShape(await exportCsv(`${SEEDED}&count=5`, {}), 400);
    expectErrorShape(await exportCsv(SEEDED, { properties: 'all' }), 400);
    expectErrorShape(await exportCsv(SEEDED, { properties: [{ displayName: 'x' }] }), 400);
    expectErrorShape(await exportCsv('sortBy=nothing', {}), 400);
  });
});

describe('a large export', () => {
  let baseUrl = '';
  let big: TenantAdmins;
  beforeAll(async () => {
    await server().app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(server().app.server.address() as AddressInfo).port}`;
    big = await createTenantAdmins(server());
    await seedManyAudits(server().db, big.tenant.id, 5000, at(30));
  });

  /** Reads the answer chunk by chunk, as a browser does, keeping only the lines' count and values. */
  async function streamed(query: string, properties: object[]) {
    const response = await fetch(`${baseUrl}${AUDITS}/export/csv?${query}`, {
      method: 'POST',
      headers: { authorization: big.admin.authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ properties }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBeNull();
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    const reader = response.body?.getReader();
    if (!reader) throw new Error('no body');
    const decoder = new TextDecoder();
    const lines: string[] = [];
    let chunks = 0;
    let rest = '';
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      chunks += 1;
      const text = rest + decoder.decode(read.value, { stream: true });
      const parts = text.split('\r\n');
      rest = parts.pop() ?? '';
      lines.push(...parts);
    }
    expect(rest).toBe('');
    return { lines, chunks };
  }

  it('streams 5,000 rows in batches, each row once, in the sort asked for', async () => {
    const { lines, chunks } = await streamed(SEEDED, [{ name: 'description' }]);
    expect(lines).toHaveLength(5001);
    expect(lines[0]).toBe('Description');
    expect(lines.slice(1)).toEqual(Array.from({ length: 5000 }, (_, n) => `Row ${n}`));
    expect(chunks).toBeGreaterThan(1);
  });

  it.each(['severity', 'action', 'email', 'ip', 'userAgent'])(
    'pages through ties of %s without losing or repeating a row',
    async (sortBy) => {
      const { lines } = await streamed(`${SEEDED}&sortBy=${sortBy}&sortDirection=asc`, [
        { name: 'description' },
        { name: sortBy },
      ]);
      const rows = lines.slice(1);
      expect(new Set(rows.map((line) => line.split(',')[0])).size).toBe(5000);
      const keys = rows.map((line) => line.split(',')[1] ?? '');
      // Text that sorts the same in every collation (the IP addresses' dots may not).
      if (['action', 'email', 'userAgent'].includes(sortBy))
        expect(keys).toEqual([...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    },
  );
});
