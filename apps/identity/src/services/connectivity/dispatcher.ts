import type { Db } from '../../db/client.js';
import {
  claimOutboxEvents,
  deleteOutboxEvents,
  type AuditLogOfEvent,
  type ClaimedOutboxEvent,
} from '../../db/queries/event-outbox.js';
import type { BackgroundLog } from '../background.js';
import type { DomainEvent, DomainEvents } from '../domain-events.js';
import type { Jobs } from '../jobs.js';
import type { EventCatalogue } from './catalogue.js';

// The event dispatcher (issue 14): the outbox rows that every tenant audit row writes become domain
// events. One transaction claims a batch (oldest first; rows another server holds are skipped), hands
// each event to every subscriber (which enqueue what they send: webhook deliveries, mails after the
// commit) and deletes the rows: what the subscribers wrote and the rows' deletion commit together, so
// a crash leaves the whole batch in the outbox for the next pass, and nothing of it half done.

export const DISPATCH_JOB = 'event-dispatch';
const BATCH_SIZE = 200;
const INTERVAL_MS = 500;

export function createEventDispatcher(deps: {
  db: Db;
  jobs: Jobs;
  events: DomainEvents;
  catalogue: EventCatalogue;
  log: BackgroundLog;
}) {
  const { db, events, catalogue, log } = deps;
  const reportedActions = new Set<string>();

  const eventOf = (audit: AuditLogOfEvent): DomainEvent | undefined => {
    if (!audit.tenantId) return undefined;
    const entry = catalogue.byAction(audit.action);
    if (!entry) {
      // A table the catalogue does not read yet (catalogue.test.ts catches it): said once per action.
      if (!reportedActions.has(audit.action)) {
        reportedActions.add(audit.action);
        log.error({ action: audit.action }, 'audit action outside the event catalogue: no event sent');
      }
      return undefined;
    }
    return {
      eventKey: entry.key,
      eventId: audit.id,
      tenantId: audit.tenantId,
      occurredAt: audit.createdAt,
      action: audit.action,
      description: audit.description,
      severity: audit.severity,
      userId: audit.userId,
      email: audit.email,
      ip: audit.ip,
      userAgent: audit.userAgent,
      data: audit.json,
    };
  };

  const handOn = async (tx: Db, claimed: readonly ClaimedOutboxEvent[]) => {
    const batch = claimed.flatMap(({ audit }) => (audit ? (eventOf(audit) ?? []) : []));
    const tenantIds = [...new Set(batch.map((event) => event.tenantId))];
    for (const subscriber of events.subscribers()) {
      const listening = subscriber.tenantsListening && (await subscriber.tenantsListening(tx, tenantIds));
      for (const event of batch)
        if (!listening || listening.has(event.tenantId)) await subscriber.handle(tx, event);
    }
    await deleteOutboxEvents(
      tx,
      claimed.map((row) => row.seq),
    );
  };

  /**
   * One event per transaction, after a batch failed: the event whose subscriber fails is logged and
   * dropped (its audit row stays), so one bad event cannot hold the queue behind it.
   */
  const dispatchOneByOne = async (limit: number): Promise<number> => {
    let handled = 0;
    for (; handled < limit; handled += 1) {
      let failing: ClaimedOutboxEvent | undefined;
      try {
        const found = await db.transaction(async (tx) => {
          const claimed = await claimOutboxEvents(tx, 1);
          failing = claimed[0];
          await handOn(tx, claimed);
          return claimed.length;
        });
        if (found === 0) break;
      } catch (error) {
        if (!failing) throw error;
        log.error(
          { err: error, seq: failing.seq, auditId: failing.audit?.id },
          'event dropped: a subscriber failed',
        );
        await deleteOutboxEvents(db, [failing.seq]);
      }
    }
    return handled;
  };

  const dispatch = async (): Promise<number> => {
    try {
      return await db.transaction(async (tx) => {
        const claimed = await claimOutboxEvents(tx, BATCH_SIZE);
        await handOn(tx, claimed);
        return claimed.length;
      });
    } catch (error) {
      log.error({ err: error }, 'event batch failed: dispatching one by one');
      return dispatchOneByOne(BATCH_SIZE);
    }
  };

  deps.jobs.register({ name: DISPATCH_JOB, intervalMs: INTERVAL_MS, batchSize: BATCH_SIZE, run: dispatch });
  return { dispatch };
}
