// Issue 17: the people of a subtree, in the order the subtree's users list pages through (by name, ties
// by id), and a page of them read by id: only those still in the subtree, with its accounts of theirs.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { findSubtreeUserIds, findSubtreeUsersByIds } from '../../src/db/queries/hierarchy.js';
import { insertMembership } from '../../src/db/queries/tenants.js';
import { insertUser } from '../../src/db/queries/users.js';
import { memberships } from '../../src/db/schema/index.js';
import { createTenant } from '../factories.js';
import { uniqueEmail, useTestServer } from '../harness.js';

const server = useTestServer();

describe('the people of a subtree', () => {
  it('are ordered by name then id, and a page of them is read by id', async () => {
    const { db } = server();
    const root = await createTenant(db);
    const child = await createTenant(db, { parentTenantId: root.id });
    const grandchild = await createTenant(db, { parentTenantId: child.id });
    const outside = await createTenant(db);
    const person = async (name: string, ...accounts: string[]) => {
      const user = await insertUser(db, { email: uniqueEmail(), name, verified: true });
      for (const tenantId of accounts) await insertMembership(db, user.id, tenantId);
      return user;
    };
    const ann = await person('Ann Lee', child.id);
    const mias = [await person('Mia Stone', root.id), await person('Mia Stone', grandchild.id)];
    const zed = await person('Zed Quill', grandchild.id);
    // One person in three accounts of the subtree (and one outside it) is listed once.
    const cy = await person('Cy Everywhere', grandchild.id, root.id, child.id, outside.id);
    await person('Mia Stone', outside.id);

    const ids = (rootId: string, order: 'ASC' | 'DESC', filter?: string) =>
      findSubtreeUserIds(db, { rootId, order, filter });
    const [mia1, mia2] = mias.map((user) => user.id).sort();
    expect(await ids(root.id, 'ASC')).toEqual([ann.id, cy.id, mia1, mia2, zed.id]);
    // Descending by name, ties still by id.
    expect(await ids(root.id, 'DESC')).toEqual([zed.id, mia1, mia2, cy.id, ann.id]);
    expect(await ids(child.id, 'ASC')).toEqual([
      ann.id,
      cy.id,
      ...mias.slice(1).map((user) => user.id),
      zed.id,
    ]);
    expect(await ids(root.id, 'ASC', 'mia')).toEqual([mia1, mia2]);
    expect(await ids(root.id, 'ASC', 'EVERYWHERE')).toEqual([cy.id]);
    expect(await ids(outside.id, 'ASC')).toHaveLength(2);

    const page = await findSubtreeUsersByIds(db, root.id, [zed.id, cy.id, ann.id]);
    expect(page.map((row) => row.id)).toEqual([zed.id, cy.id, ann.id]);
    expect(page[1]).toMatchObject({ id: cy.id, email: cy.email, name: 'Cy Everywhere', verified: true });
    expect(page[1]?.tenantIds).toEqual([root.id, child.id, grandchild.id].sort());
    expect(page[1]?.createdAt).toBeInstanceOf(Date);
    // Below the child: only the child's and the grandchild's accounts.
    const [below] = await findSubtreeUsersByIds(db, child.id, [cy.id]);
    expect(below?.tenantIds).toEqual([child.id, grandchild.id].sort());
    // Someone who left the subtree since the order was read, or who was never in it, is left out.
    await db
      .delete(memberships)
      .where(and(eq(memberships.userId, zed.id), eq(memberships.tenantId, grandchild.id)));
    const outsider = await person('Not Here', outside.id);
    expect(
      (await findSubtreeUsersByIds(db, root.id, [zed.id, outsider.id, ann.id])).map((row) => row.id),
    ).toEqual([ann.id]);
    expect(await findSubtreeUsersByIds(db, root.id, [])).toEqual([]);
  });
});
