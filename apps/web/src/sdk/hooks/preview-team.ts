// Preview mode's team (SPEC section 9: the mock team is 2 pages of 10). The SDK's mocks answer the team
// list only through loadUsersV3, with two users and "2 pages" that hold nothing; the Users section
// reads loadUsersV2, which the mocks leave empty. The preview builds its own twenty members instead.

/** SPEC section 6 demo roles. */
export const PREVIEW_ROLES = ['Admin', 'Read Only', 'Support', 'Editor', 'Viewer'].map((name) => ({
  id: `preview-role-${name.toLowerCase().replace(/\s+/g, '-')}`,
  key: name.replace(/\s+/g, ''),
  name,
  description: `${name} (preview)`,
  permissions: [],
}));

const FIRST = ['Ava', 'Ben', 'Chloe', 'Diego', 'Emma', 'Farah', 'Gus', 'Hana', 'Ivan', 'Jade'];
const LAST = ['Moreau', 'Okafor'];

export const PREVIEW_TEAM_SIZE = 20;

/** Twenty members, spread over the demo roles and states, joined a day apart. */
export const PREVIEW_TEAM = Array.from({ length: PREVIEW_TEAM_SIZE }, (_, index) => {
  const first = FIRST[index % FIRST.length] ?? 'Alex';
  const last = LAST[Math.floor(index / FIRST.length)] ?? 'Lee';
  const role = PREVIEW_ROLES[index % PREVIEW_ROLES.length] ?? PREVIEW_ROLES[0];
  const joined = new Date(Date.UTC(2026, 0, 1 + index)).toISOString();
  return {
    id: `preview-user-${index + 1}`,
    name: `${first} ${last}`,
    email: `${first}.${last}@brizo-demo.example`.toLowerCase(),
    roles: role ? [role] : [],
    roleIds: role ? [role.id] : [],
    verified: index % 7 !== 3,
    isLocked: index === 11,
    isDisabled: index === 16,
    createdAt: joined,
    lastLogin: index % 4 === 0 ? null : joined,
  };
});

export type PreviewMember = (typeof PREVIEW_TEAM)[number];

export interface PreviewTeamQuery {
  /** 0-based. */
  pageOffset: number;
  pageSize: number;
  search: string;
  sortBy: string;
  order: 'ASC' | 'DESC';
}

/** One page of the preview team, searched by name or email and sorted like the server would. */
export function previewTeamPage(query: PreviewTeamQuery): {
  users: PreviewMember[];
  totalItems: number;
  totalPages: number;
} {
  const needle = query.search.trim().toLowerCase();
  const found = PREVIEW_TEAM.filter(
    (member) => !needle || member.name.toLowerCase().includes(needle) || member.email.includes(needle),
  );
  const key = (member: PreviewMember): string => {
    const value = (member as Record<string, unknown>)[query.sortBy];
    return typeof value === 'string' ? value.toLowerCase() : String(value ?? '');
  };
  const sorted = [...found].sort((a, b) => key(a).localeCompare(key(b)) * (query.order === 'ASC' ? 1 : -1));
  const start = query.pageOffset * query.pageSize;
  return {
    users: sorted.slice(start, start + query.pageSize),
    totalItems: found.length,
    totalPages: Math.ceil(found.length / query.pageSize),
  };
}
