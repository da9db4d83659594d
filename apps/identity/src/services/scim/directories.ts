// The Provisioning section's directory configurations (SPEC section 7 "SCIM directory configs"): a
// tenant's SCIM directories, each with a bearer token shown once and stored as its hash.
import type { ScimSource } from '@brizo/contract/entities/scim-directory';
import type { Db } from '../../db/client.js';
import {
  countScimUsersOfDirectory,
  deleteScimDirectory,
  findScimDirectoriesOfTenant,
  findScimDirectoryByTokenHash,
  findScimDirectoryOfTenant,
  insertScimDirectory,
  updateScimDirectory,
  type ScimDirectoryRow,
} from '../../db/queries/scim-directories.js';
import { appError, errorCatalogue } from '../../errors.js';
import { generateToken, hashToken } from '../../lib/secrets.js';
import type { Clock } from '../../lib/time.js';
import type { AdminActor } from '../admin-access.js';
import { auditChange } from '../audit-changes.js';
import { auditEvents, recordAdminAudit, type AuditEvent, type RequestMeta } from '../audit.js';
import { scimCallOf, type ScimCall } from './context.js';
import type { ScimUsersService } from './users.js';

const DEFAULT_NAMES: Record<ScimSource, string> = {
  frontegg: 'Frontegg directory',
  okta: 'Okta',
  'azure-ad': 'Microsoft Entra ID',
  other: 'SCIM directory',
};

/** Distinguishes our SCIM tokens from others in a secret scanner or a log; the rest is 256 random bits. */
const TOKEN_PREFIX = 'scim_';

export function createScimDirectoriesService(deps: {
  db: Db;
  clock: Clock;
  /** Where directories send their calls (the SCIM base URL the administrator copies). */
  baseUrl: string;
  users: Pick<ScimUsersService, 'removeAll'>;
}) {
  const { db, clock } = deps;

  const view = (row: ScimDirectoryRow) => ({
    id: row.id,
    tenantId: row.tenantId,
    connectionName: row.connectionName,
    source: row.source,
    syncToUserManagement: row.syncToUserManagement,
    createdAt: row.createdAt.toISOString(),
    lastSync: row.lastSync?.toISOString() ?? null,
    scimBaseUrl: deps.baseUrl,
  });

  const own = async (actor: AdminActor, id: string): Promise<ScimDirectoryRow> => {
    const row = await findScimDirectoryOfTenant(db, actor.tenantId, id);
    if (!row) throw appError(errorCatalogue.scim.directoryNotFound);
    return row;
  };

  /** A directory's settings, as the audit log's before and after show them. */
  const fieldsOf = (row: ScimDirectoryRow) => ({
    connectionName: row.connectionName,
    source: row.source,
    syncToUserManagement: row.syncToUserManagement,
  });

  const audit = (
    actor: AdminActor,
    event: AuditEvent,
    row: ScimDirectoryRow,
    json: Record<string, unknown> = {},
  ) =>
    recordAdminAudit(
      db,
      actor,
      event,
      { description: `${event.action}: ${row.connectionName}`, json: { directoryId: row.id, ...json } },
      clock.now(),
    );

  return {
    view,

    async list(actor: AdminActor) {
      return (await findScimDirectoriesOfTenant(db, actor.tenantId)).map(view);
    },

    async get(actor: AdminActor, id: string) {
      return view(await own(actor, id));
    },

    async create(
      actor: AdminActor,
      input: {
        source: ScimSource;
        connectionName?: string | undefined;
        syncToUserManagement?: boolean | undefined;
      },
    ) {
      const token = `${TOKEN_PREFIX}${generateToken()}`;
      const row = await db.transaction(async () => {
        const created = await insertScimDirectory(db, {
          tenantId: actor.tenantId,
          connectionName: input.connectionName?.trim() || DEFAULT_NAMES[input.source],
          source: input.source,
          syncToUserManagement: input.syncToUserManagement ?? true,
          tokenHash: hashToken(token),
          createdAt: clock.now(),
        });
        await audit(actor, auditEvents.scimDirectoryCreated, created, {
          source: created.source,
          ...auditChange(null, fieldsOf(created)),
        });
        return created;
      });
      return { id: row.id, connectionName: row.connectionName, token, scimBaseUrl: deps.baseUrl };
    },

    async update(
      actor: AdminActor,
      id: string,
      changes: { connectionName?: string | undefined; syncToUserManagement?: boolean | undefined },
    ) {
      const row = await own(actor, id);
      const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
      await db.transaction(async () => {
        await updateScimDirectory(db, actor.tenantId, row.id, defined);
        await audit(actor, auditEvents.scimDirectoryUpdated, row, {
          changes: defined,
          ...auditChange(fieldsOf(row), { ...fieldsOf(row), ...defined }),
        });
      });
      return view(await own(actor, id));
    },

    /** A new token; the previous one stops working at once. */
    async rotateToken(actor: AdminActor, id: string) {
      const row = await own(actor, id);
      const token = `${TOKEN_PREFIX}${generateToken()}`;
      await db.transaction(async () => {
        await updateScimDirectory(db, actor.tenantId, row.id, { tokenHash: hashToken(token) });
        // The token itself never reaches the log: auditChange masks it, the row says it changed.
        await audit(
          actor,
          auditEvents.scimTokenRotated,
          row,
          auditChange({ token: row.tokenHash }, { token: hashToken(token) }),
        );
      });
      return { id: row.id, token };
    },

    /**
     * Deletes the configuration; its token stops working. With deleteAll, every user it provisioned
     * leaves the tenant first (team service: sessions end), and a user who then belongs to no tenant is
     * deleted; without it, they stay members, no longer managed by the directory. Groups stay.
     */
    async remove(actor: AdminActor, id: string, deleteAll: boolean) {
      const row = await own(actor, id);
      const removedUsers = deleteAll ? await deps.users.removeAll(scimCallOf(row, actor.meta)) : 0;
      await db.transaction(async () => {
        await deleteScimDirectory(db, actor.tenantId, row.id);
        await audit(actor, auditEvents.scimDirectoryDeleted, row, {
          deleteAll,
          removedUsers,
          ...auditChange(fieldsOf(row), null),
        });
      });
    },

    async countUsers(actor: AdminActor, id: string) {
      return { count: await countScimUsersOfDirectory(db, (await own(actor, id)).id) };
    },

    /** The directory a SCIM call's bearer token names, or 401 (never saying whether it existed). */
    async authenticate(token: string | undefined, meta: RequestMeta): Promise<ScimCall> {
      const row = token ? await findScimDirectoryByTokenHash(db, hashToken(token)) : undefined;
      if (!row) throw appError(errorCatalogue.scim.unauthorized);
      return scimCallOf(row, meta);
    },
  };
}

export type ScimDirectoriesService = ReturnType<typeof createScimDirectoriesService>;
