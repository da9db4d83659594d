/** One of the vendor's roles as the Roles section answers it (tenantId null), for the entity tests. */
export const vendorRole = {
  id: 'r1',
  key: 'Admin',
  name: 'Admin',
  description: null,
  isDefault: false,
  level: 0,
  tenantId: null,
  vendorId: 'v1',
  permissions: ['p1'],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
