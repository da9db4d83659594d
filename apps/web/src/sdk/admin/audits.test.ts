import { describe, expect, it } from 'vitest';
import { auditsParams, countCsvRecords, defaultAuditsQuery } from './audits';

describe('the audit calls', () => {
  it('send the filters that are set, trimmed, with the sort', () => {
    expect(auditsParams(defaultAuditsQuery)).toEqual({ sortBy: 'createdAt', sortDirection: 'desc' });
    expect(
      auditsParams({
        ...defaultAuditsQuery,
        search: ' x ',
        severity: ['High', 'Critical'],
        action: 'User logged in',
        ip: '203.0',
        from: '2026-03-01',
        to: '2026-03-02',
      }),
    ).toEqual({
      sortBy: 'createdAt',
      sortDirection: 'desc',
      filter: 'x',
      severity: 'High,Critical',
      action: 'User logged in',
      ip: '203.0',
      createdFrom: '2026-03-01',
      createdTo: '2026-03-02',
    });
  });

  it("count a CSV's records across chunks, not the line breaks inside quoted fields", () => {
    const first = countCsvRecords('a,b\r\n"multi\r\n', false);
    expect(first).toEqual({ records: 1, inQuotes: true });
    const second = countCsvRecords('line",c\r\n"say ""hi""",d\r\n', first.inQuotes);
    expect(second).toEqual({ records: 2, inQuotes: false });
  });
});
