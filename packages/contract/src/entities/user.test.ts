import { describe, expect, it } from 'vitest';
import { roleSchema } from './role.js';
import { vendorRole } from './test-fixtures.js';
import { userRoleSchema } from './user.js';

describe("the signed-in user's roles", () => {
  it("tell a vendor's role with the user's tenant, where the Roles section says null", () => {
    expect(roleSchema.safeParse(vendorRole).success).toBe(true);
    expect(userRoleSchema.safeParse(vendorRole).success).toBe(false);
    expect(userRoleSchema.parse({ ...vendorRole, tenantId: 't1' }).tenantId).toBe('t1');
  });
});
