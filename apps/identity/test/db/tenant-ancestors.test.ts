// Issue 15 (migration 0030_tenant_ancestors): every account knows the accounts above it, set by the
// database from its parent's on insert, and an upgraded database gets them for the hierarchy it has.
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tenants } from '../../src/db/schema/index.js';
import { createTenant } from '../factories.js';
import { useTestServer } from '../harness.js';

const server = useTestServer();

const ancestorsOf = async (id: string) =>
  (await server().db.select({ ids: tenants.ancestorIds }).from(tenants).where(eq(tenants.id, id)))[0]?.ids;

describe('tenant ancestors', () => {
  it('are the parent and its ancestors, root first, for every new account', async () => {
    const root = await createTenant(server().db);
    const child = await createTenant(server().db, { parentTenantId: root.id });
    const grandchild = await createTenant(server().db, { parentTenantId: child.id });
    expect(await ancestorsOf(root.id)).toEqual([]);
    expect(await ancestorsOf(child.id)).toEqual([root.id]);
    expect(await ancestorsOf(grandchild.id)).toEqual([root.id, child.id]);
  });

  it("are what the migration's backfill computes for a hierarchy without them", async () => {
    const { db } = server();
    const root = await createTenant(db);
    const child = await createTenant(db, { parentTenantId: root.id });
    const grandchild = await createTenant(db, { parentTenantId: child.id });
    // As before the migration: no ancestors recorded (the trigger fires only on a parent's change).
    await db.update(tenants).set({ ancestorIds: [] }).where(eq(tenants.id, grandchild.id));
    await db.update(tenants).set({ ancestorIds: [] }).where(eq(tenants.id, child.id));
    // The migration's last statement, as the migrator runs it on an upgraded database.
    const migration = readFileSync(
      new URL('../../src/db/migrations/0030_tenant_ancestors.sql', import.meta.url),
      'utf8',
    );
    const backfill = migration.split('--> statement-breakpoint').at(-1) ?? '';
    expect(backfill).toContain('UPDATE tenants SET ancestor_ids');
    await db.execute(sql.raw(backfill));
    expect(await ancestorsOf(child.id)).toEqual([root.id]);
    expect(await ancestorsOf(grandchild.id)).toEqual([root.id, child.id]);
  });
});
