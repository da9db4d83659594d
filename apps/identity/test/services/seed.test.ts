import { count, eq, sql } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { pgliteDatabase, pgliteExtensions } from '../../src/db/client.js';
import { findRolesOfUser } from '../../src/db/queries/roles.js';
import { findUserByEmail } from '../../src/db/queries/users.js';
import {
  memberships,
  permissions,
  rolePermissions,
  roles,
  tenants,
  userRoles,
  users,
} from '../../src/db/schema/index.js';
import { addDays, isoDate } from '../../src/lib/time.js';
import { adminPermissions } from '@brizo/contract';
import {
  DEMO_PASSWORD,
  demoAccounts,
  EXPIRED_TRIAL_DATE,
  seed,
  seedFingerprint,
} from '../../src/services/seed.js';
import { createSuperuser, SuperuserError } from '../../src/services/superuser.js';
import { API, startTestServer, TestClock, testConfig, uniqueEmail, useTestServer } from '../harness.js';
import { as, signedIn } from '../admin-support.js';
import { createTenant, createUser } from '../factories.js';

const server = useTestServer();

async function counts() {
  const db = server().db;
  const tables = { users, tenants, roles, permissions, rolePermissions, userRoles, memberships };
  return Object.fromEntries(
    await Promise.all(
      Object.entries(tables).map(async ([name, table]) => [
        name,
        (await db.select({ n: count() }).from(table))[0]?.n,
      ]),
    ),
  );
}

/** Runs the whole seed, as if its inputs had changed since the last run (see seedFingerprint). */
async function reseed() {
  const { db, config, passwords } = server();
  await db.execute(sql`COMMENT ON TABLE vendor_config IS NULL`);
  await seed({ db, config, clock: server().clock, passwords });
}

describe('seed', () => {
  it('is idempotent: a second and third run change no counts', async () => {
    const before = await counts();
    await reseed();
    await reseed();
    expect(await counts()).toEqual(before);
    expect(before.users).toBeGreaterThanOrEqual(6);
  });

  it('creates the roles, permissions and role links of the contract', async () => {
    const db = server().db;
    const keys = (await db.select({ key: roles.key }).from(roles)).map((row) => row.key);
    expect(keys).toEqual(
      expect.arrayContaining([
        'bfm-base',
        'bfm-unrestricted',
        'bfm-trial',
        'bfm-expired-trial',
        'Admin',
        'ReadOnly',
      ]),
    );
    const linked = async (roleKey: string) =>
      (
        await db
          .select({ key: permissions.key })
          .from(rolePermissions)
          .innerJoin(roles, eq(roles.id, rolePermissions.roleId))
          .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
          .where(eq(roles.key, roleKey))
      )
        .map((row) => row.key)
        .sort();
    expect(await linked('bfm-unrestricted')).toEqual(['bfm.base', 'bfm.geo.us']);
    expect(await linked('bfm-base')).toEqual(['bfm.base', 'bfm.geo.us']);
    expect(await linked('bfm-trial')).toEqual(['bfm.geo.us', 'bfm.trial']);
    expect(await linked('bfm-expired-trial')).toEqual(['bfm.geo.us', 'bfm.trial']);
    const admin = await linked('Admin');
    expect(admin).toContain('fe.*');
    expect(admin).toContain('fe.subscriptions.*');
    expect(admin).toContain('fe.secure.write.users');
    expect(admin).toHaveLength(adminPermissions.length);
    const readOnly = await linked('ReadOnly');
    expect(readOnly.every((key) => /\.read(\.|$)/.test(key))).toBe(true);
    expect(readOnly).toContain('fe.secure.read.users');
    expect(readOnly).not.toContain('fe.*');
    expect(readOnly).not.toContain('fe.secure.write.users');
    expect((await db.select().from(roles).where(eq(roles.key, 'ReadOnly')))[0]?.name).toBe('Read Only');
  });

  it('seeds the demo roles Support, Editor and Viewer (SPEC section 6) once, each narrower than Admin', async () => {
    const db = server().db;
    const permissionsOf = async (roleKey: string) =>
      (
        await db
          .select({ key: permissions.key })
          .from(rolePermissions)
          .innerJoin(roles, eq(roles.id, rolePermissions.roleId))
          .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
          .where(eq(roles.key, roleKey))
      ).map((row) => row.key);
    const { config, passwords } = server();
    await seed({ db, config, clock: server().clock, passwords });
    for (const [key, name] of [
      ['Support', 'Support'],
      ['Editor', 'Editor'],
      ['Viewer', 'Viewer'],
    ] as const) {
      const rows = await db.select().from(roles).where(eq(roles.key, key));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ name, tenantId: null });
      const granted = await permissionsOf(key);
      expect(granted).toContain('fe.secure.read.users');
      expect(granted).not.toContain('fe.*');
      expect(granted).not.toContain('fe.secure.write.securityPolicy');
      expect(granted).not.toContain('fe.secure.write.roles');
    }
    const viewer = await permissionsOf('Viewer');
    expect(viewer.every((key) => /\.read\./.test(key))).toBe(true);
    expect(await permissionsOf('Support')).toEqual(
      expect.arrayContaining(['fe.secure.write.resendActivationEmail', 'fe.secure.delete.sessions']),
    );
    expect(await permissionsOf('Support')).not.toContain('fe.secure.write.users');
    expect(await permissionsOf('Editor')).toEqual(
      expect.arrayContaining(['fe.secure.write.users', 'fe.secure.write.groups']),
    );
  });

  it('lets a Viewer read the users list and refuses it an invitation', async () => {
    const s = server();
    const tenant = await createTenant(s.db);
    const { user } = await createUser(s.db, s.passwords, { tenant, roleKeys: ['Viewer'] });
    const viewer = as(s, { authorization: await signedIn(s, user.email) });
    expect((await viewer('GET', `${API}/users/v2`)).statusCode).toBe(200);
    const invite = await viewer('POST', `${API}/users/v2`, { email: uniqueEmail('invitee'), roleIds: [] });
    expect(invite.statusCode).toBe(403);
  });

  it('walk-through: gives every permission a description of what it lets a person do', async () => {
    const rows = await server()
      .db.select({ key: permissions.key, name: permissions.name, description: permissions.description })
      .from(permissions);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.description, row.key).toMatch(/^[A-Z].{10,}/);
      expect(row.description, row.key).not.toBe(row.name);
    }
    expect(rows.find((row) => row.key === 'fe.account-hierarchy.read.subAccount')?.description).toBe(
      "See the account's sub-accounts",
    );
  });

  it('gives every demo account their roles, flags and the demo password', async () => {
    for (const account of demoAccounts) {
      const user = await findUserByEmail(server().db, account.email);
      expect(user).toMatchObject({ verified: true, superUser: account.superUser ?? false });
      // Unique keys: since issue 3 the admin holds the same roles in a second tenant, "Brizo Labs".
      const roleKeys = [
        ...new Set((await findRolesOfUser(server().db, user?.id ?? '')).map((detail) => detail.role.key)),
      ].sort();
      expect(roleKeys).toEqual([...account.roles].sort());
      const login = await server().app.inject({
        method: 'POST',
        url: `${API}/auth/v1/user`,
        payload: { email: account.email, password: DEMO_PASSWORD },
      });
      expect(login.statusCode).toBe(200);
    }
    const tenant = await server().db.select().from(tenants).where(eq(tenants.name, 'Brizo Demo'));
    expect(tenant).toHaveLength(1);
  });

  it('moves the trial expiration to today + TRIAL_DAYS at each run and keeps the expired one in the past', async () => {
    const { db, config, passwords } = server();
    const later = new TestClock(new Date('2027-03-10T12:00:00Z'));
    await seed({ db, config, clock: later, passwords });
    const trial = await findUserByEmail(db, 'trial@brizo.test');
    expect(JSON.parse(trial?.vendorMetadata ?? '')).toMatchObject({
      expiration: isoDate(addDays(later.now(), config.trialDays)),
      activated: true,
    });
    const expired = await findUserByEmail(db, 'expired@brizo.test');
    const expiration = String(JSON.parse(expired?.vendorMetadata ?? '{}').expiration);
    expect(expiration).toBe(EXPIRED_TRIAL_DATE);
    expect(new Date(`${expiration}T00:00:00Z`).getTime()).toBeLessThan(server().clock.now().getTime());
  });

  it('leaves a changed password alone', async () => {
    const { db, passwords } = server();
    const hash = await passwords.hash('Changed-Password-1!');
    await db.update(users).set({ passwordHash: hash }).where(eq(users.email, 'review@brizo.test'));
    await reseed();
    expect((await findUserByEmail(db, 'review@brizo.test'))?.passwordHash).toBe(hash);
  });

  it('skips an unchanged seed (issue 17) and runs it again when a setting or the day changes', async () => {
    const { db, config, passwords } = server();
    await reseed();
    const admin = await findUserByEmail(db, 'admin@brizo.test');
    const linksOfAdmin = () =>
      db
        .select({ n: count() })
        .from(userRoles)
        .where(eq(userRoles.userId, admin?.id ?? ''));
    const [seeded] = await linksOfAdmin();
    await db.delete(userRoles).where(eq(userRoles.userId, admin?.id ?? ''));
    // Same settings, same day: one read, nothing written.
    await seed({ db, config, clock: server().clock, passwords });
    expect((await linksOfAdmin())[0]?.n).toBe(0);
    // Another instance's settings on the same database: the whole seed, which restores the roles.
    await seed({
      db,
      config: { ...config, trialDays: config.trialDays + 1 },
      clock: server().clock,
      passwords,
    });
    expect(await linksOfAdmin()).toEqual([seeded]);
  });

  it('fingerprints every input of the seed: the settings it reads, the demo accounts and the day', () => {
    const config = server().config;
    const today = new Date('2027-03-10T12:00:00Z');
    const fingerprint = seedFingerprint(config, today);
    expect(seedFingerprint({ ...config }, new Date('2027-03-10T18:00:00Z'))).toBe(fingerprint);
    const changed = [
      seedFingerprint(config, new Date('2027-03-11T12:00:00Z')),
      seedFingerprint({ ...config, publicUrl: 'https://elsewhere.test' }, today),
      seedFingerprint({ ...config, mainAppUrl: 'https://app.elsewhere.test' }, today),
      seedFingerprint({ ...config, clientId: 'another-client' }, today),
      seedFingerprint({ ...config, trialDays: config.trialDays + 1 }, today),
      seedFingerprint({ ...config, demoAccounts: !config.demoAccounts }, today),
    ];
    expect(new Set([fingerprint, ...changed]).size).toBe(changed.length + 1);
  });
});

describe('a production install (issue 10)', () => {
  // A fresh PGlite is initialised and migrated here (seconds; longer on a busy machine).
  it('creates the roles and permissions but never the demo accounts; the first superuser is made by hand', async () => {
    // A fresh database, as on a new production machine: not the seeded template of the other tests.
    const database = pgliteDatabase(await PGlite.create({ extensions: pgliteExtensions }));
    try {
      await database.migrate();
      const config = testConfig({ NODE_ENV: 'production' });
      const { passwords } = server();
      const clock = new TestClock();
      await seed({ db: database.db, config, clock, passwords });
      await seed({ db: database.db, config, clock, passwords });

      const roleKeys = (await database.db.select({ key: roles.key }).from(roles)).map((row) => row.key);
      expect(roleKeys).toEqual(expect.arrayContaining(['bfm-unrestricted', 'Admin', 'ReadOnly']));
      expect((await database.db.select({ n: count() }).from(permissions))[0]?.n).toBeGreaterThan(0);
      expect((await database.db.select({ n: count() }).from(users))[0]?.n).toBe(0);
      expect((await database.db.select({ n: count() }).from(tenants))[0]?.n).toBe(0);

      await expect(
        createSuperuser(
          { db: database.db, passwords },
          { email: 'owner@brizo.example', name: 'Owner', tenantName: 'Operations', password: 'short' },
        ),
      ).rejects.toThrow(SuperuserError);
      await expect(
        createSuperuser(
          { db: database.db, passwords },
          { email: 'owner@brizo.example', name: 'Owner', tenantName: 'Operations', password: 'P@ssw0rd123' },
        ),
      ).rejects.toThrow(SuperuserError);
      const made = await createSuperuser(
        { db: database.db, passwords },
        {
          email: 'Owner@Brizo.example',
          name: 'Owner',
          tenantName: 'Operations',
          password: 'Quiet-Harbour-42!',
        },
      );
      expect(made.created).toBe(true);
      const again = await createSuperuser(
        { db: database.db, passwords },
        { email: 'owner@brizo.example', name: 'Owner', tenantName: 'Operations', password: 'ignored' },
      );
      expect(again).toEqual({ userId: made.userId, created: false });

      const production = await startTestServer(database.db, { env: { NODE_ENV: 'production' }, clock });
      try {
        const demo = await production.app.inject({
          method: 'POST',
          url: `${API}/auth/v1/user`,
          payload: { email: 'super@brizo.test', password: DEMO_PASSWORD },
        });
        expect(demo.statusCode).toBe(401);
        const owner = await production.app.inject({
          method: 'POST',
          url: `${API}/auth/v1/user`,
          payload: { email: 'owner@brizo.example', password: 'Quiet-Harbour-42!' },
        });
        expect(owner.statusCode).toBe(200);
        const claims = JSON.parse(
          Buffer.from(String(owner.json().accessToken).split('.')[1] ?? '', 'base64url').toString(),
        );
        expect(claims).toMatchObject({ superUser: true, roles: ['Admin'] });
      } finally {
        await production.app.close();
      }
    } finally {
      await database.close();
    }
  }, 120_000);
});
