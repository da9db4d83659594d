import type {
  Application,
  ApplicationAccessType,
  TenantApplications,
} from '@brizo/contract/entities/applications';
import { atomically, type Db } from '../../db/client.js';
import {
  deleteApplication,
  deleteTenantAssignment,
  deleteUserAssignments,
  findApplicationById,
  findApplicationsOfTenant,
  findMemberIds,
  findAssignments,
  insertApplication,
  insertDefaultApplicationIfMissing,
  insertUserAssignments,
  listApplications,
  updateApplication,
  upsertTenantAssignment,
  type ApplicationRow,
  type TenantApplicationRow,
} from '../../db/queries/applications.js';
import { findTenantById } from '../../db/queries/tenants.js';
import { isUniqueViolation } from '../../db/rows.js';
import { appError, errorCatalogue } from '../../errors.js';
import type { Clock } from '../../lib/time.js';
import { assertPermission, type AdminActor } from '../admin-access.js';
import { recordAdminAudit } from '../audit.js';
import { auditChange } from '../audit-changes.js';
import { recordVendorChange, type VendorCaller } from '../entitlements/vendor-caller.js';
import { applicationsAuditEvents as events } from './audit-events.js';

export interface ApplicationWrite {
  name: string;
  description: string;
  accessType: ApplicationAccessType;
  appURL: string;
  loginURL: string;
  logoURL: string;
  isActive: boolean;
}

/** Who is assigned to what: one user's managed apps, or one app's users. */
export interface UserAssignment {
  userId: string;
  tenantId: string;
  appIds: string[];
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function applicationView(row: ApplicationRow): Application {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    accessType: row.accessType,
    appURL: row.appUrl,
    loginURL: row.loginUrl,
    logoURL: row.logoUrl,
    isDefault: row.isDefault,
    isActive: row.isActive,
    type: 'web',
    frontendStack: 'react',
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    integrationFinishedAt: iso(row.integrationFinishedAt),
  };
}

const columnsOf = (write: Partial<ApplicationWrite>) => ({
  name: write.name,
  description: write.description,
  accessType: write.accessType,
  appUrl: write.appURL,
  loginUrl: write.loginURL,
  logoUrl: write.logoURL,
  isActive: write.isActive,
});

/** What the audit row compares of an app. */
const settingsOf = (app: Application) => {
  const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, ...settings } = app;
  return settings;
};

async function unique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw appError(errorCatalogue.applications.nameTaken);
    throw error;
  }
}

const groupBy = <K extends string>(rows: Array<Record<K | 'userId' | 'appId', string>>, key: K) => {
  const groups = new Map<string, string[]>();
  for (const row of rows) {
    const other = key === 'userId' ? row.appId : row.userId;
    groups.set(row[key], [...(groups.get(row[key]) ?? []), other]);
  }
  return groups;
};

/**
 * Issue 15 (SPEC section 3 "Application"): the vendor's apps and who may open them. An account has the
 * default app (free) and the apps a superuser assigns to it; a free app is every member's, a managed one
 * its assigned users'. An account's administrators assign their users to its managed apps.
 */
export function createApplicationsService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  const active = (rows: TenantApplicationRow[]) => rows.filter((row) => row.app.isActive);

  async function appOrNotFound(appId: string): Promise<ApplicationRow> {
    const row = await findApplicationById(db, appId);
    if (!row) throw appError(errorCatalogue.applications.applicationNotFound);
    return row;
  }

  /** The acting admin names their own active account; another answers as if the user were not there. */
  async function assignmentTarget(actor: AdminActor, assignment: UserAssignment) {
    assertPermission(actor, 'fe.secure.write.users');
    const [member] =
      assignment.tenantId === actor.tenantId
        ? await findMemberIds(db, actor.tenantId, [assignment.userId])
        : [];
    if (!member) throw appError(errorCatalogue.team.userNotFound);
    const appIds = [...new Set(assignment.appIds)];
    const managed = new Set(
      active(await findApplicationsOfTenant(db, actor.tenantId))
        .filter((row) => row.accessType === 'MANAGED_ACCESS')
        .map((row) => row.app.id),
    );
    if (appIds.some((appId) => !managed.has(appId))) {
      throw appError(errorCatalogue.applications.notAssignable);
    }
    return { userId: member, appIds };
  }

  return {
    /** GET tenant-assignments v2: how the caller's account has each of its apps. */
    async tenantAssignments(actor: AdminActor): Promise<TenantApplications[]> {
      const rows = active(await findApplicationsOfTenant(db, actor.tenantId));
      return [
        {
          tenantId: actor.tenantId,
          assignments: rows.map((row) => ({ appId: row.app.id, accessType: row.accessType })),
        },
      ];
    },

    /** GET applications v1: the apps of the caller's account among `ids` (all without ids); free ones when asked. */
    async applicationsData(actor: AdminActor, ids: string[] | undefined, includeFreeAccess: boolean) {
      const wanted = ids && new Set(ids);
      const rows = active(await findApplicationsOfTenant(db, actor.tenantId)).filter(
        (row) =>
          (!wanted || wanted.has(row.app.id)) && (includeFreeAccess || row.accessType !== 'FREE_ACCESS'),
      );
      return rows.map((row) => applicationView(row.app));
    },

    /** A user's managed apps in the caller's account: their own, or any member's with the users permission. */
    async userAppIds(actor: AdminActor, userId: string): Promise<string[]> {
      if (userId !== actor.userId) {
        assertPermission(actor, 'fe.secure.read.users');
        const [member] = await findMemberIds(db, actor.tenantId, [userId]);
        if (!member) throw appError(errorCatalogue.team.userNotFound);
      }
      return (await findAssignments(db, actor.tenantId, { userIds: [userId] })).map((row) => row.appId);
    },

    /** Each member among `userIds` with their managed apps; others are left out. */
    async usersAppIds(actor: AdminActor, userIds: string[]) {
      assertPermission(actor, 'fe.secure.read.users');
      const asked = [...new Set(userIds)];
      const found = new Set(await findMemberIds(db, actor.tenantId, asked));
      const members = asked.filter((userId) => found.has(userId));
      const byUser = groupBy(await findAssignments(db, actor.tenantId, { userIds: members }), 'userId');
      return members.map((userId) => ({ userId, appIds: byUser.get(userId) ?? [] }));
    },

    /** Each of the account's apps among `appIds` with its assigned users. */
    async appsUserIds(actor: AdminActor, appIds: string[]) {
      assertPermission(actor, 'fe.secure.read.users');
      const mine = new Set(
        active(await findApplicationsOfTenant(db, actor.tenantId)).map((row) => row.app.id),
      );
      const apps = [...new Set(appIds)].filter((appId) => mine.has(appId));
      const byApp = groupBy(await findAssignments(db, actor.tenantId, { appIds: apps }), 'appId');
      return apps.map((appId) => ({ appId, userIds: byApp.get(appId) ?? [] }));
    },

    async assignUser(actor: AdminActor, assignment: UserAssignment): Promise<void> {
      const target = await assignmentTarget(actor, assignment);
      await atomically(db, async () => {
        const added = await insertUserAssignments(db, actor.tenantId, target.userId, target.appIds);
        if (added.length === 0) return;
        await recordAdminAudit(
          db,
          actor,
          events.userAssignedToApplications,
          { json: { userId: target.userId, appIds: added } },
          clock.now(),
        );
      });
    },

    async unassignUser(actor: AdminActor, assignment: UserAssignment): Promise<void> {
      const target = await assignmentTarget(actor, assignment);
      await atomically(db, async () => {
        const removed = await deleteUserAssignments(db, actor.tenantId, target.userId, target.appIds);
        if (removed.length === 0) return;
        await recordAdminAudit(
          db,
          actor,
          events.userUnassignedFromApplications,
          { json: { userId: target.userId, appIds: removed } },
          clock.now(),
        );
      });
    },

    // The superuser console.
    list: async () => (await listApplications(db)).map(applicationView),

    async create(write: ApplicationWrite, by: VendorCaller): Promise<Application> {
      return atomically(db, async () => {
        const row = await unique(() =>
          insertApplication(db, { ...columnsOf(write), name: write.name, appUrl: write.appURL }),
        );
        const app = applicationView(row);
        await recordVendorChange(deps, by, events.applicationCreated, {
          appId: row.id,
          ...auditChange(null, settingsOf(app)),
        });
        return app;
      });
    },

    async update(appId: string, write: Partial<ApplicationWrite>, by: VendorCaller): Promise<Application> {
      return atomically(db, async () => {
        const before = applicationView(await appOrNotFound(appId));
        if (before.isDefault && write.isActive === false) {
          throw appError(errorCatalogue.applications.defaultApplication);
        }
        const row = await unique(() =>
          updateApplication(db, appId, { ...columnsOf(write), updatedAt: clock.now() }),
        );
        if (!row) throw appError(errorCatalogue.applications.applicationNotFound);
        const after = applicationView(row);
        await recordVendorChange(deps, by, events.applicationUpdated, {
          appId,
          ...auditChange(settingsOf(before), settingsOf(after)),
        });
        return after;
      });
    },

    async remove(appId: string, by: VendorCaller): Promise<void> {
      await atomically(db, async () => {
        const before = await appOrNotFound(appId);
        if (before.isDefault) throw appError(errorCatalogue.applications.defaultApplication);
        await deleteApplication(db, appId);
        await recordVendorChange(deps, by, events.applicationDeleted, {
          appId,
          ...auditChange(settingsOf(applicationView(before)), null),
        });
      });
    },

    /** Gives an account an app, free or managed (the app's own access type unless said). */
    async assignTenant(
      assignment: { tenantId: string; appId: string; accessType?: ApplicationAccessType },
      by: VendorCaller,
    ): Promise<void> {
      const app = await appOrNotFound(assignment.appId);
      if (!(await findTenantById(db, assignment.tenantId))) {
        throw appError(errorCatalogue.applications.applicationNotFound, 'Account not found');
      }
      const accessType = assignment.accessType ?? app.accessType;
      await atomically(db, async () => {
        await upsertTenantAssignment(db, { ...assignment, accessType });
        await recordVendorChange(deps, by, events.applicationAssignedToAccount, {
          appId: app.id,
          assignedTenantId: assignment.tenantId,
          accessType,
        });
      });
    },

    async unassignTenant(assignment: { tenantId: string; appId: string }, by: VendorCaller): Promise<void> {
      await atomically(db, async () => {
        if (!(await deleteTenantAssignment(db, assignment.tenantId, assignment.appId))) {
          throw appError(errorCatalogue.applications.applicationNotFound);
        }
        await recordVendorChange(deps, by, events.applicationUnassignedFromAccount, {
          appId: assignment.appId,
          assignedTenantId: assignment.tenantId,
        });
      });
    },
  };
}

export type ApplicationsService = ReturnType<typeof createApplicationsService>;

/** The product itself: the app every account has, free, where users land (the main application). */
export async function seedDefaultApplication(
  db: Db,
  config: { mainAppUrl: string | undefined; publicUrl: string },
): Promise<void> {
  await insertDefaultApplicationIfMissing(db, {
    name: 'Brizo FoodMetrics',
    description: 'Menu and trends analytics for the food industry',
    accessType: 'FREE_ACCESS',
    appUrl: config.mainAppUrl ?? `${config.publicUrl}/app`,
  });
}
