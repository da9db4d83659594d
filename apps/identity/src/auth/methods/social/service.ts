import { createHash, randomBytes } from 'node:crypto';
import { isOneOf, socialProviders, webPaths, type SocialProvider } from '@brizo/contract';
import {
  socialProviderOptionsSchema,
  type SocialLoginConfiguration,
  type SocialLoginProvider,
  type SocialLoginProviderV1,
  type SocialProviderEndpoints,
} from '@brizo/contract/entities/social-login';
import { decodeSocialLoginState, encodeSocialLoginState } from '@brizo/contract/social-login';
import {
  createRemoteJWKSet,
  customFetch,
  errors as joseErrors,
  importPKCS8,
  jwtVerify,
  SignJWT,
  type JWTPayload,
} from 'jose';
import type { Config } from '../../../config.js';
import { atomically, refuse, type Db } from '../../../db/client.js';
import {
  consumeFederatedLoginRequest,
  findUserIdentity,
  insertFederatedLoginRequest,
  upsertUserIdentity,
  type FederatedLoginRequestRow,
} from '../../../db/queries/federated.js';
import {
  deleteSocialLoginProvider,
  findSocialLoginProvider,
  listSocialLoginProviders,
  upsertSocialLoginProvider,
  type SocialLoginProviderRow,
} from '../../../db/queries/social-logins.js';
import {
  findUserByEmail,
  findUserById,
  findUserClaimsById,
  normalizeEmail,
  updateUser,
  type UserRow,
} from '../../../db/queries/users.js';
import { AppError, appError, errorCatalogue } from '../../../errors.js';
import type { OutboundFetch } from '../../../lib/outbound.js';
import type { SecretBox } from '../../../lib/sealed-secrets.js';
import { generateToken } from '../../../lib/secrets.js';
import { addSeconds, type Clock } from '../../../lib/time.js';
import { auditChange } from '../../../services/audit-changes.js';
import { auditEvents, recordAudit, type AuditEvent, type RequestMeta } from '../../../services/audit.js';
import { mergeJsonObject } from '../../../services/json-metadata.js';
import type { SignUpService } from '../../../services/signup.js';
import type { SsoEnforcement } from '../../../services/sso/enforcement.js';
import type { AccessTokenClaims } from '../../../services/tokens.js';
import {
  BROWSER_MISMATCH,
  type BrowserBindingCheck,
  type StoredBrowserBinding,
} from '../../federated/browser-binding.js';
import type { FederatedSignInAnswer } from '../../federated/types.js';
import type { MfaService } from '../../second-factor/service.js';
import {
  endpointsOf,
  socialProviderCatalogue,
  tokenEndpointAuthMethods,
  type ProviderEndpoints,
  type TokenEndpointAuthMethod,
  type SocialIdentity,
  type SocialProviderDefinition,
} from './providers.js';

/** A sign-in sent to a provider may come back within ten minutes, once. */
const REQUEST_SECONDS = 600;
/** Clock skew allowed on ID tokens' iat/exp. */
const CLOCK_TOLERANCE_SECONDS = 60;
const SIGNING_ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
];

/**
 * Where the login box starts a provider's sign-in: relative to the SDK's API base, which the store
 * prefixes with `${baseUrl}/frontegg` (SocialLoginState loadSocialLoginsConfigurationV2).
 */
export const socialStartPath = (provider: SocialProvider) =>
  `/identity/resources/auth/v2/user/sso/default/${provider}/prelogin`;

/** What the vendor writes for one provider; an absent secret keeps the stored one. */
export interface SocialConfigurationInput {
  clientId?: string | undefined;
  secret?: string | undefined;
  /** '' or null: back to the web app's /account/social/success. */
  redirectUrl?: string | null | undefined;
  active?: boolean | undefined;
  additionalScopes?: string[] | undefined;
  endpoints?: SocialProviderEndpoints | undefined;
  options?:
    | {
        /** Apple: the team and key ids that sign its client secret from the stored private key. */
        teamId?: string | undefined;
        keyId?: string | undefined;
        /** Another client authentication than the provider's documented one (a proxy in front of it). */
        tokenEndpointAuthMethod?: TokenEndpointAuthMethod | undefined;
      }
    | undefined;
}

export interface SocialStartInput {
  invitationToken?: string | undefined;
  /** Where the web app goes after signing in: a path of our own origin. */
  redirectUrl?: string | undefined;
  /** The browser that starts it (browser-binding.ts): the post-login must come from the same one. */
  binding: StoredBrowserBinding;
}

export interface SocialCallbackInput {
  code?: string | undefined;
  idToken?: string | undefined;
  redirectUri?: string | undefined;
  codeVerifier?: string | undefined;
  state?: string | undefined;
  /** JSON text of free-form user metadata, for a sign-up (the SDK's ILoginViaSocialLogin.metadata). */
  metadata?: string | undefined;
  invitationToken?: string | undefined;
}

/** ILoginViaSocialLoginResponse: who signed in, whether the account is new, and the session or next step. */
export type SocialLoginAnswer = FederatedSignInAnswer & {
  email: string;
  isNewUser: boolean;
  tenantId: string | null;
  name: string;
};

const pkceChallengeOf = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

const parseMetadata = (text: string | undefined): Record<string, unknown> | undefined => {
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
};

export function createSocialLoginService(deps: {
  db: Db;
  config: Config;
  clock: Clock;
  outbound: OutboundFetch;
  secrets: SecretBox;
  signUp: Pick<SignUpService, 'signUpFederated'>;
  mfa: Pick<MfaService, 'startOrChallenge'>;
  /** A tenant enforcing SSO keeps the people of its domains from signing in any other way. */
  ssoEnforcement?: SsoEnforcement;
}) {
  const { db, config, clock, outbound } = deps;
  /** The web app's page that finishes a sign-in: it reads `?code&state` and calls the post-login. */
  const successPageUrl = `${config.publicUrl}${webPaths.socialSuccess}`;
  /** Where a provider sends the browser back unless the vendor set an address: that page, or our receiver of Apple's form. */
  const defaultRedirectUrl = (type: string) => {
    const path = isOneOf(socialProviders, type) ? socialProviderCatalogue[type].redirectPath : undefined;
    return path ? `${config.publicUrl}${path}` : successPageUrl;
  };
  // One key set per address, kept between sign-ins: jose refetches it when a token names an unknown key.
  const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
  const keySetOf = (jwksUri: string) => {
    let keys = keySets.get(jwksUri);
    if (!keys) {
      keys = createRemoteJWKSet(new URL(jwksUri), { [customFetch]: outbound });
      keySets.set(jwksUri, keys);
    }
    return keys;
  };

  const redirectUrlOf = (row: SocialLoginProviderRow) => row.redirectUrl || defaultRedirectUrl(row.type);
  const isUsable = (row: SocialLoginProviderRow | undefined): row is SocialLoginProviderRow =>
    Boolean(row?.active && row.clientId && row.clientSecret);
  /** A provider's settings as the audit log's before and after show them (auditChange masks the secret). */
  const providerSettings = ({ type: _type, updatedAt: _updated, ...settings }: SocialLoginProviderRow) =>
    settings;

  const configurationView = (
    type: SocialProvider,
    row: SocialLoginProviderRow | undefined,
  ): SocialLoginConfiguration => ({
    type,
    active: row?.active ?? false,
    configured: row !== undefined,
    clientId: row?.clientId ?? null,
    hasSecret: Boolean(row?.clientSecret),
    redirectUrl: row ? redirectUrlOf(row) : defaultRedirectUrl(type),
    customised: Boolean(row?.redirectUrl),
    additionalScopes: row?.additionalScopes ?? [],
    endpoints: row?.endpoints ?? {},
    options: socialProviderOptionsSchema.catch({}).parse(row?.options ?? {}),
    updatedAt: row?.updatedAt.toISOString() ?? null,
  });

  /** The active, complete configurations, in the SPEC's order of providers. */
  const activeRows = async () => {
    const rows = new Map((await listSocialLoginProviders(db)).map((row) => [row.type, row]));
    return socialProviders.flatMap((type) => {
      const row = rows.get(type);
      return isUsable(row) ? [{ type, row }] : [];
    });
  };

  const failure = (
    provider: string,
    meta: RequestMeta,
    reason: string,
    error: Parameters<typeof appError>[0] | AppError,
    who: { email?: string | null; userId?: string | null; tenantId?: string | null } = {},
  ): Promise<never> =>
    refuse(async () => {
      await recordAudit(
        db,
        auditEvents.socialLoginFailed,
        meta,
        { ...who, description: reason, json: { provider } },
        clock.now(),
      );
      throw error instanceof AppError ? error : appError(error);
    });

  /** Apple wants its client secret as a short-lived JWT signed with the team's key (options teamId, keyId). */
  const clientSecretOf = async (definition: SocialProviderDefinition, row: SocialLoginProviderRow) => {
    const secret = deps.secrets.open(row.clientSecret ?? '');
    const { teamId, keyId } = row.options;
    if (definition.type !== 'apple' || typeof teamId !== 'string' || typeof keyId !== 'string') return secret;
    const now = Math.floor(clock.now().getTime() / 1000);
    return new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: keyId })
      .setIssuer(teamId)
      .setSubject(row.clientId ?? '')
      .setAudience('https://appleid.apple.com')
      .setIssuedAt(now)
      .setExpirationTime(now + 300)
      .sign(await importPKCS8(secret, 'ES256'));
  };

  /** A provider's JSON answer; what it refuses or garbles is the provider's refusal, what fails to connect is its absence. */
  const callProvider = async (url: string, init: RequestInit): Promise<unknown> => {
    let response: Response;
    try {
      response = await outbound(url, init);
    } catch {
      // Refused by the outbound guard (a private address), unreachable, or too slow.
      throw appError(errorCatalogue.social.providerUnreachable);
    }
    const body: unknown = await response.json().catch(() => undefined);
    if (!response.ok || body === undefined) throw appError(errorCatalogue.social.providerRefused);
    return body;
  };

  const exchangeCode = async (
    definition: SocialProviderDefinition,
    row: SocialLoginProviderRow,
    endpoints: ProviderEndpoints,
    request: FederatedLoginRequestRow,
    code: string,
  ) => {
    const clientId = row.clientId ?? '';
    const clientSecret = await clientSecretOf(definition, row);
    const form = new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: request.redirectUri ?? '',
      client_id: clientId,
      code_verifier: request.codeVerifier ?? '',
    });
    const headers: Record<string, string> = {
      'content-type': 'application/x-www-form-urlencoded',
      // GitHub answers form-encoded unless asked for JSON.
      accept: 'application/json',
    };
    if (authMethodOf(definition, row) === 'client_secret_basic') {
      // RFC 6749 2.3.1: each part form-encoded before the Basic encoding.
      const encode = (value: string) => new URLSearchParams({ v: value }).toString().slice(2);
      headers.authorization = `Basic ${Buffer.from(`${encode(clientId)}:${encode(clientSecret)}`).toString('base64')}`;
    } else {
      form.set('client_secret', clientSecret);
    }
    const body = await callProvider(endpoints.tokenEndpoint, {
      method: 'POST',
      headers,
      body: form.toString(),
    });
    const tokens = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    // GitHub and Slack refuse with a 200 and an `error` (Slack: `ok: false`).
    if (typeof tokens.error === 'string' || tokens.ok === false)
      throw appError(errorCatalogue.social.providerRefused);
    return {
      accessToken: typeof tokens.access_token === 'string' ? tokens.access_token : undefined,
      idToken: typeof tokens.id_token === 'string' ? tokens.id_token : undefined,
    };
  };

  const verifyIdToken = async (
    definition: SocialProviderDefinition & { protocol: 'oidc' },
    row: SocialLoginProviderRow,
    endpoints: ProviderEndpoints,
    idToken: string,
    nonce: string | null,
  ): Promise<JWTPayload> => {
    const issuer = endpoints.issuer ?? '';
    const expectsTemplate = definition.issuerMatches !== undefined;
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(idToken, keySetOf(endpoints.jwksUri ?? ''), {
        audience: row.clientId ?? '',
        ...(expectsTemplate ? {} : { issuer }),
        algorithms: SIGNING_ALGORITHMS,
        currentDate: clock.now(),
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ['sub', 'exp', 'iat'],
      }));
    } catch (error) {
      if (error instanceof joseErrors.JOSEError && !(error instanceof joseErrors.JWKSTimeout))
        throw appError(errorCatalogue.social.providerRefused);
      throw appError(errorCatalogue.social.providerUnreachable);
    }
    if (definition.issuerMatches && !definition.issuerMatches(issuer, payload))
      throw appError(errorCatalogue.social.providerRefused);
    // The nonce binds the token to the sign-in this browser started: a token of another sign-in fails here.
    if (nonce !== null && payload.nonce !== nonce) throw appError(errorCatalogue.social.providerRefused);
    return payload;
  };

  /** Who signed in at the provider, after every check of the protocol passed. */
  const identityAt = async (
    definition: SocialProviderDefinition,
    row: SocialLoginProviderRow,
    request: FederatedLoginRequestRow,
    input: SocialCallbackInput,
  ): Promise<SocialIdentity> => {
    const endpoints = endpointsOf(definition, row.endpoints);
    const fetchJsonWith = (accessToken: string) => (url: string) =>
      callProvider(url, {
        headers: {
          authorization: `Bearer ${accessToken}`,
          accept: 'application/json',
          // GitHub's API refuses requests without a User-Agent.
          'user-agent': 'brizo-access',
        },
      });
    if (definition.protocol === 'oidc') {
      // A code is exchanged (with the PKCE verifier); an ID token sent back directly stands on its nonce.
      const tokens = input.code
        ? await exchangeCode(definition, row, endpoints, request, input.code)
        : { idToken: input.idToken, accessToken: undefined };
      if (!tokens.idToken) throw appError(errorCatalogue.social.providerRefused);
      const claims = await verifyIdToken(definition, row, endpoints, tokens.idToken, request.nonce);
      if (typeof claims.email === 'string' || !tokens.accessToken || !endpoints.userinfoEndpoint)
        return definition.identityOf(claims);
      // The address is at the userinfo endpoint; its answer counts only for the ID token's subject.
      const info = await fetchJsonWith(tokens.accessToken)(endpoints.userinfoEndpoint);
      const extra = typeof info === 'object' && info !== null ? (info as Record<string, unknown>) : {};
      if (extra.sub !== claims.sub) throw appError(errorCatalogue.social.providerRefused);
      return definition.identityOf({
        ...extra,
        ...claims,
        email: extra.email,
        email_verified: extra.email_verified,
      });
    }
    if (!input.code) throw appError(errorCatalogue.social.invalidCallback);
    const { accessToken } = await exchangeCode(definition, row, endpoints, request, input.code);
    if (!accessToken) throw appError(errorCatalogue.social.providerRefused);
    return definition.identityOf(fetchJsonWith(accessToken), endpoints);
  };

  /**
   * The account the provider's identity belongs to: the one linked before, else the account of the
   * email when the provider verified it, else a new account by the sign-up rules. An address the
   * provider did not verify neither links nor creates anything: whoever typed it at the provider may
   * not own it, and an account created for it would keep its owner from signing up.
   */
  const signInAccount = async (
    provider: SocialProvider,
    identity: SocialIdentity,
    request: FederatedLoginRequestRow,
    input: SocialCallbackInput,
    meta: RequestMeta,
  ): Promise<SocialLoginAnswer> => {
    const now = clock.now();
    const linked = await findUserIdentity(db, { provider, connectionKey: '', subject: identity.subject });
    let user: UserRow | undefined = linked ? await findUserById(db, linked.userId) : undefined;
    let isNewUser = false;
    if (user) await deps.ssoEnforcement?.assertMayUseOtherMethods(userWho(user), meta, provider);
    if (!user) {
      if (!identity.email)
        return failure(provider, meta, 'no email from the provider', errorCatalogue.social.emailMissing);
      const email = normalizeEmail(identity.email);
      if (!identity.emailVerified)
        return failure(
          provider,
          meta,
          'email not verified by the provider',
          errorCatalogue.social.emailNotVerified,
          {
            email,
          },
        );
      user = await findUserByEmail(db, email);
      await deps.ssoEnforcement?.assertMayUseOtherMethods(user ? userWho(user) : { email }, meta, provider);
      if (user) {
        if (!user.verified) {
          // The provider proved the address now. A password set by whoever created the unverified
          // account proved nothing: it is dropped, so it cannot be a way in beside the owner's.
          await updateUser(db, user.id, {
            verified: true,
            passwordHash: null,
            vendorMetadata: mergeJsonObject(user.vendorMetadata, { activated: true }),
            updatedAt: now,
          });
        }
        await recordAudit(
          db,
          auditEvents.socialIdentityLinked,
          meta,
          { email, userId: user.id, tenantId: user.activeTenantId, json: { provider } },
          now,
        );
      } else {
        const invitationToken = input.invitationToken ?? stringOf(request.data.invitationToken);
        const created = await deps.signUp.signUpFederated(
          {
            email,
            name: identity.name,
            invitationToken,
            metadata: parseMetadata(input.metadata),
          },
          { provider },
          meta,
        );
        user = await findUserById(db, created.userId);
        isNewUser = true;
        if (!user) throw appError(errorCatalogue.social.accountNotLinkable);
        await recordAudit(
          db,
          auditEvents.socialSignedUp,
          meta,
          { email, userId: user.id, tenantId: created.tenantId, json: { provider } },
          now,
        );
      }
    }
    const who = { email: user.email, userId: user.id, tenantId: user.activeTenantId };
    if (user.isLocked) return failure(provider, meta, 'user locked', errorCatalogue.auth.userLocked, who);
    await upsertUserIdentity(db, {
      userId: user.id,
      provider,
      connectionKey: '',
      subject: identity.subject,
      email: identity.email ? normalizeEmail(identity.email) : user.email,
      now,
    });
    const claims = await findUserClaimsById(db, user.id, user.activeTenantId, now);
    if (!claims) throw appError(errorCatalogue.social.accountNotLinkable);
    const event: AuditEvent = auditEvents.socialLoginSucceeded;
    const answer = await deps.mfa.startOrChallenge(claims, meta, event, undefined);
    return { ...answer, email: user.email, isNewUser, tenantId: claims.tenantId, name: user.name };
  };

  return {
    /** GET /sso/v2: the active providers, as the login box draws its buttons. */
    async publicProviders(): Promise<SocialLoginProvider[]> {
      return (await activeRows()).map(({ type, row }) => ({
        type,
        clientId: row.clientId,
        redirectUrl: redirectUrlOf(row),
        active: true,
        authorizationUrl: socialStartPath(type),
        customised: Boolean(row.redirectUrl),
        additionalScopes: row.additionalScopes,
      }));
    },

    /** GET /sso/v1: the older answer, the same providers. */
    async publicProvidersV1(): Promise<SocialLoginProviderV1[]> {
      return (await activeRows()).map(({ type, row }) => ({
        type,
        clientId: row.clientId ?? '',
        redirectUrl: redirectUrlOf(row),
        active: true,
      }));
    },

    /** The vendor's view of all seven providers, configured or not; secrets only as "has one". */
    async configurations(): Promise<SocialLoginConfiguration[]> {
      const rows = new Map((await listSocialLoginProviders(db)).map((row) => [row.type, row]));
      return socialProviders.map((type) => configurationView(type, rows.get(type)));
    },

    /** Creates or changes a provider's configuration; what `input` leaves out is kept. */
    async save(
      claims: AccessTokenClaims,
      type: SocialProvider,
      input: SocialConfigurationInput,
      meta: RequestMeta,
    ): Promise<SocialLoginConfiguration> {
      return atomically(db, async () => {
        const current = await findSocialLoginProvider(db, type);
        const now = clock.now();
        const clientId = input.clientId ?? current?.clientId ?? null;
        const clientSecret = input.secret ? deps.secrets.seal(input.secret) : (current?.clientSecret ?? null);
        const active = input.active ?? current?.active ?? false;
        // An active provider without credentials would draw a button that cannot sign anyone in.
        if (active && (!clientId || !clientSecret))
          throw appError(errorCatalogue.social.invalidConfiguration);
        const options = { ...current?.options, ...input.options };
        if (type === 'apple' && input.options && Boolean(options.teamId) !== Boolean(options.keyId))
          throw appError(errorCatalogue.social.invalidConfiguration);
        const saved = await upsertSocialLoginProvider(db, {
          type,
          active,
          clientId,
          clientSecret,
          redirectUrl:
            input.redirectUrl === undefined ? (current?.redirectUrl ?? null) : input.redirectUrl || null,
          additionalScopes: input.additionalScopes ?? current?.additionalScopes ?? [],
          endpoints: input.endpoints ?? current?.endpoints ?? {},
          options,
          updatedAt: now,
        });
        await recordAudit(
          db,
          auditEvents.socialConfigurationUpdated,
          meta,
          {
            userId: claims.sub,
            email: claims.email,
            tenantId: claims.tenantId,
            // The secret stays out of the audit log: only whether it changed.
            json: {
              provider: type,
              active,
              clientId,
              secretChanged: Boolean(input.secret),
              redirectUrl: saved.redirectUrl,
              endpoints: saved.endpoints,
              ...auditChange(current ? providerSettings(current) : null, providerSettings(saved)),
            },
          },
          now,
        );
        return configurationView(type, saved);
      });
    },

    async remove(claims: AccessTokenClaims, type: SocialProvider, meta: RequestMeta): Promise<void> {
      await atomically(db, async () => {
        const current = await findSocialLoginProvider(db, type);
        if (!current || !(await deleteSocialLoginProvider(db, type)))
          throw appError(errorCatalogue.social.configurationNotFound);
        await recordAudit(
          db,
          auditEvents.socialConfigurationDeleted,
          meta,
          {
            userId: claims.sub,
            email: claims.email,
            tenantId: claims.tenantId,
            json: { provider: type, ...auditChange(providerSettings(current), null) },
          },
          clock.now(),
        );
      });
    },

    /**
     * Starts a sign-in: keeps the PKCE verifier, the nonce (OpenID providers) and what the flow carries
     * under a single-use id, and answers the provider's authorization address, whose `state` names the
     * provider and that id (the web app's /account/social/success reads the provider from it).
     */
    async start(provider: SocialProvider, input: SocialStartInput): Promise<string> {
      const row = await findSocialLoginProvider(db, provider);
      if (!isUsable(row)) throw appError(errorCatalogue.social.providerNotActive);
      const definition = socialProviderCatalogue[provider];
      const endpoints = endpointsOf(definition, row.endpoints);
      const id = generateToken();
      const codeVerifier = randomBytes(32).toString('base64url');
      const nonce = definition.protocol === 'oidc' ? generateToken() : null;
      const redirectUri = redirectUrlOf(row);
      const now = clock.now();
      await insertFederatedLoginRequest(db, {
        id,
        kind: 'social',
        provider,
        nonce,
        codeVerifier,
        redirectUri,
        data: {
          ...(input.invitationToken ? { invitationToken: input.invitationToken } : {}),
          ...(input.redirectUrl ? { redirectUrl: input.redirectUrl } : {}),
          browserBinding: input.binding,
        },
        createdAt: now,
        expiresAt: addSeconds(now, REQUEST_SECONDS),
      });
      const scopes = [...new Set([...definition.scopes, ...row.additionalScopes])];
      const url = new URL(endpoints.authorizationEndpoint);
      const params: Record<string, string> = {
        response_type: 'code',
        client_id: row.clientId ?? '',
        redirect_uri: redirectUri,
        scope: scopes.join(' '),
        state: encodeSocialLoginState({ provider, id }),
        code_challenge: pkceChallengeOf(codeVerifier),
        code_challenge_method: 'S256',
        ...(nonce ? { nonce } : {}),
        ...definition.authorizationParams,
      };
      for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
      return url.toString();
    },

    /**
     * POST /user/sso/{provider}/postlogin: takes the sign-in in flight once (its provider must be the
     * one called), gets who signed in from the provider (code exchange with PKCE; the ID token's
     * signature, issuer, audience, expiry and nonce, or the provider's API), then signs them in.
     */
    async postLogin(
      provider: SocialProvider,
      input: SocialCallbackInput,
      meta: RequestMeta,
      browser: BrowserBindingCheck,
    ): Promise<SocialLoginAnswer> {
      const state = input.state ? decodeSocialLoginState(input.state) : null;
      if (!state) return failure(provider, meta, 'no state of ours', errorCatalogue.social.requestNotFound);
      const request = await consumeFederatedLoginRequest(db, {
        id: state.id,
        kind: 'social',
        now: clock.now(),
      });
      if (!request)
        return failure(
          provider,
          meta,
          'unknown, used or expired state',
          errorCatalogue.social.requestNotFound,
        );
      if (request.provider !== provider || state.provider !== provider)
        return failure(
          provider,
          meta,
          `state of ${request.provider ?? 'another provider'}`,
          errorCatalogue.social.requestNotFound,
        );
      if (!browser.holds(request.data.browserBinding))
        return failure(provider, meta, BROWSER_MISMATCH, errorCatalogue.social.requestNotFound);
      // Apple's answer reaches the page through our receiver of its form: the page then names itself.
      const relayed =
        socialProviderCatalogue[provider].redirectPath !== undefined && input.redirectUri === successPageUrl;
      if (input.redirectUri && input.redirectUri !== request.redirectUri && !relayed)
        return failure(provider, meta, 'redirectUri differs', errorCatalogue.social.invalidCallback);
      // The verifier is the server's: one sent along must be the same (else the code is another sign-in's).
      if (input.codeVerifier && input.codeVerifier !== request.codeVerifier)
        return failure(provider, meta, 'PKCE verifier differs', errorCatalogue.social.providerRefused);
      const row = await findSocialLoginProvider(db, provider);
      if (!isUsable(row))
        return failure(provider, meta, 'provider not active', errorCatalogue.social.providerNotActive);

      let identity: SocialIdentity;
      try {
        identity = await identityAt(socialProviderCatalogue[provider], row, request, input);
      } catch (error) {
        if (error instanceof AppError)
          return failure(provider, meta, `provider answer: ${error.errorCode}`, error);
        throw error;
      }
      if (!identity.subject)
        return failure(provider, meta, 'no subject from the provider', errorCatalogue.social.invalidCallback);
      return atomically(db, () => signInAccount(provider, identity, request, input, meta));
    },
  };
}

/** The provider's documented client authentication, unless the vendor's configuration names another. */
const authMethodOf = (
  definition: SocialProviderDefinition,
  row: SocialLoginProviderRow,
): TokenEndpointAuthMethod => {
  const chosen = row.options.tokenEndpointAuthMethod;
  return tokenEndpointAuthMethods.find((method) => method === chosen) ?? definition.tokenEndpointAuthMethod;
};

const userWho = (user: UserRow) => ({ id: user.id, email: user.email, tenantId: user.activeTenantId });

const stringOf = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

export type SocialLoginService = ReturnType<typeof createSocialLoginService>;
