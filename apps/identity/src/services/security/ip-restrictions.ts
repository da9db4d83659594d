import type { BlockList } from 'node:net';
import { atomicMethods, refuse, type Db } from '../../db/client.js';
import {
  deleteIpRestriction,
  findIpRestriction,
  listActiveIpRestrictions,
  listIpRestrictions,
  upsertIpRestriction,
  type IpRestrictionRow,
} from '../../db/queries/security/ip-restrictions.js';
import {
  findRestrictionConfig,
  upsertRestrictionConfig,
} from '../../db/queries/security/restriction-configs.js';
import type { RestrictionType } from '../../db/schema/index.js';
import { appError, errorCatalogue } from '../../errors.js';
import { blockListOf, listHas, parseIpOrCidr } from '../../lib/ip-addresses.js';
import type { Clock } from '../../lib/time.js';
import type { AdminActor } from '../admin-access.js';
import { sharedTenantCache, type InvalidationBus } from '../cluster/index.js';
import { auditChange } from '../audit-changes.js';
import { auditEvents, recordAdminAudit, recordAudit, type RequestMeta } from '../audit.js';

/** Enforcement reads a tenant's lists at most this often; a change through this server applies at once. */
const CACHE_SECONDS = 5;
const MAX_CACHED_TENANTS = 10_000;

export interface IpRestrictionView {
  id: string;
  ip: string;
  strategy: RestrictionType;
  isActive: boolean;
  description: string;
  createdAt: string;
  updatedAt: string;
}
export interface IpConfigView {
  isActive: boolean;
  strategy: RestrictionType;
}
export interface IpRestrictionInput {
  ip: string;
  strategy: RestrictionType;
  isActive?: boolean | undefined;
  description?: string | undefined;
}

export interface IpRestrictionService {
  config(actor: AdminActor): Promise<IpConfigView>;
  saveConfig(actor: AdminActor, change: Partial<IpConfigView>): Promise<IpConfigView>;
  list(
    actor: AdminActor,
    page: { strategy?: RestrictionType | undefined; limit: number; offset: number },
  ): Promise<{ items: IpRestrictionView[]; _metadata: { totalItems: number; totalPages: number } }>;
  save(actor: AdminActor, input: IpRestrictionInput): Promise<IpRestrictionView>;
  saveMany(actor: AdminActor, inputs: IpRestrictionInput[]): Promise<IpRestrictionView[]>;
  remove(actor: AdminActor, id: string): Promise<void>;
  /** "Test my IP": would the caller's address pass the tenant's restrictions as they stand? */
  verify(actor: AdminActor): Promise<{ valid: boolean }>;
  /** Is the caller's address on the tenant's active allow list? */
  verifyAllowList(actor: AdminActor): Promise<{ valid: boolean }>;
  /**
   * Enforcement at sign-in, refresh and every API call: 403 when the tenant's active restrictions
   * refuse the address. Tenants without restrictions cost a cache hit.
   */
  assertAllowed(
    tenantId: string | null | undefined,
    meta: RequestMeta,
    /** Audit only a verified session's tenant: an unverified token could name any tenant. */
    options?: { audit?: boolean },
  ): Promise<void>;
}

export interface TenantRules {
  isActive: boolean;
  strategy: RestrictionType;
  allow: BlockList;
  block: BlockList;
}

/** A tenant's rules from its list settings and its active entries (inactive ones change no verdict). */
export function ipRulesOf(
  config: IpConfigView,
  entries: Pick<IpRestrictionRow, 'ip' | 'strategy'>[],
): TenantRules {
  return {
    ...config,
    allow: blockListOf(entries.filter((entry) => entry.strategy === 'ALLOW').map((entry) => entry.ip)),
    block: blockListOf(entries.filter((entry) => entry.strategy === 'BLOCK').map((entry) => entry.ip)),
  };
}

/** The verdict of a tenant's rules: ALLOW lets only listed addresses in, BLOCK keeps listed ones out. */
export function ipAllowed(rules: TenantRules, ip: string | null): boolean {
  if (!rules.isActive) return true;
  if (!ip) return false;
  return rules.strategy === 'ALLOW' ? listHas(rules.allow, ip) : !listHas(rules.block, ip);
}

const view = (row: IpRestrictionRow): IpRestrictionView => ({
  id: row.id,
  ip: row.ip,
  strategy: row.strategy,
  isActive: row.isActive,
  description: row.description,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export function createIpRestrictionService(deps: {
  db: Db;
  clock: Clock;
  /** Issue 16: a change here drops the tenant's rules on every instance. */
  bus?: InvalidationBus;
}): IpRestrictionService {
  const { db, clock } = deps;
  const cache = new Map<string, { expires: number; rules: TenantRules }>();
  const forget = sharedTenantCache(deps.bus, 'ip-restrictions', (tenantId) =>
    tenantId === undefined ? cache.clear() : cache.delete(tenantId),
  );

  const loadRules = async (
    tenantId: string,
    overrides?: Partial<IpConfigView>,
    extra?: IpRestrictionInput[],
  ) => {
    const [config, entries] = await Promise.all([
      findRestrictionConfig(db, tenantId),
      listActiveIpRestrictions(db, tenantId),
    ]);
    const all: Pick<IpRestrictionRow, 'ip' | 'strategy'>[] = [
      ...entries,
      ...(extra ?? []).filter((entry) => entry.isActive !== false),
    ];
    return ipRulesOf(
      {
        isActive: overrides?.isActive ?? config?.ipActive ?? false,
        strategy: overrides?.strategy ?? config?.ipStrategy ?? 'ALLOW',
      },
      all,
    );
  };

  const rulesOf = async (tenantId: string): Promise<TenantRules> => {
    const now = clock.now().getTime();
    const cached = cache.get(tenantId);
    if (cached && cached.expires > now) return cached.rules;
    const rules = await loadRules(tenantId);
    // Tokens naming made-up tenants must not grow the cache without bound.
    if (cache.size >= MAX_CACHED_TENANTS) cache.clear();
    cache.set(tenantId, { expires: now + CACHE_SECONDS * 1000, rules });
    return rules;
  };

  /** An administrator may not save a state of the rules that refuses their own address. */
  const assertNotSelfLockout = (rules: TenantRules, actor: AdminActor) => {
    if (!ipAllowed(rules, actor.meta.ip)) throw appError(errorCatalogue.securityAdmin.selfLockout);
  };

  const configView = async (tenantId: string): Promise<IpConfigView> => {
    const row = await findRestrictionConfig(db, tenantId);
    return { isActive: row?.ipActive ?? false, strategy: row?.ipStrategy ?? 'ALLOW' };
  };

  const canonical = (input: IpRestrictionInput): IpRestrictionInput & { ip: string } => {
    const parsed = parseIpOrCidr(input.ip);
    if (!parsed) throw appError(errorCatalogue.securityAdmin.invalidIp);
    const ip = parsed.prefix === undefined ? parsed.address : `${parsed.address}/${parsed.prefix}`;
    return { ...input, ip };
  };

  /** An entry's fields, as the audit log's before and after show them. */
  const fieldsOf = (row: IpRestrictionRow) => ({
    ip: row.ip,
    strategy: row.strategy,
    isActive: row.isActive,
    description: row.description,
  });

  const saveOne = async (actor: AdminActor, input: IpRestrictionInput) => {
    const existing = await findIpRestriction(db, actor.tenantId, input.strategy, input.ip);
    const row = await upsertIpRestriction(db, {
      tenantId: actor.tenantId,
      ip: input.ip,
      strategy: input.strategy,
      isActive: input.isActive ?? true,
      description: input.description ?? '',
      now: clock.now(),
    });
    await recordAdminAudit(
      db,
      actor,
      auditEvents.ipRestrictionSaved,
      {
        description: `${row.strategy} ${row.ip}`,
        json: { id: row.id, ...input, ...auditChange(existing ? fieldsOf(existing) : null, fieldsOf(row)) },
      },
      clock.now(),
    );
    return view(row);
  };

  // Issue 10: each change and its audit row are one transaction (db/client.ts).
  return atomicMethods(db, ['saveConfig', 'save', 'saveMany', 'remove'], {
    config: (actor) => configView(actor.tenantId),

    async saveConfig(actor, change) {
      assertNotSelfLockout(await loadRules(actor.tenantId, change), actor);
      const before = await configView(actor.tenantId);
      const row = await upsertRestrictionConfig(
        db,
        actor.tenantId,
        {
          ...(change.isActive === undefined ? {} : { ipActive: change.isActive }),
          ...(change.strategy === undefined ? {} : { ipStrategy: change.strategy }),
        },
        clock.now(),
      );
      forget(actor.tenantId);
      await recordAdminAudit(
        db,
        actor,
        auditEvents.ipRestrictionsConfigUpdated,
        {
          description: `${row.ipActive ? 'active' : 'inactive'} ${row.ipStrategy}`,
          json: { ...change, ...auditChange(before, { isActive: row.ipActive, strategy: row.ipStrategy }) },
        },
        clock.now(),
      );
      return { isActive: row.ipActive, strategy: row.ipStrategy };
    },

    async list(actor, page) {
      const { rows, total } = await listIpRestrictions(db, actor.tenantId, page);
      return {
        items: rows.map(view),
        _metadata: { totalItems: total, totalPages: Math.ceil(total / page.limit) },
      };
    },

    async save(actor, input) {
      const entry = canonical(input);
      assertNotSelfLockout(await loadRules(actor.tenantId, undefined, [entry]), actor);
      const saved = await saveOne(actor, entry);
      forget(actor.tenantId);
      return saved;
    },

    async saveMany(actor, inputs) {
      const entries = inputs.map(canonical);
      assertNotSelfLockout(await loadRules(actor.tenantId, undefined, entries), actor);
      const saved: IpRestrictionView[] = [];
      for (const entry of entries) saved.push(await saveOne(actor, entry));
      forget(actor.tenantId);
      return saved;
    },

    async remove(actor, id) {
      const [config, entries] = await Promise.all([
        configView(actor.tenantId),
        listActiveIpRestrictions(db, actor.tenantId),
      ]);
      if (!entries.some((entry) => entry.id === id)) {
        // Inactive entries change no verdict; only an unknown (or another tenant's) id is a 404.
        const removed = await deleteIpRestriction(db, actor.tenantId, id);
        if (!removed) throw appError(errorCatalogue.securityAdmin.ipRestrictionNotFound);
        forget(actor.tenantId);
        await recordAdminAudit(
          db,
          actor,
          auditEvents.ipRestrictionDeleted,
          {
            description: `${removed.strategy} ${removed.ip}`,
            json: { id, ...auditChange(fieldsOf(removed), null) },
          },
          clock.now(),
        );
        return;
      }
      const remaining = entries.filter((entry) => entry.id !== id);
      assertNotSelfLockout(ipRulesOf(config, remaining), actor);
      const removed = await deleteIpRestriction(db, actor.tenantId, id);
      if (!removed) throw appError(errorCatalogue.securityAdmin.ipRestrictionNotFound);
      forget(actor.tenantId);
      await recordAdminAudit(
        db,
        actor,
        auditEvents.ipRestrictionDeleted,
        {
          description: `${removed.strategy} ${removed.ip}`,
          json: { id, ...auditChange(fieldsOf(removed), null) },
        },
        clock.now(),
      );
    },

    async verify(actor) {
      return { valid: ipAllowed(await loadRules(actor.tenantId), actor.meta.ip) };
    },

    async verifyAllowList(actor) {
      const rules = await loadRules(actor.tenantId);
      return { valid: Boolean(actor.meta.ip) && listHas(rules.allow, actor.meta.ip ?? '') };
    },

    async assertAllowed(tenantId, meta, options) {
      if (!tenantId) return;
      if (ipAllowed(await rulesOf(tenantId), meta.ip)) return;
      if (options?.audit === false) throw appError(errorCatalogue.securityAdmin.ipBlocked);
      // A refusal inside a sign-in's transaction (issue 10): its audit row is written after the rollback.
      return refuse(async () => {
        await recordAudit(
          db,
          auditEvents.ipRestrictionBlocked,
          meta,
          { tenantId, description: meta.ip ?? 'unknown address' },
          clock.now(),
        );
        throw appError(errorCatalogue.securityAdmin.ipBlocked);
      });
    },
  });
}
