import type { SocialProvider } from '@brizo/contract';
import type { JWTPayload } from 'jose';

// Issue 13: the seven social providers of SPEC section 9, each with its real endpoints (every one of
// which the vendor may point elsewhere, as the tests do) and the way it says who signed in and whether
// the address it gives was verified.

/** The addresses a sign-in calls; the defaults are the provider's own. */
export interface ProviderEndpoints {
  authorizationEndpoint: string;
  tokenEndpoint: string;
  /** OAuth 2.0 providers: who signed in (GitHub /user, Facebook /me, Slack's userInfo). */
  userinfoEndpoint?: string;
  /** GitHub: the account's addresses, each with whether it is verified. */
  emailsEndpoint?: string;
  /** OpenID providers: the `iss` their ID tokens carry. */
  issuer?: string;
  jwksUri?: string;
}

/** Who the provider says signed in. */
export interface SocialIdentity {
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  name: string | undefined;
}

/** What an OAuth 2.0 provider's profile reader may call: its userinfo endpoints, with the access token. */
export type ProfileFetch = (url: string) => Promise<unknown>;

/** How the client proves itself at the token endpoint (RFC 6749 2.3.1): each provider documents one. */
export type TokenEndpointAuthMethod = 'client_secret_post' | 'client_secret_basic';
export const tokenEndpointAuthMethods: readonly TokenEndpointAuthMethod[] = [
  'client_secret_post',
  'client_secret_basic',
];

interface ProviderBase {
  type: SocialProvider;
  scopes: readonly string[];
  endpoints: ProviderEndpoints;
  tokenEndpointAuthMethod: TokenEndpointAuthMethod;
  /** More parameters its authorization endpoint wants. */
  authorizationParams?: Record<string, string>;
  /**
   * Where it sends the browser back unless the vendor says otherwise: a path under the public URL. Left
   * out: the web app's /account/social/success, which reads `?code&state` from the address.
   */
  redirectPath?: string;
}

/**
 * Apple's answer comes as a form its page posts (response_mode=form_post, which Apple requires once the
 * email or name scope is asked for): a page of the web app cannot read a POST, so this server takes it
 * and sends the browser on to /account/social/success with the same code and state (routes.ts).
 */
export const APPLE_FORM_POST_PATH = '/frontegg/auth/social/apple/callback';

/**
 * A provider that signs an ID token: it is checked against its JWKS, issuer, audience, expiry and nonce.
 * Claims the token leaves out (a provider may keep email for its userinfo endpoint) are read there.
 */
export interface OidcProviderDefinition extends ProviderBase {
  protocol: 'oidc';
  endpoints: ProviderEndpoints & { issuer: string; jwksUri: string };
  /** Whether the token's `iss` is the expected one (Microsoft's carries the person's directory). */
  issuerMatches?: (expected: string, claims: JWTPayload) => boolean;
  identityOf(claims: JWTPayload): SocialIdentity;
}

/** A provider without ID tokens: who signed in comes from its API, called with the access token. */
export interface OAuth2ProviderDefinition extends ProviderBase {
  protocol: 'oauth2';
  endpoints: ProviderEndpoints & { userinfoEndpoint: string };
  identityOf(fetchJson: ProfileFetch, endpoints: ProviderEndpoints): Promise<SocialIdentity>;
}

export type SocialProviderDefinition = OidcProviderDefinition | OAuth2ProviderDefinition;

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/** Apple sends `email_verified` as the string "true"; the others as a boolean. */
const isTrue = (value: unknown) => value === true || value === 'true';

const fullName = (claims: Record<string, unknown>) =>
  text(claims.name) ??
  ([text(claims.given_name), text(claims.family_name)].filter(Boolean).join(' ') || undefined);

const standardIdentity = (claims: JWTPayload): SocialIdentity => ({
  subject: text(claims.sub) ?? '',
  email: text(claims.email),
  emailVerified: isTrue(claims.email_verified),
  name: fullName(claims),
});

/** The directory of Microsoft personal accounts, whose addresses Microsoft itself verified. */
const MICROSOFT_CONSUMERS_TENANT = '9188040d-6c67-4c5b-b112-36a304b66dad';

const google: OidcProviderDefinition = {
  type: 'google',
  protocol: 'oidc',
  tokenEndpointAuthMethod: 'client_secret_basic',
  scopes: ['openid', 'email', 'profile'],
  endpoints: {
    authorizationEndpoint: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenEndpoint: 'https://oauth2.googleapis.com/token',
    userinfoEndpoint: 'https://openidconnect.googleapis.com/v1/userinfo',
    issuer: 'https://accounts.google.com',
    jwksUri: 'https://www.googleapis.com/oauth2/v3/certs',
  },
  // Google's older tokens name the issuer without the scheme.
  issuerMatches: (expected, claims) =>
    claims.iss === expected ||
    (expected === 'https://accounts.google.com' && claims.iss === 'accounts.google.com'),
  identityOf: standardIdentity,
};

const microsoft: OidcProviderDefinition = {
  type: 'microsoft',
  protocol: 'oidc',
  tokenEndpointAuthMethod: 'client_secret_basic',
  scopes: ['openid', 'email', 'profile'],
  endpoints: {
    authorizationEndpoint: 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
    tokenEndpoint: 'https://login.microsoftonline.com/common/oauth2/v2.0/token',
    userinfoEndpoint: 'https://graph.microsoft.com/oidc/userinfo',
    // The multi-tenant endpoint's issuer names the person's directory: {tenantid} is its `tid`.
    issuer: 'https://login.microsoftonline.com/{tenantid}/v2.0',
    jwksUri: 'https://login.microsoftonline.com/common/discovery/v2.0/keys',
  },
  issuerMatches: (expected, claims) =>
    claims.iss === (typeof claims.tid === 'string' ? expected.replace('{tenantid}', claims.tid) : expected),
  // Microsoft's `email` is whatever a directory's administrator typed (the "nOAuth" takeover): it is
  // verified only when Microsoft says the directory owns the domain (xms_edov) or for personal accounts.
  identityOf: (claims) => ({
    ...standardIdentity(claims),
    emailVerified:
      isTrue(claims.email_verified) || isTrue(claims.xms_edov) || claims.tid === MICROSOFT_CONSUMERS_TENANT,
  }),
};

const apple: OidcProviderDefinition = {
  type: 'apple',
  protocol: 'oidc',
  tokenEndpointAuthMethod: 'client_secret_post',
  scopes: ['openid', 'email', 'name'],
  authorizationParams: { response_mode: 'form_post' },
  redirectPath: APPLE_FORM_POST_PATH,
  endpoints: {
    authorizationEndpoint: 'https://appleid.apple.com/auth/authorize',
    tokenEndpoint: 'https://appleid.apple.com/auth/token',
    issuer: 'https://appleid.apple.com',
    jwksUri: 'https://appleid.apple.com/auth/keys',
  },
  identityOf: standardIdentity,
};

const linkedin: OidcProviderDefinition = {
  type: 'linkedin',
  protocol: 'oidc',
  tokenEndpointAuthMethod: 'client_secret_post',
  scopes: ['openid', 'email', 'profile'],
  endpoints: {
    authorizationEndpoint: 'https://www.linkedin.com/oauth/v2/authorization',
    tokenEndpoint: 'https://www.linkedin.com/oauth/v2/accessToken',
    userinfoEndpoint: 'https://api.linkedin.com/v2/userinfo',
    issuer: 'https://www.linkedin.com/oauth',
    jwksUri: 'https://www.linkedin.com/oauth/openid/jwks',
  },
  identityOf: standardIdentity,
};

const github: OAuth2ProviderDefinition = {
  type: 'github',
  protocol: 'oauth2',
  tokenEndpointAuthMethod: 'client_secret_post',
  scopes: ['read:user', 'user:email'],
  endpoints: {
    authorizationEndpoint: 'https://github.com/login/oauth/authorize',
    tokenEndpoint: 'https://github.com/login/oauth/access_token',
    userinfoEndpoint: 'https://api.github.com/user',
    emailsEndpoint: 'https://api.github.com/user/emails',
  },
  // /user's `email` is the public profile address, verified or not: the primary verified address of
  // /user/emails is the one that counts.
  async identityOf(fetchJson, endpoints) {
    const user = record(await fetchJson(endpoints.userinfoEndpoint ?? ''));
    const emails = endpoints.emailsEndpoint ? await fetchJson(endpoints.emailsEndpoint) : [];
    const entries = (Array.isArray(emails) ? emails : []).map(record);
    const primary = entries.find((entry) => entry.primary === true && text(entry.email));
    const verified = primary?.verified === true;
    const id = user.id;
    return {
      subject: typeof id === 'number' || typeof id === 'string' ? String(id) : '',
      email: text(primary?.email) ?? text(user.email),
      emailVerified: verified,
      name: text(user.name) ?? text(user.login),
    };
  },
};

const facebook: OAuth2ProviderDefinition = {
  type: 'facebook',
  protocol: 'oauth2',
  tokenEndpointAuthMethod: 'client_secret_post',
  scopes: ['email', 'public_profile'],
  endpoints: {
    authorizationEndpoint: 'https://www.facebook.com/v19.0/dialog/oauth',
    tokenEndpoint: 'https://graph.facebook.com/v19.0/oauth/access_token',
    userinfoEndpoint: 'https://graph.facebook.com/v19.0/me?fields=id,name,email',
  },
  // The Graph API gives `email` only once the person confirmed it with Facebook: its presence is the
  // verification (Facebook has no email_verified field).
  async identityOf(fetchJson, endpoints) {
    const me = record(await fetchJson(endpoints.userinfoEndpoint ?? ''));
    const email = text(me.email);
    return { subject: text(me.id) ?? '', email, emailVerified: email !== undefined, name: text(me.name) };
  },
};

const slack: OAuth2ProviderDefinition = {
  type: 'slack',
  protocol: 'oauth2',
  tokenEndpointAuthMethod: 'client_secret_post',
  scopes: ['openid', 'email', 'profile'],
  endpoints: {
    authorizationEndpoint: 'https://slack.com/openid/connect/authorize',
    tokenEndpoint: 'https://slack.com/api/openid.connect.token',
    userinfoEndpoint: 'https://slack.com/api/openid.connect.userInfo',
  },
  async identityOf(fetchJson, endpoints) {
    const info = record(await fetchJson(endpoints.userinfoEndpoint ?? ''));
    return standardIdentity(info);
  },
};

/** The providers by name (SPEC section 9 "Social providers"). */
export const socialProviderCatalogue: Record<SocialProvider, SocialProviderDefinition> = {
  microsoft,
  facebook,
  google,
  github,
  slack,
  apple,
  linkedin,
};

/** A provider's endpoints: its defaults, then the vendor's overrides. */
export function endpointsOf(
  definition: SocialProviderDefinition,
  overrides: Partial<ProviderEndpoints>,
): ProviderEndpoints {
  const defined = Object.fromEntries(
    Object.entries(overrides).filter(([, value]) => typeof value === 'string'),
  );
  return { ...definition.endpoints, ...defined };
}
