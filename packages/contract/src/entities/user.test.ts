import { describe, expect, it } from 'vitest';
import { roleSchema } from './role.js';
import { userRoleSchema } from './user.js';

const vendorRole = {
  id: 'r1',
  key: 'Admin',
  name: 'Admin',
  description: null,
  isDefault: false,
  level: 0,
  tenantId: null,
  vendorId: 'v1',
  permissions: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe("the signed-in user's roles", () => {
  it("tell a vendor's role with the user's tenant, where the Roles section says null", () => {
    expect(roleSchema.safeParse(vendorRole).success).toBe(true);
    expect(userRoleSchema.safeParse(vendorRole).success).toBe(false);
    expect(userRoleSchema.parse({ ...vendorRole, tenantId: 't1' }).tenantId).toBe('t1');
  });
});
