import { describe, expect, it } from 'vitest';
import { defaultAuditsQuery } from '../../../sdk/admin/audits';
import { isFiltered, LAST_PAGE, queryFromSearch, searchFromQuery } from './audit-query';

describe("the Audit logs section's address", () => {
  it('writes only what differs from the defaults, and reads it back', () => {
    expect(searchFromQuery(defaultAuditsQuery).toString()).toBe('');
    const query = {
      ...defaultAuditsQuery,
      page: 3,
      sortBy: 'severity' as const,
      sortDirection: 'asc' as const,
      search: ' alpha ',
      severity: ['High' as const, 'Critical' as const],
      email: 'ann@acme.test',
      from: '2026-03-01',
      to: '2026-03-11',
    };
    const search = searchFromQuery(query);
    expect(search.toString()).toBe(
      'page=3&sortBy=severity&sortDirection=asc&search=alpha&email=ann%40acme.test&from=2026-03-01&to=2026-03-11&severity=High%2CCritical',
    );
    expect(queryFromSearch(search)).toEqual({ ...query, search: 'alpha' });
  });

  it('leaves what it cannot read at its default', () => {
    const read = queryFromSearch(
      new URLSearchParams(
        `page=-2&sortBy=json&sortDirection=up&severity=Huge,High&from=yesterday&to=2026-3-1`,
      ),
    );
    expect(read).toEqual({ ...defaultAuditsQuery, severity: ['High'] });
    expect(queryFromSearch(new URLSearchParams(`page=${LAST_PAGE + 1}`)).page).toBe(1);
    expect(queryFromSearch(new URLSearchParams(`page=${LAST_PAGE}`)).page).toBe(LAST_PAGE);
  });

  it('knows a filtered view from the whole log', () => {
    expect(isFiltered(defaultAuditsQuery)).toBe(false);
    expect(isFiltered({ ...defaultAuditsQuery, page: 4, sortBy: 'email' })).toBe(false);
    expect(isFiltered({ ...defaultAuditsQuery, severity: ['Info'] })).toBe(true);
    expect(isFiltered({ ...defaultAuditsQuery, to: '2026-01-01' })).toBe(true);
  });
});
