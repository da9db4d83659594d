import type { onRequestHookHandler } from 'fastify';
import { z } from 'zod';
import type { IpRestrictionService } from '../../../services/security/ip-restrictions.js';
import { requestMeta } from '../../schemas.js';

const tenantClaim = z.object({ tenantId: z.string().nullish() });

/** The tenant named in a bearer token's payload, without verifying it (see ipRestrictionGuard). */
function tenantOfBearer(header: string | undefined): string | undefined {
  const payload = header ? /^Bearer\s+[^.\s]+\.([^.\s]+)\.[^.\s]+$/i.exec(header)?.[1] : undefined;
  if (!payload) return undefined;
  try {
    const parsed = tenantClaim.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
    return parsed.success ? (parsed.data.tenantId ?? undefined) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Every API call of a tenant's users passes its IP restrictions (403 from a refused address). The
 * claim is read unverified because this check can only refuse: a forged token naming another tenant
 * is still rejected by the route's own verification, so nothing gets through that would not otherwise.
 */
export function ipRestrictionGuard(
  ipRestrictions: Pick<IpRestrictionService, 'assertAllowed'>,
): onRequestHookHandler {
  // A callback hook, not an async one: most calls carry no bearer and should not pay for a promise.
  return (request, _reply, done) => {
    const tenantId = tenantOfBearer(request.headers.authorization);
    if (!tenantId) return done();
    ipRestrictions.assertAllowed(tenantId, requestMeta(request), { audit: false }).then(() => done(), done);
  };
}
