// Issue 13: what the enterprise (SAML, OIDC) and social sign-ins share. The protocol folders
// (auth/methods/saml, auth/methods/oidc, auth/methods/social) check what an identity provider sent and
// turn it into a FederatedProfile; what follows (finding or provisioning the person, roles, the session)
// is the same for all of them and lives beside this file.
import type { ssoConnections } from '../../db/schema/index.js';
import type { StoredBrowserBinding } from './browser-binding.js';
import type { RequestMeta } from '../../services/audit.js';
import type { LoginResponse } from '../../services/sessions.js';
import type { MfaRequiredResponse } from '../second-factor/service.js';

export type SsoConnectionRow = typeof ssoConnections.$inferSelect;

/** Who the identity provider says signed in, after every check of the protocol passed. */
export interface FederatedProfile {
  /** 'saml', 'oidc', or a social provider's name. */
  provider: string;
  /** The NameID (SAML) or `sub` (OIDC, social): stable at that provider. */
  subject: string;
  email: string;
  /** SSO: the connection's validated domain vouches for it; social: the provider's own claim. */
  emailVerified: boolean;
  name?: string;
  /** The IdP's groups (SAML attribute or OIDC claim named by the connection's mapping). */
  groups?: string[];
  /** Everything else that came back, for the live test's report. */
  raw?: Record<string, unknown>;
}

/** One check of a live test, in plain words: what was checked, and whether it passed. */
export interface SsoCheck {
  name: string;
  passed: boolean;
  detail?: string;
}

/** Starts a sign-in at a connection's identity provider: the address the browser goes to next. */
export interface SsoProtocolStart {
  start(
    connection: SsoConnectionRow,
    options: {
      /** 'test': the SSO section's live test; it reports what came back and signs nobody in. */
      purpose: 'login' | 'test';
      meta: RequestMeta;
      /** The browser that starts it (browser-binding.ts): its finish must come from the same one. */
      binding: StoredBrowserBinding;
    },
  ): Promise<string>;
}

/** What an SSO sign-in ends with: the session, or the next step the tenant's policy asks for. */
export type FederatedSignInAnswer = LoginResponse | MfaRequiredResponse;
