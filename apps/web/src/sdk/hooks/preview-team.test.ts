import { describe, expect, it } from 'vitest';
import { PREVIEW_ROLES, previewTeamPage } from './preview-team';

const query = { pageOffset: 0, pageSize: 10, search: '', sortBy: 'createdAt', order: 'DESC' as const };

describe('the preview team (SPEC section 9: 2 pages of 10)', () => {
  it('is two pages of ten', () => {
    const first = previewTeamPage(query);
    const second = previewTeamPage({ ...query, pageOffset: 1 });
    expect(first).toMatchObject({ totalItems: 20, totalPages: 2 });
    expect(first.users).toHaveLength(10);
    expect(second.users).toHaveLength(10);
    expect(new Set([...first.users, ...second.users].map((user) => user.id)).size).toBe(20);
    expect((first.users[0]?.createdAt ?? '') > (second.users[0]?.createdAt ?? '')).toBe(true);
  });

  it('is searched and sorted, and carries the demo roles', () => {
    const found = previewTeamPage({ ...query, search: 'okafor', sortBy: 'name', order: 'ASC' });
    expect(found.totalItems).toBe(10);
    expect(found.users.map((user) => user.name)[0]).toBe('Ava Okafor');
    expect(PREVIEW_ROLES.map((role) => role.name)).toEqual([
      'Admin',
      'Read Only',
      'Support',
      'Editor',
      'Viewer',
    ]);
  });
});
