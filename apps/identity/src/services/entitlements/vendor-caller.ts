import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/time.js';
import { recordAudit, type AuditDetails, type AuditEvent, type RequestMeta } from '../audit.js';
import type { AccessTokenClaims } from '../tokens.js';

/**
 * The superuser who changes the vendor's catalogue: their changes are recorded in the audit log of
 * their active tenant, as the other vendor-level settings are.
 */
export interface VendorCaller {
  who: Pick<AuditDetails, 'userId' | 'email' | 'tenantId'>;
  meta: RequestMeta;
}

export const vendorCallerOf = (claims: AccessTokenClaims, meta: RequestMeta): VendorCaller => ({
  who: { userId: claims.sub, email: claims.email, tenantId: claims.tenantId },
  meta,
});

/** The audit row of a superuser's change; call it in the change's transaction. */
export const recordVendorChange = (
  deps: { db: Db; clock: Clock },
  by: VendorCaller,
  event: AuditEvent,
  json: Record<string, unknown>,
) => recordAudit(deps.db, event, by.meta, { ...by.who, json }, deps.clock.now());
