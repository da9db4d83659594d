import { atomicMethods, type Db } from '../../db/client.js';
import { findCaptchaPolicy, saveCaptchaPolicy } from '../../db/queries/security/captcha-policy.js';
import { appError, errorCatalogue } from '../../errors.js';
import type { Clock } from '../../lib/time.js';
import { assertVendorAdmin } from '../admin-access.js';
import { auditChange } from '../audit-changes.js';
import { recordAudit, type RequestMeta } from '../audit.js';
import type { AccessTokenClaims } from '../tokens.js';

/** The policy as an administrator sees and sets it (SPEC section 3: captcha enabled, siteKey). */
export interface CaptchaPolicy {
  enabled: boolean;
  siteKey: string | null;
  secretKey: string | null;
  minScore: number;
  ignoredEmails: string[];
}

/** Off until an administrator turns it on (issue 3: "off by default"). */
export const DEFAULT_CAPTCHA_POLICY: CaptchaPolicy = {
  enabled: false,
  siteKey: null,
  secretKey: null,
  minScore: 0.5,
  ignoredEmails: [],
};

export const captchaPolicyChanged = { action: 'Captcha policy changed', severity: 'Medium' } as const;

/** Who sees the secret key (reads unchanged; changing the policy is the vendor's alone). */
/** The secret key is the vendor's: only a superuser (who may change it) sees it. */
const maySeeSecretKey = (claims: Pick<AccessTokenClaims, 'superUser'>) => claims.superUser;

export type CaptchaPolicyService = ReturnType<typeof createCaptchaPolicyService>;

export function createCaptchaPolicyService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  const current = async (): Promise<CaptchaPolicy> => {
    const row = await findCaptchaPolicy(db);
    if (!row) return DEFAULT_CAPTCHA_POLICY;
    const { enabled, siteKey, secretKey, minScore, ignoredEmails } = row;
    return { enabled, siteKey, secretKey, minScore, ignoredEmails };
  };

  // Issue 10: each change and its audit row are one transaction (db/client.ts).
  return atomicMethods(db, ['update'], {
    /** What the login box may know: never the secret key. */
    async publicPolicy(): Promise<Omit<CaptchaPolicy, 'secretKey'>> {
      const { secretKey: _secret, ...visible } = await current();
      return visible;
    },

    async adminPolicy(claims: Pick<AccessTokenClaims, 'superUser'>): Promise<CaptchaPolicy> {
      if (!maySeeSecretKey(claims)) throw appError(errorCatalogue.captcha.forbidden);
      return current();
    },

    async update(
      claims: AccessTokenClaims,
      change: Partial<CaptchaPolicy>,
      meta: RequestMeta,
    ): Promise<CaptchaPolicy> {
      // Captcha guards every sign-in of the vendor, across tenants.
      assertVendorAdmin(claims);
      const before = await current();
      const next = { ...before, ...change };
      if (next.enabled && (!next.siteKey || !next.secretKey))
        throw appError(errorCatalogue.captcha.siteKeyRequired);
      const now = clock.now();
      await saveCaptchaPolicy(db, { ...next, updatedAt: now });
      await recordAudit(
        db,
        captchaPolicyChanged,
        meta,
        {
          userId: claims.sub,
          email: claims.email,
          tenantId: claims.tenantId,
          // The secret stays out of the audit log (auditChange masks it).
          json: {
            enabled: next.enabled,
            siteKey: next.siteKey,
            minScore: next.minScore,
            ...auditChange(before, next),
          },
        },
        now,
      );
      return next;
    },
  });
}
