import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { vendorConfig } from '../db/schema/index.js';
import { upsertPermissions } from '../db/queries/permissions.js';
import { assignUserRoles, linkRolePermissions, upsertVendorRole, type RoleRow } from '../db/queries/roles.js';
import { findTenantByName, insertMembership, insertTenant } from '../db/queries/tenants.js';
import { findUserByEmail, insertUser, updateUser } from '../db/queries/users.js';
import { addDays, isoDate, type Clock } from '../lib/time.js';
import { adminPermissions, productPermissions, productRoleKeys } from '@brizo/contract';
import {
  ADMIN_CATEGORY,
  adminRoleKeys,
  permissionName,
  PRODUCT_CATEGORY,
  permissionDescriptions,
  roleDefinitions,
} from './access-catalogue.js';
import { mergeJsonObject } from './json-metadata.js';
import { defaultClient, seedDefaultClient } from './oauth/clients.js';
import { seedDefaultApplication } from './applications/index.js';
import type { PasswordHasher } from '../auth/methods/password/passwords.js';
import { DEFAULT_VENDOR_CONFIG } from './vendor-settings.js';
import { insertVendorConfigIfMissing } from '../db/queries/vendor-config.js';

export const DEMO_PASSWORD = 'Brizo-demo-2026!';
export const DEMO_TENANT_NAME = 'Brizo Demo';
/** The admin's second tenant, for tenant switching. */
export const SECOND_TENANT_NAME = 'Brizo Labs';
export const SECOND_TENANT_MEMBER = 'admin@brizo.test';
/** A date safely in the past of any clock this product runs on. */
export const EXPIRED_TRIAL_DATE = '2026-01-01';

export interface DemoAccount {
  email: string;
  roles: string[];
  superUser?: boolean;
  landing: string;
  /** vendorMetadata.expiration; a function of "today" for the trial account. */
  expiration?: (today: Date, trialDays: number) => string;
}

/** The demo accounts of docs/CONTRACTS.md. */
export const demoAccounts: DemoAccount[] = [
  { email: 'regular@brizo.test', roles: [productRoleKeys.unrestricted], landing: 'main application' },
  {
    email: 'trial@brizo.test',
    roles: [productRoleKeys.trial],
    landing: '/trial-started',
    expiration: (today, trialDays) => isoDate(addDays(today, trialDays)),
  },
  {
    email: 'expired@brizo.test',
    roles: [productRoleKeys.expiredTrial],
    landing: '/trial-ended',
    expiration: () => EXPIRED_TRIAL_DATE,
  },
  { email: 'review@brizo.test', roles: [], landing: '/under-review' },
  {
    email: 'admin@brizo.test',
    roles: [productRoleKeys.unrestricted, adminRoleKeys.admin],
    landing: 'main application',
  },
  { email: 'super@brizo.test', roles: [], superUser: true, landing: 'main application' },
  // The admin portal's Read Only administrator: sees every section, changes nothing.
  {
    email: 'readonly@brizo.test',
    roles: [productRoleKeys.unrestricted, adminRoleKeys.readOnly],
    landing: 'main application',
  },
];

const nameOf = (email: string) => {
  const local = email.split('@')[0] ?? email;
  return `${local.charAt(0).toUpperCase()}${local.slice(1)} Demo`;
};

/**
 * Idempotent: run it at every start. It creates what is missing of the vendor configuration, the
 * roles, permissions and role links a fresh install needs and the web app's OAuth client. With
 * `config.demoAccounts` (never in production: config.ts) it also creates the demo tenant and demo
 * accounts, refreshes their names and flags (the trial account's expiration moves with today) and
 * leaves everything else, including passwords changed since, alone.
 */
export async function seed(deps: {
  db: Db;
  config: Config;
  clock: Clock;
  passwords: PasswordHasher;
}): Promise<void> {
  const { config } = deps;
  // Issue 17: a start with the seed's inputs unchanged since the last run (same day) is one read.
  const fingerprint = seedFingerprint(config, deps.clock.now());
  if ((await storedSeedFingerprint(deps.db)) === fingerprint) return;
  // Hash outside the transaction: argon2 takes time and PGlite runs one transaction at a time.
  const demoHash = config.demoAccounts ? await demoPasswordHashIfNeeded(deps) : undefined;

  await deps.db.transaction(async (db) => {
    await insertVendorConfigIfMissing(db, DEFAULT_VENDOR_CONFIG);
    const rolesByKey = await seedAccessCatalogue(db);
    // Hosted login (issue 3): the web app's OAuth client.
    await seedDefaultClient(db, config);
    // Issue 15: the product as the application every account has.
    await seedDefaultApplication(db, config);
    if (config.demoAccounts) await seedDemoAccounts(db, { ...deps, rolesByKey, demoHash });
    await storeSeedFingerprint(db, fingerprint);
  });
}

/**
 * Bump when a change of this module's code (not of the data it reads) changes what the seed writes,
 * so that databases seeded by the previous code are seeded again at their next start.
 */
const SEED_REVISION = 1;

/**
 * A digest of everything the seed writes: the catalogue, the vendor configuration's defaults, the
 * settings it reads and the day (the trial account's expiration moves with it). Any change, another
 * instance's settings on a shared database included, makes the next start run the whole seed. Rows an
 * administrator changed since are so re-asserted once a day at the latest, not at every start.
 */
export function seedFingerprint(config: Config, today: Date): string {
  const inputs = {
    revision: SEED_REVISION,
    day: isoDate(today),
    vendorConfig: DEFAULT_VENDOR_CONFIG,
    permissions: { productPermissions, adminPermissions, permissionDescriptions },
    roles: roleDefinitions,
    client: defaultClient(config),
    application: { mainAppUrl: config.mainAppUrl, publicUrl: config.publicUrl },
    demo: config.demoAccounts && {
      tenants: [DEMO_TENANT_NAME, SECOND_TENANT_NAME, SECOND_TENANT_MEMBER],
      accounts: demoAccounts.map((account) => ({
        ...account,
        expiration: account.expiration?.(today, config.trialDays),
      })),
    },
  };
  return createHash('sha256').update(JSON.stringify(inputs)).digest('hex');
}

/**
 * The fingerprint is kept as the comment of the vendor_config table: written in the seed's
 * transaction, so a seed rolled back leaves the previous one, with no table of its own to migrate.
 */
async function storedSeedFingerprint(db: Db): Promise<string | undefined> {
  const [row] = await db
    .select({ comment: sql<string | null>`obj_description('vendor_config'::regclass, 'pg_class')` })
    .from(vendorConfig)
    .limit(1);
  const comment = row?.comment;
  return comment?.startsWith(FINGERPRINT_PREFIX) ? comment.slice(FINGERPRINT_PREFIX.length) : undefined;
}

const FINGERPRINT_PREFIX = 'seed ';

async function storeSeedFingerprint(db: Db, fingerprint: string): Promise<void> {
  // COMMENT takes no parameter; the fingerprint is hex (checked), so the literal is safe.
  if (!/^[0-9a-f]{64}$/.test(fingerprint)) throw new Error('seed: malformed fingerprint');
  await db.execute(sql.raw(`COMMENT ON TABLE vendor_config IS '${FINGERPRINT_PREFIX}${fingerprint}'`));
}

async function demoPasswordHashIfNeeded(deps: { db: Db; passwords: PasswordHasher }) {
  for (const account of demoAccounts) {
    if (!(await findUserByEmail(deps.db, account.email))) return deps.passwords.hash(DEMO_PASSWORD);
  }
  return undefined;
}

/** The product and admin permissions and the roles that bundle them (access-catalogue.ts). */
async function seedAccessCatalogue(db: Db): Promise<Map<string, RoleRow>> {
  const catalogue = [
    ...productPermissions.map((key) => ({ key, categoryId: PRODUCT_CATEGORY, fePermission: false })),
    ...adminPermissions.map((key) => ({ key, categoryId: ADMIN_CATEGORY, fePermission: true })),
  ];
  const rows = await upsertPermissions(
    db,
    catalogue.map((permission) => ({
      ...permission,
      name: permissionName(permission.key),
      description: permissionDescriptions[permission.key],
    })),
  );
  const permissionIds = new Map(rows.map((row) => [row.key, row.id]));

  const rolesByKey = new Map<string, RoleRow>();
  for (const definition of roleDefinitions) {
    const role = await upsertVendorRole(db, {
      key: definition.key,
      name: definition.name,
      description: definition.description,
      isDefault: false,
    });
    rolesByKey.set(definition.key, role);
    await linkRolePermissions(
      db,
      role.id,
      definition.permissions.flatMap((key) => permissionIds.get(key) ?? []),
    );
  }
  return rolesByKey;
}

/** The demo tenant and accounts of the README, and the admin's second tenant for tenant switching. */
async function seedDemoAccounts(
  db: Db,
  deps: { config: Config; clock: Clock; rolesByKey: Map<string, RoleRow>; demoHash: string | undefined },
): Promise<void> {
  const { config, rolesByKey, demoHash } = deps;
  const today = deps.clock.now();
  const roleIdsOf = (keys: string[]) => keys.flatMap((key) => rolesByKey.get(key)?.id ?? []);
  const tenant =
    (await findTenantByName(db, DEMO_TENANT_NAME)) ??
    (await insertTenant(db, { name: DEMO_TENANT_NAME, metadata: '{}' }));

  for (const account of demoAccounts) {
    const expiration = account.expiration?.(today, config.trialDays);
    const vendorMetadataChanges = {
      activated: true,
      signupType: 'demo',
      ...(expiration ? { expiration } : {}),
    };
    let user = await findUserByEmail(db, account.email);
    if (!user) {
      if (!demoHash) throw new Error(`seed: no password hash for ${account.email}`);
      user = await insertUser(db, {
        email: account.email,
        name: nameOf(account.email),
        passwordHash: demoHash,
        verified: true,
        superUser: account.superUser ?? false,
        vendorMetadata: JSON.stringify(vendorMetadataChanges),
        activeTenantId: tenant.id,
      });
    } else {
      await updateUser(db, user.id, {
        verified: true,
        superUser: account.superUser ?? false,
        vendorMetadata: mergeJsonObject(user.vendorMetadata, vendorMetadataChanges),
        activeTenantId: user.activeTenantId ?? tenant.id,
      });
    }
    await insertMembership(db, user.id, tenant.id);
    await assignUserRoles(db, user.id, tenant.id, roleIdsOf(account.roles));
  }

  // Tenant switching (issue 3): a second tenant for the admin, so the stand-in main application's
  // switcher can be tried.
  const admin = await findUserByEmail(db, SECOND_TENANT_MEMBER);
  if (admin) {
    const labs =
      (await findTenantByName(db, SECOND_TENANT_NAME)) ??
      (await insertTenant(db, { name: SECOND_TENANT_NAME, metadata: '{}' }));
    await insertMembership(db, admin.id, labs.id);
    await assignUserRoles(
      db,
      admin.id,
      labs.id,
      roleIdsOf([productRoleKeys.unrestricted, adminRoleKeys.admin]),
    );
  }
}
