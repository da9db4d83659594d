// Issue 17: a searched page of the users list is found two ways (db/queries/team.ts): walking the sort
// order, or gathering every match from the trigram index and sorting them. Both answer the same page.
import { describe, expect, it } from 'vitest';
import type { UserSortKey } from '@brizo/contract';
import { countMembers, listMembers, type MemberPage } from '../../src/db/queries/team.js';
import { insertMembership } from '../../src/db/queries/tenants.js';
import { insertUser } from '../../src/db/queries/users.js';
import { createTenant } from '../factories.js';
import { uniqueEmail, useTestServer } from '../harness.js';

const server = useTestServer();

describe('a searched page of members', () => {
  it('is the same page whether the sort order is walked or the matches are gathered', async () => {
    const { db } = server();
    const tenant = await createTenant(db);
    const outside = await createTenant(db);
    const names = ['Mia Stone', 'Amia Ford', 'Jeremiah Miall', 'Tess Davies', 'Noah Mia', 'Ann Lee'];
    for (const [index, name] of names.entries()) {
      const user = await insertUser(db, { email: uniqueEmail(`p${index}`), name, verified: true });
      await insertMembership(db, user.id, tenant.id);
    }
    // A match of another tenant, and a member found by the email alone.
    const stranger = await insertUser(db, { email: uniqueEmail('mia'), name: 'Mia Outside', verified: true });
    await insertMembership(db, stranger.id, outside.id);
    const byEmail = await insertUser(db, {
      email: uniqueEmail('x-mia-y'),
      name: 'Zed Quill',
      verified: true,
    });
    await insertMembership(db, byEmail.id, tenant.id);

    const pageOf = (
      search: string,
      sortBy: UserSortKey,
      order: 'ASC' | 'DESC',
      offset: number,
    ): MemberPage => ({
      tenantId: tenant.id,
      search,
      inactiveBefore: new Date(0),
      sortBy,
      order,
      limit: 2,
      offset,
    });
    const namesOf = async (page: MemberPage, plan: 'walk' | 'gather') =>
      (await listMembers(db, page, plan)).map((member) => member.name);

    const searches = ['MIA', 'ah m', 'davies', '%', 'q'];
    for (const search of searches) {
      for (const sortBy of ['name', 'email', 'createdAt'] as const) {
        for (const order of ['ASC', 'DESC'] as const) {
          for (const offset of [0, 2, 4]) {
            const page = pageOf(search, sortBy, order, offset);
            expect(await namesOf(page, 'gather'), `${search} ${sortBy} ${order} ${offset}`).toEqual(
              await namesOf(page, 'walk'),
            );
          }
        }
      }
    }
    const mia = pageOf('MIA', 'name', 'ASC', 0);
    expect(await namesOf({ ...mia, limit: 10 }, 'gather')).toEqual([
      'Amia Ford',
      'Jeremiah Miall',
      'Mia Stone',
      'Noah Mia',
      'Zed Quill',
    ]);
    expect(await countMembers(db, mia)).toBe(5);
    expect(await namesOf(pageOf('ah m', 'name', 'DESC', 0), 'gather')).toEqual([
      'Noah Mia',
      'Jeremiah Miall',
    ]);
  });
});
