// The provisioning log (scim_request_logs): one row per SCIM call of a directory, for the
// Provisioning section. It names the call, its status and what it did; never the bearer token.
import type { Db } from '../../db/client.js';
import {
  findScimDirectoryOfTenant,
  findScimRequestLogs,
  recordScimRequest,
} from '../../db/queries/scim-directories.js';
import { appError, errorCatalogue } from '../../errors.js';
import type { Clock } from '../../lib/time.js';
import type { AdminActor } from '../admin-access.js';

const MAX_PATH = 500;
const MAX_SUMMARY = 500;

export function createScimLogsService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  return {
    /** Appends the call and moves the directory's lastSync. */
    async record(
      directoryId: string,
      call: { method: string; path: string; status: number; summary: string },
    ) {
      await recordScimRequest(db, {
        directoryId,
        method: call.method,
        path: call.path.slice(0, MAX_PATH),
        status: call.status,
        summary: call.summary.slice(0, MAX_SUMMARY),
        at: clock.now(),
      });
    },

    /** The directory's last calls, newest first (another tenant's directory: 404). */
    async list(actor: AdminActor, directoryId: string, limit: number) {
      const directory = await findScimDirectoryOfTenant(db, actor.tenantId, directoryId);
      if (!directory) throw appError(errorCatalogue.scim.directoryNotFound);
      const rows = await findScimRequestLogs(db, directory.id, limit);
      return {
        items: rows.map((row) => ({
          id: row.id,
          method: row.method,
          path: row.path,
          status: row.status,
          summary: row.summary,
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },
  };
}

export type ScimLogsService = ReturnType<typeof createScimLogsService>;
