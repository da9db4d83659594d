// Issue 14: the event dispatcher on a real database. Each tenant audit row becomes one domain event,
// handed to every subscriber in the transaction that deletes its outbox row; an action outside the
// catalogue gives no event (said once); a subscriber that fails drops its event, not the queue.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db/client.js';
import { insertAuditLog } from '../../../src/db/queries/audit-logs.js';
import { countOutboxEvents } from '../../../src/db/queries/event-outbox.js';
import { createEventCatalogue } from '../../../src/services/connectivity/catalogue.js';
import { createEventDispatcher } from '../../../src/services/connectivity/dispatcher.js';
import { createDomainEvents, type DomainEvent } from '../../../src/services/domain-events.js';
import { createJobs } from '../../../src/services/jobs.js';
import { createTenant } from '../../factories.js';
import { openTestDatabase } from '../../harness.js';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

function dispatcherWith(handle: (event: DomainEvent) => void) {
  const logged: Array<{ details: Record<string, unknown>; message: string }> = [];
  const log = {
    error: (details: Record<string, unknown>, message: string) => logged.push({ details, message }),
  };
  const events = createDomainEvents();
  events.subscribe({ name: 'recorder', handle: async (_tx, event) => handle(event) });
  const jobs = createJobs(log);
  const dispatcher = createEventDispatcher({
    db: database.db,
    jobs,
    events,
    catalogue: createEventCatalogue(),
    log,
  });
  return { dispatcher, jobs, logged };
}

const audit = (tenantId: string, action: string, json: Record<string, unknown> = {}) =>
  insertAuditLog(database.db, {
    tenantId,
    action,
    severity: 'Info',
    email: 'admin@acme-foods.test',
    json,
    createdAt: new Date(),
  });

describe('the event dispatcher (issue 14)', () => {
  it('hands each tenant audit row on once, in order, as the catalogue event, and empties the outbox', async () => {
    const db = database.db;
    const tenant = await createTenant(db);
    await audit(tenant.id, 'Group created', { groupId: 'g1' });
    await audit(tenant.id, 'Role created', { roleId: 'r1' });
    // A row of no tenant has no event (nothing in the outbox).
    await insertAuditLog(db, { action: 'User logged in', severity: 'Info', createdAt: new Date() });
    const seen: DomainEvent[] = [];
    const { jobs } = dispatcherWith((event) => seen.push(event));
    await jobs.runAll();
    const mine = seen.filter((event) => event.tenantId === tenant.id);
    expect(mine.map((event) => [event.eventKey, event.data])).toEqual([
      ['groups.groupCreated', { groupId: 'g1' }],
      ['roles.roleCreated', { roleId: 'r1' }],
    ]);
    expect(await countOutboxEvents(db)).toBe(0);
    await jobs.runAll();
    expect(seen.filter((event) => event.tenantId === tenant.id)).toHaveLength(2);
  });

  it('gives no event for an action outside the catalogue, and says so once', async () => {
    const tenant = await createTenant(database.db);
    await audit(tenant.id, 'Something the catalogue never heard of');
    await audit(tenant.id, 'Something the catalogue never heard of');
    await audit(tenant.id, 'Group deleted');
    const seen: DomainEvent[] = [];
    const { jobs, logged } = dispatcherWith((event) => seen.push(event));
    await jobs.runAll();
    expect(seen.filter((event) => event.tenantId === tenant.id).map((event) => event.eventKey)).toEqual([
      'groups.groupDeleted',
    ]);
    expect(
      logged.filter((entry) => entry.details.action === 'Something the catalogue never heard of'),
    ).toHaveLength(1);
    expect(await countOutboxEvents(database.db, tenant.id)).toBe(0);
  });

  it('drops only the event whose subscriber fails; the others are handed on', async () => {
    const tenant = await createTenant(database.db);
    await audit(tenant.id, 'Group created', { name: 'first' });
    await audit(tenant.id, 'Group created', { name: 'poison' });
    await audit(tenant.id, 'Group created', { name: 'last' });
    const seen: string[] = [];
    const { jobs, logged } = dispatcherWith((event) => {
      if (event.data.name === 'poison') throw new Error('subscriber failed');
      seen.push(String(event.data.name));
    });
    await jobs.runAll();
    // The failed batch rolled back: what was seen before the failure is seen again, once committed.
    expect(new Set(seen)).toEqual(new Set(['first', 'last']));
    expect(logged.map((entry) => entry.message)).toContain('event dropped: a subscriber failed');
    expect(await countOutboxEvents(database.db, tenant.id)).toBe(0);
  });

  it('asks a subscriber once per batch which tenants it listens for, and hands it only their events', async () => {
    const quiet = await createTenant(database.db);
    const listening = await createTenant(database.db);
    for (const tenant of [quiet, listening, quiet, listening, quiet])
      await audit(tenant.id, 'Group created', { tenant: tenant.id });
    const asked: Array<readonly string[]> = [];
    const handed: string[] = [];
    const events = createDomainEvents();
    events.subscribe({
      name: 'picky',
      tenantsListening: async (_tx, tenantIds) => {
        asked.push(tenantIds);
        return new Set(tenantIds.filter((id) => id === listening.id));
      },
      handle: async (_tx, event) => {
        handed.push(event.tenantId);
      },
    });
    const log = { error: () => {} };
    const jobs = createJobs(log);
    createEventDispatcher({ db: database.db, jobs, events, catalogue: createEventCatalogue(), log });
    await jobs.runAll();
    // Other tests' rows may share the batch: only these two tenants are looked at here.
    const lookupsWithMine = asked.filter((ids) => ids.includes(quiet.id) || ids.includes(listening.id));
    expect(lookupsWithMine).toHaveLength(1);
    expect(lookupsWithMine[0]).toEqual(expect.arrayContaining([quiet.id, listening.id]));
    expect(handed.filter((id) => id === quiet.id || id === listening.id)).toEqual([
      listening.id,
      listening.id,
    ]);
    expect(await countOutboxEvents(database.db, quiet.id)).toBe(0);
  });
});
