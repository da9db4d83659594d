import type { Db } from '../../db/client.js';
import { findSsoConnectionByDomain } from '../../db/queries/sso-connections.js';
import { appError, errorCatalogue } from '../../errors.js';
import { emailDomainOf } from '../../auth/federated/sso-sign-in.js';
import type { StoredBrowserBinding } from '../../auth/federated/browser-binding.js';
import type { SsoConnectionRow } from '../../auth/federated/types.js';
import type { SsoProtocols } from './configurations.js';
import type { RequestMeta } from '../audit.js';

// Issue 13: the login box's first step asks whether the typed email's domain signs in through SSO.
// The answer depends on the domain only (validated, with an enabled connection), never on whether an
// account exists: a domain's SSO is no secret, its people are.

export interface PreLoginInput {
  email?: string | undefined;
  username?: string | undefined;
  tenantId?: string | null | undefined;
}

export function createSsoPrelogin(deps: {
  db: Db;
  /** The connection with its IdP metadata refreshed when stale (configurations.ts fresh). */
  fresh: (connection: SsoConnectionRow) => Promise<SsoConnectionRow>;
}) {
  const { db } = deps;
  const notConfigured = () => appError(errorCatalogue.auth.ssoNotConfigured);

  /**
   * The email whose domain decides. A username is not looked up: answering SSO for a known username
   * and "no SSO" for an unknown one would tell anyone which usernames exist. People of an SSO domain
   * type their email (a username goes on to the password step, where enforcement refuses them after
   * the password, revealing nothing).
   */
  const emailOf = (input: PreLoginInput): string => input.email?.trim() ?? '';

  return {
    /** Where the browser goes to sign in, and the protocol; 404 ssoNotConfigured when SSO does not apply. */
    async preLogin(
      input: PreLoginInput,
      meta: RequestMeta,
      protocols: SsoProtocols,
      /** The browser asking: the sign-in started here must end in it (auth/federated/browser-binding.ts). */
      binding: StoredBrowserBinding,
    ): Promise<{ address: string; idpType: 'saml' | 'oidc' }> {
      const domain = emailDomainOf(emailOf(input));
      if (!domain) throw notConfigured();
      const found = await findSsoConnectionByDomain(db, domain);
      // SPEC: a tenantId narrows the search to that tenant's connections.
      if (!found || (input.tenantId && input.tenantId !== found.tenantId)) throw notConfigured();
      const connection = await deps.fresh(found);
      const start = protocols[connection.protocol];
      if (!start) throw notConfigured();
      let address: string;
      try {
        address = await start.start(connection, { purpose: 'login', meta, binding });
      } catch {
        // An incomplete connection (no endpoint, no certificate yet) signs nobody in: the password step.
        throw notConfigured();
      }
      return { address, idpType: connection.protocol };
    },
  };
}

export type SsoPrelogin = ReturnType<typeof createSsoPrelogin>;
