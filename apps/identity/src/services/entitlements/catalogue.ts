import type { Db } from '../../db/client.js';
import { atomically } from '../../db/client.js';
import { listPlanFeatures, type PlanFeatureRow } from '../../db/queries/entitlements.js';
import { isUniqueViolation } from '../../db/rows.js';
import { appError, errorCatalogue } from '../../errors.js';
import type { Clock } from '../../lib/time.js';
import { auditChange } from '../audit-changes.js';
import type { AuditEvent } from '../audit.js';
import { recordVendorChange, type VendorCaller } from './vendor-caller.js';

type NotFound = Parameters<typeof appError>[0];

/**
 * One kind of the superuser console's catalogue (plans, features): its table, the links to the other
 * kind (plan_features), and how it answers and is audited.
 */
export interface CatalogueTable<Row, Columns, View> {
  /** The audit row's key of the changed row: planId, featureId. */
  target: string;
  notFound: NotFound;
  events: { created: AuditEvent; updated: AuditEvent; deleted: AuditEvent };
  list(db: Db): Promise<Row[]>;
  find(db: Db, id: string): Promise<Row | undefined>;
  count(db: Db, ids: string[]): Promise<number>;
  insert(db: Db, columns: Columns): Promise<Row>;
  update(db: Db, id: string, changes: Partial<Columns> & { updatedAt: Date }): Promise<Row | undefined>;
  remove(db: Db, id: string): Promise<boolean>;
  /** Row id → the ids of the other kind it is linked to. */
  linksOf(rows: PlanFeatureRow[]): Map<string, string[]>;
  replaceLinks(db: Db, id: string, linkedIds: string[]): Promise<void>;
  /** Refuses ids of the other kind that name nothing. */
  assertLinks(linkedIds: string[]): Promise<void>;
  view(row: Row, linkedIds: string[]): View;
}

/** What the audit row compares: the view without its id and creation time. */
const settingsOf = <T extends { id: string; createdAt: string }>(view: T) => {
  const { id: _id, createdAt: _createdAt, ...settings } = view;
  return settings;
};

/** A unique name or key already taken answers 409, not 500. */
async function unique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw appError(errorCatalogue.entitlements.nameTaken);
    throw error;
  }
}

/** List, read, create, change and delete one kind, each change in one transaction with its audit row. */
export function catalogueOf<
  Row extends { id: string },
  Columns,
  View extends { id: string; createdAt: string },
>(deps: { db: Db; clock: Clock }, table: CatalogueTable<Row, Columns, View>) {
  const { db, clock } = deps;
  const byId = async (id: string): Promise<View> => {
    const row = await table.find(db, id);
    if (!row) throw appError(table.notFound);
    return table.view(row, table.linksOf(await listPlanFeatures(db)).get(id) ?? []);
  };
  const audit = (by: VendorCaller, event: AuditEvent, id: string, before: View | null, after: View | null) =>
    recordVendorChange(deps, by, event, {
      [table.target]: id,
      ...auditChange(before && settingsOf(before), after && settingsOf(after)),
    });
  const saveLinks = async (id: string, linkedIds: string[]) => {
    const distinct = [...new Set(linkedIds)];
    await table.assertLinks(distinct);
    await table.replaceLinks(db, id, distinct);
  };

  return {
    async list(): Promise<View[]> {
      const [rows, links] = await Promise.all([table.list(db), listPlanFeatures(db)]);
      const linked = table.linksOf(links);
      return rows.map((row) => table.view(row, linked.get(row.id) ?? []));
    },
    get: byId,
    async assertExist(ids: string[]): Promise<void> {
      if ((await table.count(db, ids)) !== ids.length) throw appError(table.notFound);
    },
    create(columns: Columns, linkedIds: string[], by: VendorCaller): Promise<View> {
      return atomically(db, async () => {
        const row = await unique(() => table.insert(db, columns));
        await saveLinks(row.id, linkedIds);
        const after = await byId(row.id);
        await audit(by, table.events.created, row.id, null, after);
        return after;
      });
    },
    update(
      id: string,
      changes: Partial<Columns>,
      linkedIds: string[] | undefined,
      by: VendorCaller,
    ): Promise<View> {
      return atomically(db, async () => {
        const before = await byId(id);
        if (linkedIds) await saveLinks(id, linkedIds);
        await unique(() => table.update(db, id, { ...changes, updatedAt: clock.now() }));
        const after = await byId(id);
        await audit(by, table.events.updated, id, before, after);
        return after;
      });
    },
    remove(id: string, by: VendorCaller): Promise<void> {
      return atomically(db, async () => {
        const before = await byId(id);
        await table.remove(db, id);
        await audit(by, table.events.deleted, id, before, null);
      });
    },
  };
}
