import type { Db } from '../../db/client.js';
import { insertAuditLogs, type NewAuditLog } from '../../db/queries/audit-logs.js';
import type { Clock } from '../../lib/time.js';
import { auditEntry, auditEvents, type RequestMeta } from '../audit.js';
import type { BackgroundLog } from '../background.js';
import type { Jobs } from '../jobs.js';

// Issue 14: audit events of hot paths, written without a database round trip on the request. The
// client-credentials exchange answers thousands of calls a second (bench/RESULTS.md); each use is kept
// here and written in batches (one multi-row statement, each row with its domain event) every second,
// or as soon as FLUSH_ROWS are waiting, and on shutdown. Unlike the audit rows of changes, these are
// not in the transaction of what they describe: an exchange changes nothing to be kept together with.

/** Rows per statement, and how many waiting start a flush before the next tick. */
export const FLUSH_ROWS = 500;
const FLUSH_INTERVAL_MS = 1000;
/**
 * The most events held while the database refuses them: beyond, the oldest are dropped (and counted
 * in the log) rather than the server running out of memory.
 */
const MAX_WAITING = 100_000;
export const AUDIT_BUFFER_JOB = 'audit-buffer';

export interface AuditBuffer {
  /** Keeps the event for the next flush; never waits, never throws. */
  record(entry: NewAuditLog): void;
  /** Writes what is waiting, FLUSH_ROWS per statement; answers how many rows it wrote. */
  flush(): Promise<number>;
  /** The flush on every FLUSH_INTERVAL_MS tick; registered once, by the audits service. */
  register(jobs: Jobs): void;
}

export function createAuditBuffer(deps: { db: Db; log: BackgroundLog }): AuditBuffer {
  let waiting: NewAuditLog[] = [];
  let dropped = 0;
  // One flush at a time: the tick, a full buffer and shutdown may ask at once.
  let running: Promise<number> = Promise.resolve(0);

  const writeBatch = async (): Promise<number> => {
    const batch = waiting.slice(0, FLUSH_ROWS);
    if (batch.length === 0) return 0;
    waiting = waiting.slice(batch.length);
    try {
      await insertAuditLogs(deps.db, batch);
      return batch.length;
    } catch (error) {
      // Kept for the next tick, in order: a database restart loses no event.
      waiting = batch.concat(waiting);
      throw error;
    }
  };

  const flushAll = async (): Promise<number> => {
    let written = 0;
    for (let handled = await writeBatch(); handled > 0; handled = await writeBatch()) written += handled;
    return written;
  };

  const flush = (): Promise<number> => {
    const next = running.catch(() => 0).then(flushAll);
    running = next;
    return next;
  };

  return {
    record(entry) {
      waiting.push(entry);
      if (waiting.length > MAX_WAITING) {
        dropped += waiting.length - MAX_WAITING;
        waiting = waiting.slice(waiting.length - MAX_WAITING);
        deps.log.error({ dropped }, 'audit buffer full: the oldest buffered audit events were dropped');
      }
      if (waiting.length === FLUSH_ROWS) {
        flush().catch((error: unknown) => deps.log.error({ err: error }, 'audit buffer flush failed'));
      }
    },
    flush,
    register(jobs) {
      jobs.register({ name: AUDIT_BUFFER_JOB, intervalMs: FLUSH_INTERVAL_MS, run: flush });
    },
  };
}

/**
 * The client-credentials exchange's audit (services/api-tokens.ts): one event per access token
 * issued, buffered. `claims` are the token's grant: a personal token's name its owner.
 */
export function createApiTokenUseRecorder(deps: { buffer: AuditBuffer; clock: Clock }) {
  return {
    exchanged(clientId: string, tenantId: string, claims: Record<string, unknown> | null, meta: RequestMeta) {
      const userId = typeof claims?.userId === 'string' ? claims.userId : null;
      const email = typeof claims?.email === 'string' ? claims.email : null;
      deps.buffer.record(
        auditEntry(
          auditEvents.apiTokenExchanged,
          meta,
          {
            tenantId,
            userId,
            email,
            description: `${userId ? 'Personal' : 'Tenant'} API token ${clientId} exchanged for an access token`,
            json: { clientId, type: userId ? 'user' : 'tenant' },
          },
          deps.clock.now(),
        ),
      );
    },
  };
}
export type ApiTokenUseRecorder = ReturnType<typeof createApiTokenUseRecorder>;
