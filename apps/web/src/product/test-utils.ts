// Factories for the product's unit tests (not exported from index.ts).
import type { KeyValueStorage, ProductTenant, ProductUser } from './types';

export function createUser(overrides: Partial<ProductUser> = {}): ProductUser {
  return { id: 'user-1', email: 'ada@example.com', tenantId: 'tenant-1', ...overrides };
}

export function createTenant(overrides: Partial<ProductTenant> = {}): ProductTenant {
  return { tenantId: 'tenant-1', name: 'Acme Foods', ...overrides };
}

export const roles = (...keys: string[]) => keys.map((key) => ({ key }));
export const permissions = (...keys: string[]) => keys.map((key) => ({ key }));

/** An in-memory Storage whose contents tests can read back. */
export function createMemoryStorage(initial: Record<string, string> = {}): KeyValueStorage & {
  items: Map<string, string>;
} {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}
