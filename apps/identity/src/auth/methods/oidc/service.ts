// Issue 13: the OpenID Connect relying party of a tenant's SSO connection. start() sends the browser to
// the provider (authorization code flow with PKCE, a nonce and a single-use state); finish() checks
// what came back and turns it into a FederatedProfile, or, for the SSO section's live test, a report of
// every check in plain words. openid-client speaks the protocol; what it leaves out (the ID token's
// signature unless asked, `iat` in the future, `at_hash`, the injected clock) is checked here.
import { createHash } from 'node:crypto';
import { webPaths } from '@brizo/contract';
import * as client from 'openid-client';
import type { Config } from '../../../config.js';
import type { Db } from '../../../db/client.js';
import {
  consumeFederatedLoginRequest,
  insertFederatedLoginRequest,
  type FederatedLoginRequestRow,
} from '../../../db/queries/federated.js';
import { findSsoConnectionById } from '../../../db/queries/sso-connections.js';
import { insertSsoTestReport } from '../../../db/queries/sso-settings.js';
import { appError, errorCatalogue } from '../../../errors.js';
import { createOutboundFetch, OutboundRefusedError } from '../../../lib/outbound.js';
import { createSecretBox } from '../../../lib/sealed-secrets.js';
import { addSeconds, type Clock } from '../../../lib/time.js';
import { auditEvents, recordAudit, type RequestMeta } from '../../../services/audit.js';
import { BROWSER_MISMATCH, type BrowserBindingCheck } from '../../federated/browser-binding.js';
import type {
  FederatedProfile,
  SsoCheck,
  SsoConnectionRow,
  SsoProtocolStart,
} from '../../federated/types.js';

/** The sign-in key of the method list; SSO is switched on per tenant by its connections, not by a strategy. */
export const OIDC_METHOD = 'oidc';

const REQUEST_TTL_SECONDS = 10 * 60;
/** How long a provider's discovery document (and its keys) is reused before it is fetched again. */
const DISCOVERY_TTL_MS = 5 * 60 * 1000;
/** The leeway on the ID token's times, the same as openid-client's own. */
const CLOCK_TOLERANCE_SECONDS = 30;

/** The callback's parameters, as the web app's callback page read them from its address. */
export interface OidcCallback {
  code: string;
  state: string;
  /** RFC 9207: the issuer the provider named in its redirect, when it does. */
  iss?: string;
}

export type OidcOutcome =
  | { kind: 'login'; connection: SsoConnectionRow; profile: FederatedProfile }
  | { kind: 'test'; testReportId: string; succeeded: boolean };

export interface OidcService extends SsoProtocolStart {
  /**
   * Takes the sign-in in flight named by `state` (once), checks that this browser started it, then
   * the provider's answer.
   */
  finish(callback: OidcCallback, meta: RequestMeta, browser: BrowserBindingCheck): Promise<OidcOutcome>;
}

export interface OidcServiceDeps {
  db: Db;
  config: Pick<Config, 'publicUrl' | 'outboundAllowHosts' | 'secretsKey' | 'production'>;
  clock: Clock;
}

/** One check that did not pass: the checks so far, this one last, end the run. */
class CheckFailed extends Error {
  override name = 'CheckFailed';
}

interface Discovered {
  /** Changes when the connection is edited, so an edit is never answered from an old document. */
  key: string;
  fetchedAt: number;
  metadata: client.ServerMetadata;
  jwks?: client.ExportedJWKSCache;
}

type Claims = Record<string, unknown>;

const base64url = (buffer: Buffer) => buffer.toString('base64url');

function decodeJwtPart(part: string | undefined): Claims | undefined {
  if (!part) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Claims)
      : undefined;
  } catch {
    return undefined;
  }
}

/** at_hash (OIDC Core 3.1.3.6): the left half of the access token's hash, by the ID token's algorithm. */
function accessTokenHash(accessToken: string, alg: string): string | undefined {
  const bits =
    /^(?:RS|PS|ES)(256|384|512)$/.exec(alg)?.[1] ?? (alg === 'EdDSA' || alg === 'Ed25519' ? '512' : '');
  if (!bits) return undefined;
  const digest = createHash(`sha${bits}`).update(accessToken, 'ascii').digest();
  return base64url(digest.subarray(0, digest.length / 2));
}

const stringClaim = (claims: Claims, name: string): string | undefined => {
  const value = claims[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
};

/** Providers send groups as an array, a single string, or (some) a comma-separated string. */
function groupsClaim(claims: Claims, name: string): string[] | undefined {
  const value = claims[name];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  if (typeof value === 'string')
    return value
      .split(',')
      .map((group) => group.trim())
      .filter(Boolean);
  return undefined;
}

/** What an openid-client failure says, in a line: its own message and the underlying one. */
function describeFailure(error: unknown): string {
  if (error instanceof client.ResponseBodyError) return `the provider answered ${error.error}`;
  if (error instanceof client.AuthorizationResponseError) return `the provider answered ${error.error}`;
  if (error instanceof OutboundRefusedError) return error.message;
  // openid-client wraps what a fetch threw ("something went wrong"): the guard's refusal says more.
  if (error instanceof Error && error.cause instanceof OutboundRefusedError) return error.cause.message;
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? error.cause.message : undefined;
    return cause && cause !== error.message ? `${error.message}: ${cause}` : error.message;
  }
  return 'unknown error';
}

export function createOidcService(deps: OidcServiceDeps): OidcService {
  const { db, config, clock } = deps;
  const secrets = createSecretBox({ key: config.secretsKey, production: config.production });
  const outboundFetch = createOutboundFetch({ allowHosts: config.outboundAllowHosts });
  const redirectUri = `${config.publicUrl}${webPaths.oidcCallback}`;
  const discoveries = new Map<string, Discovered>();

  const allowListed = (url: URL) =>
    config.outboundAllowHosts.includes(url.hostname.toLowerCase()) ||
    config.outboundAllowHosts.includes(url.host.toLowerCase());

  /**
   * Every call to the provider goes through the outbound guard; plain http only to an allow-listed
   * host (a local provider in tests, an intranet IdP), never to one the administrator merely typed.
   */
  const providerFetch: client.CustomFetch = async (url, options) => {
    const target = new URL(url);
    if (target.protocol === 'http:' && !allowListed(target)) {
      throw new OutboundRefusedError(`${target.host} must be called over https`);
    }
    return outboundFetch(target, options as RequestInit);
  };

  const issuerOf = (connection: SsoConnectionRow): URL => {
    if (connection.protocol !== 'oidc' || !connection.oidcIssuer || !connection.oidcClientId) {
      throw appError(errorCatalogue.sso.protocolUnavailable);
    }
    try {
      return new URL(connection.oidcIssuer);
    } catch {
      throw appError(errorCatalogue.sso.protocolUnavailable);
    }
  };

  const insecureAllowed = (issuer: URL) => issuer.protocol === 'http:' && allowListed(issuer);

  async function discover(connection: SsoConnectionRow): Promise<Discovered> {
    const issuer = issuerOf(connection);
    const key = `${issuer.href}|${connection.oidcClientId}|${connection.updatedAt.toISOString()}`;
    const cached = discoveries.get(connection.id);
    const now = clock.now().getTime();
    if (cached?.key === key && now - cached.fetchedAt < DISCOVERY_TTL_MS) return cached;
    const found = await client.discovery(issuer, connection.oidcClientId ?? '', undefined, undefined, {
      [client.customFetch]: providerFetch,
      execute: insecureAllowed(issuer) ? [client.allowInsecureRequests] : [],
      timeout: 10,
    });
    const discovered: Discovered = { key, fetchedAt: now, metadata: found.serverMetadata() };
    discoveries.set(connection.id, discovered);
    return discovered;
  }

  /**
   * A configuration for one exchange. Built each time so that its clock is the injected one: openid-client
   * takes the current time from Date.now() shifted by clockSkew, fixed when the configuration is made.
   */
  function configurationFor(
    connection: SsoConnectionRow,
    discovered: Discovered,
    fetch: client.CustomFetch,
  ): client.Configuration {
    const secret = connection.oidcClientSecret ? secrets.open(connection.oidcClientSecret) : undefined;
    const methods = discovered.metadata.token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
    const authentication = !secret
      ? client.None()
      : methods.includes('client_secret_basic')
        ? client.ClientSecretBasic(secret)
        : client.ClientSecretPost(secret);
    const configuration = new client.Configuration(
      discovered.metadata,
      connection.oidcClientId ?? '',
      {
        [client.clockSkew]: Math.round((clock.now().getTime() - Date.now()) / 1000),
        [client.clockTolerance]: CLOCK_TOLERANCE_SECONDS,
      },
      authentication,
    );
    configuration[client.customFetch] = fetch;
    configuration.timeout = 10;
    if (insecureAllowed(issuerOf(connection))) client.allowInsecureRequests(configuration);
    // Without this openid-client trusts an ID token from the token endpoint unsigned (TLS alone); we
    // verify its signature against the provider's JWKS always.
    client.enableNonRepudiationChecks(configuration);
    if (discovered.jwks) client.setJwksCache(configuration, discovered.jwks);
    return configuration;
  }

  async function start(
    connection: SsoConnectionRow,
    { purpose, meta, binding }: Parameters<SsoProtocolStart['start']>[1],
  ): Promise<string> {
    let discovered: Discovered;
    try {
      discovered = await discover(connection);
    } catch (error) {
      if (error instanceof Error && 'statusCode' in error) throw error;
      await recordAudit(
        db,
        auditEvents.oidcCallbackRejected,
        meta,
        {
          tenantId: connection.tenantId,
          description: 'The provider could not be discovered',
          json: { connectionId: connection.id, purpose, detail: describeFailure(error) },
        },
        clock.now(),
      );
      throw appError(errorCatalogue.oidc.providerUnreachable);
    }
    const state = client.randomState();
    const nonce = client.randomNonce();
    const codeVerifier = client.randomPKCECodeVerifier();
    const now = clock.now();
    await insertFederatedLoginRequest(db, {
      id: state,
      kind: 'oidc',
      connectionId: connection.id,
      purpose,
      nonce,
      codeVerifier,
      redirectUri,
      data: { browserBinding: binding },
      createdAt: now,
      expiresAt: addSeconds(now, REQUEST_TTL_SECONDS),
    });
    const scopes = new Set(connection.oidcScopes.split(/\s+/).filter(Boolean));
    scopes.add('openid');
    const url = client.buildAuthorizationUrl(configurationFor(connection, discovered, providerFetch), {
      response_type: 'code',
      redirect_uri: redirectUri,
      scope: [...scopes].join(' '),
      state,
      nonce,
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    });
    return url.href;
  }

  /** What came back from the provider, checked one step at a time; the checks so far in `checks`. */
  async function runChecks(
    connection: SsoConnectionRow,
    request: FederatedLoginRequestRow,
    callback: OidcCallback,
    checks: SsoCheck[],
    claims: Claims,
  ): Promise<FederatedProfile> {
    const check = (name: string, passed: boolean, detail?: string) => {
      checks.push(detail === undefined ? { name, passed } : { name, passed, detail });
      if (!passed) throw new CheckFailed(name);
    };

    let discovered: Discovered;
    try {
      discovered = await discover(connection);
    } catch (error) {
      check("The provider's discovery document could be fetched", false, describeFailure(error));
      throw error;
    }
    const { metadata } = discovered;
    check("The provider's discovery document could be fetched", true, metadata.issuer);

    // RFC 9207: a provider that names itself in its redirects must name itself, and correctly; one
    // that does not advertise it may still send it, and then it must be right too.
    if (metadata.authorization_response_iss_parameter_supported || callback.iss !== undefined) {
      check(
        'The provider named itself in its answer (iss)',
        callback.iss === metadata.issuer,
        callback.iss === undefined ? 'no iss parameter' : `iss ${callback.iss}`,
      );
    }

    // The token response as it came, for our own checks (openid-client hides the raw ID token).
    let tokenBody: Claims | undefined;
    const capturingFetch: client.CustomFetch = async (url, options) => {
      const response = await providerFetch(url, options);
      if (url === metadata.token_endpoint && response.ok) {
        tokenBody = decodeJson(await response.clone().text());
        const kid = decodeJwtPart(String(tokenBody?.id_token ?? '').split('.')[0])?.kid;
        const known = discovered.jwks?.jwks.keys.some((key) => key.kid === kid);
        // Key rotation: a kid we have not seen makes openid-client fetch the JWKS again only when its
        // copy is a minute old; we want it at once (once: the fresh copy is then final).
        if (!known) client.setJwksCache(configuration, { jwks: { keys: [] }, uat: 0 });
      }
      return response;
    };
    const configuration = configurationFor(connection, discovered, capturingFetch);
    const currentUrl = new URL(request.redirectUri ?? redirectUri);
    currentUrl.searchParams.set('code', callback.code);
    currentUrl.searchParams.set('state', callback.state);
    if (callback.iss !== undefined) currentUrl.searchParams.set('iss', callback.iss);

    let tokens: client.TokenEndpointResponse | undefined;
    let grantError: unknown;
    try {
      tokens = await client.authorizationCodeGrant(configuration, currentUrl, {
        pkceCodeVerifier: request.codeVerifier ?? undefined,
        expectedNonce: request.nonce ?? undefined,
        expectedState: request.id,
        idTokenExpected: true,
      });
      const jwks = client.getJwksCache(configuration);
      if (jwks) discovered.jwks = jwks;
    } catch (error) {
      grantError = error;
    }

    const idToken = typeof tokenBody?.id_token === 'string' ? tokenBody.id_token : undefined;
    const accessToken = typeof tokenBody?.access_token === 'string' ? tokenBody.access_token : undefined;
    check(
      'The provider exchanged the code for tokens (with the PKCE verifier)',
      tokenBody !== undefined,
      tokenBody === undefined ? describeFailure(grantError) : undefined,
    );
    check('The provider sent an ID token', idToken !== undefined);
    const [headerPart, payloadPart] = (idToken ?? '').split('.');
    const header = decodeJwtPart(headerPart);
    const payload = decodeJwtPart(payloadPart);
    check('The ID token can be read', header !== undefined && payload !== undefined);
    if (!header || !payload) throw new CheckFailed('unreadable ID token');
    Object.assign(claims, payload);

    // Our own reading of the claims, with the injected clock. openid-client checks most of them too;
    // when it refused the token and these all pass, what it refused is the signature.
    const now = Math.floor(clock.now().getTime() / 1000);
    const alg = typeof header.alg === 'string' ? header.alg : '';
    check(
      'The ID token is signed with a public-key algorithm',
      /^(?:RS|PS|ES)\d{3}$|^EdDSA$|^Ed25519$/.test(alg),
      `alg ${alg || '(none)'}`,
    );
    check(
      'The ID token comes from the configured issuer',
      payload.iss === metadata.issuer,
      `iss ${String(payload.iss)}`,
    );
    const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
    check(
      'The token is meant for this client (audience)',
      audiences.includes(connection.oidcClientId),
      `aud ${audiences.map(String).join(', ')}`,
    );
    if (audiences.length > 1) {
      check(
        'The client is the authorized party among several audiences (azp)',
        payload.azp === connection.oidcClientId,
        `azp ${String(payload.azp)}`,
      );
    }
    check('The ID token names the person (sub)', typeof payload.sub === 'string' && payload.sub !== '');
    const time = (name: string) =>
      typeof payload[name] === 'number' ? (payload[name] as number) : undefined;
    const exp = time('exp');
    const iat = time('iat');
    const nbf = time('nbf');
    check(
      'The ID token has not expired',
      exp !== undefined && exp > now - CLOCK_TOLERANCE_SECONDS,
      exp === undefined ? 'no exp' : `expires ${new Date(exp * 1000).toISOString()}`,
    );
    check(
      'The ID token was not issued in the future',
      iat !== undefined && iat <= now + CLOCK_TOLERANCE_SECONDS,
      iat === undefined ? 'no iat' : `issued ${new Date(iat * 1000).toISOString()}`,
    );
    if (nbf !== undefined) {
      check(
        'The ID token is already valid (not before)',
        nbf <= now + CLOCK_TOLERANCE_SECONDS,
        `valid from ${new Date(nbf * 1000).toISOString()}`,
      );
    }
    check(
      'The ID token answers this sign-in (nonce)',
      request.nonce !== null && payload.nonce === request.nonce,
    );
    if (payload.at_hash !== undefined) {
      check(
        'The access token is the one the ID token was issued with (at_hash)',
        accessToken !== undefined && payload.at_hash === accessTokenHash(accessToken, alg),
      );
    }
    check(
      "The ID token is signed by the provider's key",
      tokens !== undefined,
      tokens === undefined ? describeFailure(grantError) : `kid ${String(header.kid ?? '(none)')}`,
    );
    if (!tokens) throw new CheckFailed('grant refused');

    const subject = payload.sub as string;
    const mapping = connection.attributeMapping;
    const emailClaim = mapping.email ?? 'email';
    const groupsClaimName = mapping.groups ?? 'groups';
    const wanted = [emailClaim, mapping.name, mapping.firstName, mapping.lastName, mapping.groups].filter(
      (name): name is string => name !== undefined,
    );
    if (metadata.userinfo_endpoint && wanted.some((name) => payload[name] === undefined)) {
      let userInfo: Claims | undefined;
      let failure: unknown;
      try {
        // Compared below, so that the report can say which of the two failed.
        userInfo = await client.fetchUserInfo(configuration, tokens.access_token, client.skipSubjectCheck);
      } catch (error) {
        failure = error;
      }
      check(
        "The provider's user info could be fetched",
        userInfo !== undefined,
        userInfo ? undefined : describeFailure(failure),
      );
      check(
        'The user info belongs to the same person (sub)',
        userInfo?.sub === subject,
        `sub ${String(userInfo?.sub)}`,
      );
      // The signed ID token wins where both say something.
      for (const [name, value] of Object.entries(userInfo ?? {})) {
        if (claims[name] === undefined) claims[name] = value;
      }
    }

    const email = stringClaim(claims, emailClaim);
    check(
      'The provider sent an email address',
      email !== undefined && /^[^\s@]+@[^\s@]+$/.test(email),
      email ? email : `no ${emailClaim} claim`,
    );
    // An SSO connection's validated domain vouches for its addresses (auth/federated/sso-sign-in.ts);
    // a provider that says itself the address is unverified cannot.
    const verified = claims.email_verified;
    check(
      'The provider does not say the email address is unverified (email_verified)',
      verified !== false && verified !== 'false',
      verified === undefined ? 'not stated' : `email_verified ${String(verified)}`,
    );
    const nameParts = [mapping.firstName, mapping.lastName]
      .map((claim) => (claim ? stringClaim(claims, claim) : undefined))
      .filter(Boolean);
    const name =
      (mapping.name ? stringClaim(claims, mapping.name) : undefined) ??
      (nameParts.length > 0 ? nameParts.join(' ') : undefined) ??
      stringClaim(claims, 'name');
    const groups = groupsClaim(claims, groupsClaimName);
    return {
      provider: 'oidc',
      subject,
      email: email ?? '',
      emailVerified: true,
      ...(name !== undefined && { name }),
      ...(groups !== undefined && { groups }),
      raw: claims,
    };
  }

  async function finish(
    callback: OidcCallback,
    meta: RequestMeta,
    browser: BrowserBindingCheck,
  ): Promise<OidcOutcome> {
    const now = clock.now();
    const request = await consumeFederatedLoginRequest(db, { id: callback.state, kind: 'oidc', now });
    const connection = request?.connectionId
      ? await findSsoConnectionById(db, request.connectionId)
      : undefined;
    if (!request || !connection || connection.protocol !== 'oidc') {
      await recordAudit(
        db,
        auditEvents.oidcCallbackRejected,
        meta,
        { description: 'Unknown, used or expired sign-in request (state)' },
        now,
      );
      throw appError(errorCatalogue.oidc.requestNotFound);
    }
    // Before the code is spent at the provider: another browser's sign-in is refused as unknown.
    if (!browser.holds(request.data.browserBinding)) {
      await recordAudit(
        db,
        auditEvents.oidcCallbackRejected,
        meta,
        {
          tenantId: connection.tenantId,
          description: BROWSER_MISMATCH,
          json: { connectionId: connection.id, purpose: request.purpose },
        },
        now,
      );
      throw appError(errorCatalogue.oidc.requestNotFound);
    }

    const checks: SsoCheck[] = [];
    const claims: Claims = {};
    let profile: FederatedProfile | undefined;
    let failure: unknown;
    try {
      profile = await runChecks(connection, request, callback, checks, claims);
    } catch (error) {
      failure = error;
    }
    const failed = checks.find((entry) => !entry.passed);
    const email = stringClaim(claims, connection.attributeMapping.email ?? 'email') ?? null;

    if (request.purpose === 'test') {
      const succeeded = profile !== undefined;
      const report = {
        protocol: 'oidc',
        succeeded,
        checks,
        ...(profile && { profile: { ...profile, raw: undefined } }),
        claims,
        ...(!succeeded && {
          error: failed ? [failed.name, failed.detail].filter(Boolean).join(': ') : describeFailure(failure),
        }),
      };
      const row = await insertSsoTestReport(db, {
        connectionId: connection.id,
        succeeded,
        report,
        createdAt: now,
      });
      await recordAudit(
        db,
        auditEvents.oidcTestCompleted,
        meta,
        {
          tenantId: connection.tenantId,
          email,
          description: succeeded
            ? 'The test sign-in passed every check'
            : `Failed: ${failed?.name ?? 'error'}`,
          json: { connectionId: connection.id, testReportId: row.id, succeeded },
        },
        now,
      );
      return { kind: 'test', testReportId: row.id, succeeded };
    }

    if (!profile) {
      await recordAudit(
        db,
        auditEvents.oidcCallbackRejected,
        meta,
        {
          tenantId: connection.tenantId,
          email,
          description: failed?.name ?? 'The sign-in could not be checked',
          json: {
            connectionId: connection.id,
            check: failed?.name,
            detail: failed?.detail ?? describeFailure(failure),
          },
        },
        now,
      );
      throw appError(errorCatalogue.oidc.invalidCallback);
    }
    return { kind: 'login', connection, profile };
  }

  return { start, finish };
}

function decodeJson(text: string): Claims | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Claims)
      : undefined;
  } catch {
    return undefined;
  }
}
