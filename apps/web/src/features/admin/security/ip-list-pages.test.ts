import { describe, expect, it } from 'vitest';
import { ipListPages, joinIpListPages } from './ip-list-pages';

const entry = (id: string) => ({
  id,
  ip: `10.0.0.${id}`,
  strategy: 'ALLOW' as const,
  isActive: true,
  description: '',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

describe('IP list pages', () => {
  it('reads the first 4 rows, then the first pages of 10 after each "Show more"', () => {
    expect(ipListPages(0)).toEqual([{ limit: 4, page: 0 }]);
    expect(ipListPages(2)).toEqual([
      { limit: 10, page: 0 },
      { limit: 10, page: 1 },
    ]);
  });

  it('joins the pages in order and keeps the largest total', () => {
    const joined = joinIpListPages([
      { items: [entry('1')], _metadata: { totalItems: 12, totalPages: 2 } },
      { items: [entry('2')], _metadata: { totalItems: 12, totalPages: 2 } },
    ]);
    expect(joined.entries.map(({ id }) => id)).toEqual(['1', '2']);
    expect(joined.totalItems).toBe(12);
    expect(joinIpListPages([]).totalItems).toBe(0);
  });
});
