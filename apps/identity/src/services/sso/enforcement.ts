import { refuse, type Db } from '../../db/client.js';
import { findEnforcedSsoPolicyForDomain, type EnforcingSsoPolicy } from '../../db/queries/sso-settings.js';
import { normalizeEmail } from '../../db/queries/users.js';
import { appError, errorCatalogue } from '../../errors.js';
import type { Clock } from '../../lib/time.js';
import { emailDomainOf } from '../../auth/federated/sso-sign-in.js';
import { auditEvents, recordAudit, type RequestMeta } from '../audit.js';

// Issue 13: a tenant that enforces SSO (its sso_policies row) sends the people of its validated
// domains to its identity provider: their password, mailed or texted codes, passkeys and social logins
// stop working. Nothing is deleted: a password stays stored and works again once enforcement is off.
// Who may still use those methods: the policy's excluded emails (break-glass addresses), and nobody
// else — not an administrator, not a vendor superuser signing in as themselves.

export interface SsoEnforcement {
  /**
   * Refuses a sign-in by any method but SSO when the email's domain is validated by a tenant that
   * enforces SSO and the email is not excluded. Called by each first factor once it has proven who
   * signs in (so the answer reveals nothing to someone who has not), inside or outside its transaction.
   */
  assertMayUseOtherMethods(
    user: {
      id?: string | undefined;
      email: string;
      tenantId?: string | null | undefined;
      /** The domain's enforcing policy (null: none), when the caller read it with the user (issue 17). */
      ssoEnforcedBy?: EnforcingSsoPolicy | null;
    },
    meta: RequestMeta,
    method: string,
  ): Promise<void>;
}

/**
 * Whether enforcement sends this email to SSO, given the enforcing policy of its domain (undefined when
 * no tenant enforces SSO on it): everyone but the policy's excluded emails.
 */
export function mustUseSso(email: string, policy: { excludedEmails: string[] } | undefined): boolean {
  return policy !== undefined && !policy.excludedEmails.includes(normalizeEmail(email));
}

export function createSsoEnforcement(deps: { db: Db; clock: Clock }): SsoEnforcement {
  const { db, clock } = deps;
  return {
    async assertMayUseOtherMethods(user, meta, method) {
      const email = normalizeEmail(user.email);
      const domain = emailDomainOf(email);
      if (!domain) return;
      const policy =
        user.ssoEnforcedBy === undefined
          ? await findEnforcedSsoPolicyForDomain(db, domain)
          : (user.ssoEnforcedBy ?? undefined);
      if (!policy || !mustUseSso(email, policy)) return;
      await refuse(async () => {
        await recordAudit(
          db,
          auditEvents.ssoLoginRefusedByPolicy,
          meta,
          {
            email,
            userId: user.id ?? null,
            tenantId: policy.tenantId,
            description: `${method} sign-in refused: the account's domain must sign in with SSO`,
          },
          clock.now(),
        );
        throw appError(errorCatalogue.sso.ssoRequired);
      });
    },
  };
}
