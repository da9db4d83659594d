import { describe, expect, it } from 'vitest';
import { roleSchema } from './role.js';
import { teamUserPageSchema } from './team-user.js';
import { vendorRole } from './test-fixtures.js';

const role = vendorRole;

const member = {
  id: 'u1',
  sub: 'u1',
  email: 'regular@brizo.test',
  name: 'Regular',
  profilePictureUrl: null,
  verified: true,
  activatedForTenant: true,
  mfaEnrolled: false,
  provider: 'local',
  isLocked: false,
  isDisabled: false,
  tenantId: 't1',
  tenantIds: ['t1'],
  tenants: [{ tenantId: 't1', roles: [role], isDisabled: false }],
  roles: [role],
  roleIds: ['r1'],
  permissions: [],
  groups: [],
  metadata: '{}',
  managedBy: 'frontegg',
  subAccountAccessAllowed: false,
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('entity schemas', () => {
  it('reads a users page as the server answers it', () => {
    const page = teamUserPageSchema.parse({ items: [member], _metadata: { totalItems: 1, totalPages: 1 } });
    expect(page.items[0]?.roles[0]?.key).toBe('Admin');
  });

  it('refuses an answer that lost a field the client relies on', () => {
    const { key: _key, ...withoutKey } = role;
    expect(roleSchema.safeParse(withoutKey).success).toBe(false);
    expect(teamUserPageSchema.safeParse({ items: [{ ...member, isLocked: 'no' }] }).success).toBe(false);
  });
});
