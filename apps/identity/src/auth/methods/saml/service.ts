// Issue 13: the SAML 2.0 service provider of the tenants' SSO connections. start() sends the browser to
// the IdP with an AuthnRequest whose id is kept in the database (any instance finishes what another
// started); receive() is the assertion consumer: it finds the connection the response belongs to,
// runs every check of validation.ts, refuses a replayed assertion, then hands the sign-in to the web
// app with a single-use code (a live test gets its report instead). postLogin() is where the web app
// exchanges that code (or a caller posts a raw response) for the validated profile.
import { randomBytes } from 'node:crypto';
import { webPaths } from '@brizo/contract';
import type { Config } from '../../../config.js';
import type { Db } from '../../../db/client.js';
import {
  consumeFederatedLoginRequest,
  consumeSsoHandoff,
  insertFederatedLoginRequest,
  insertSsoHandoff,
  recordAssertionIdOnce,
} from '../../../db/queries/federated.js';
import {
  findSamlConnectionsByIdpEntityId,
  findSsoConnectionById,
} from '../../../db/queries/sso-connections.js';
import { insertSsoTestReport } from '../../../db/queries/sso-settings.js';
import type { FederatedLoginPurpose } from '../../../db/schema/index.js';
import { appError, errorCatalogue } from '../../../errors.js';
import { createSecretBox } from '../../../lib/sealed-secrets.js';
import { generateToken, hashToken } from '../../../lib/secrets.js';
import { addSeconds, type Clock } from '../../../lib/time.js';
import { auditEvents, recordAudit, type RequestMeta } from '../../../services/audit.js';
import { BROWSER_MISMATCH, type BrowserBindingCheck } from '../../federated/browser-binding.js';
import type { FederatedProfile, SsoConnectionRow, SsoProtocolStart } from '../../federated/types.js';
import { createSpKeyStore } from './sp-keys.js';
import {
  certificatePem,
  peekSamlResponse,
  validateSamlResponse,
  type SamlFailure,
  type SamlServiceProvider,
  type SamlValidation,
  nodeSaml,
} from './validation.js';
import { SamlXmlError } from './xml.js';

/** The sign-in key of the method list; SSO is switched on per tenant by its connections, not by a strategy. */
export const SAML_METHOD = 'saml';

/** How long the IdP may take to send the person back. */
const REQUEST_TTL_SECONDS = 10 * 60;
/** How long the web app's callback page has to exchange the hand-off code. */
const HANDOFF_TTL_SECONDS = 60;
const UNSPECIFIED_NAME_ID = 'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified';
const EMAIL_NAME_ID = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';
/** A hand-off code (generateToken: 32 bytes, base64url): never mistaken for a base64 SAML response. */
const HANDOFF_CODE = /^[A-Za-z0-9_-]{43}$/;

/** Why a response was refused: a key of errorCatalogue.saml. */
export type SamlRefusal =
  SamlFailure | 'assertionReplayed' | 'unknownIdentityProvider' | 'unsolicitedNotAllowed';

/** Our SP's addresses: one entity id and one assertion consumer for every connection. */
export function samlServiceProvider(publicUrl: string): SamlServiceProvider {
  return {
    entityId: `${publicUrl}/frontegg/saml/metadata`,
    acsUrl: `${publicUrl}/frontegg/auth/saml/callback`,
  };
}

export interface SamlServiceDeps {
  db: Db;
  config: Pick<Config, 'publicUrl' | 'secretsKey' | 'production'>;
  clock: Clock;
}

/**
 * The browser binding of the sign-in a response answers (browser-binding.ts); none for an
 * IdP-initiated response, which answers no request.
 */
type Solicited = { spInitiated: true; browserBinding: unknown } | { spInitiated: false };

type Accepted =
  | {
      ok: true;
      connection: SsoConnectionRow;
      purpose: FederatedLoginPurpose;
      validation: Extract<SamlValidation, { ok: true }>;
      solicited: Solicited;
    }
  | {
      ok: false;
      refusal: SamlRefusal;
      reason: string;
      connection?: SsoConnectionRow;
      purpose?: FederatedLoginPurpose;
      validation?: SamlValidation;
    };

export interface SamlService extends SsoProtocolStart {
  /** The assertion consumer: where the browser goes next (the web app's callback or the test's end). */
  receive(posted: { samlResponse: string; relayState?: string }, meta: RequestMeta): Promise<string>;
  /**
   * The web app's exchange of a hand-off code, or a raw SAMLResponse posted directly: the sign-in to
   * complete. One that answers our request must come from the browser that started it.
   */
  postLogin(
    posted: { samlResponse: string; relayState?: string },
    meta: RequestMeta,
    browser: BrowserBindingCheck,
  ): Promise<{ connection: SsoConnectionRow; profile: FederatedProfile }>;
  /** Our SP metadata (entity id, assertion consumer, signing certificate). */
  metadata(): Promise<string>;
  /** Our SP signing certificate, PEM. */
  certificate(): Promise<string>;
}

const refusalEvent = (refusal: SamlRefusal) =>
  refusal === 'invalidSignature'
    ? auditEvents.samlSignatureRefused
    : refusal === 'assertionReplayed'
      ? auditEvents.samlAssertionReplayed
      : auditEvents.samlResponseRefused;

export function createSamlService(deps: SamlServiceDeps): SamlService {
  const { db, config, clock } = deps;
  const sp = samlServiceProvider(config.publicUrl);
  const keys = createSpKeyStore({
    db,
    clock,
    secrets: createSecretBox({ key: config.secretsKey, production: config.production }),
    commonName: new URL(config.publicUrl).host,
  });
  const webUrl = (path: string, query: Record<string, string>) =>
    `${config.publicUrl}${path}?${new URLSearchParams(query).toString()}`;

  /** Which connection (and sign-in in flight) a response belongs to, from what it says unverified. */
  async function locate(
    samlResponse: string,
    now: Date,
  ): Promise<
    | {
        connections: SsoConnectionRow[];
        purpose: FederatedLoginPurpose;
        inResponseTo: string | null;
        solicited: Solicited;
      }
    | Extract<Accepted, { ok: false }>
  > {
    let peeked: ReturnType<typeof peekSamlResponse>;
    try {
      peeked = peekSamlResponse(samlResponse);
    } catch (error) {
      if (!(error instanceof SamlXmlError)) throw error;
      const refusal = error.refusal === 'unsafe' ? 'unsafeResponse' : 'malformedResponse';
      return { ok: false, refusal, reason: error.message };
    }
    if (peeked.inResponseTo) {
      // Taken once, whatever the checks say next: an answer is never accepted twice for one request.
      const request = await consumeFederatedLoginRequest(db, { id: peeked.inResponseTo, kind: 'saml', now });
      const connection = request?.connectionId
        ? await findSsoConnectionById(db, request.connectionId)
        : undefined;
      if (!request || !connection)
        return {
          ok: false,
          refusal: 'unknownRequest',
          reason: 'InResponseTo names no sign-in in flight (unknown, already answered or expired)',
        };
      return {
        connections: [connection],
        purpose: request.purpose,
        inResponseTo: request.id,
        solicited: { spInitiated: true, browserBinding: request.data.browserBinding },
      };
    }
    const candidates = peeked.issuer ? await findSamlConnectionsByIdpEntityId(db, peeked.issuer) : [];
    if (candidates.length === 0)
      return {
        ok: false,
        refusal: 'unknownIdentityProvider',
        reason: `No SAML configuration has the IdP entity ID ${peeked.issuer ?? '(none sent)'}`,
      };
    const allowed = candidates.filter((connection) => connection.allowIdpInitiated);
    if (allowed.length === 0)
      return {
        ok: false,
        refusal: 'unsolicitedNotAllowed',
        reason: 'An unsolicited response, and the configuration does not allow IdP-initiated sign-in',
        connection: candidates[0],
      };
    return { connections: allowed, purpose: 'login', inResponseTo: null, solicited: { spInitiated: false } };
  }

  /** Every check, then the replay record: the one way a posted response is accepted. */
  async function accept(samlResponse: string): Promise<Accepted> {
    const now = clock.now();
    const located = await locate(samlResponse, now);
    if ('ok' in located) return located;
    let first: Extract<Accepted, { ok: false }> | undefined;
    // Several connections may name the same IdP (tenants of one IdP organisation): the one whose
    // certificate verifies the signature is the one it belongs to.
    for (const connection of located.connections) {
      const validation = await validateSamlResponse({
        samlResponse,
        connection,
        sp,
        now,
        inResponseTo: located.inResponseTo,
      });
      if (!validation.ok) {
        first ??= {
          ok: false,
          refusal: validation.failure,
          reason: validation.reason,
          connection,
          purpose: located.purpose,
          validation,
        };
        continue;
      }
      const fresh = await recordAssertionIdOnce(db, {
        connectionId: connection.id,
        assertionId: validation.assertion.id,
        expiresAt: validation.assertion.validUntil,
      });
      if (!fresh)
        return {
          ok: false,
          refusal: 'assertionReplayed',
          reason: `Assertion ${validation.assertion.id} was already accepted`,
          connection,
          purpose: located.purpose,
          validation,
        };
      return { ok: true, connection, purpose: located.purpose, validation, solicited: located.solicited };
    }
    return (
      first ?? { ok: false, refusal: 'invalidResponse', reason: 'No configuration accepted the response' }
    );
  }

  async function auditRefusal(refused: Extract<Accepted, { ok: false }>, meta: RequestMeta): Promise<void> {
    await recordAudit(
      db,
      refusalEvent(refused.refusal),
      meta,
      {
        tenantId: refused.connection?.tenantId ?? null,
        description: refused.reason,
        json: {
          protocol: 'saml',
          errorCode: errorCatalogue.saml[refused.refusal].code,
          reason: refused.reason,
          ...(refused.connection && { connectionId: refused.connection.id }),
          ...(refused.validation?.nameId && { nameId: refused.validation.nameId }),
        },
      },
      clock.now(),
    );
  }

  /**
   * An SP-initiated sign-in finishes in the browser that started it (browser-binding.ts); a
   * hand-off without `solicited` (made before bindings existed) counts as SP-initiated: refused.
   */
  async function assertStartedHere(
    solicited: unknown,
    connection: SsoConnectionRow,
    meta: RequestMeta,
    browser: BrowserBindingCheck,
  ): Promise<void> {
    const idpInitiated =
      typeof solicited === 'object' &&
      solicited !== null &&
      'spInitiated' in solicited &&
      solicited.spInitiated === false;
    if (idpInitiated) return;
    const stored =
      typeof solicited === 'object' && solicited !== null && 'browserBinding' in solicited
        ? solicited.browserBinding
        : undefined;
    if (browser.holds(stored)) return;
    await auditRefusal({ ok: false, refusal: 'unknownRequest', reason: BROWSER_MISMATCH, connection }, meta);
    throw appError(errorCatalogue.saml.unknownRequest);
  }

  /** The live test's report: every check, what came back, and why it failed if it did. */
  async function storeTestReport(accepted: Accepted, connection: SsoConnectionRow, meta: RequestMeta) {
    const validation = accepted.validation;
    const report = {
      protocol: 'saml',
      succeeded: accepted.ok,
      checks: validation?.checks ?? [],
      profile: accepted.ok ? accepted.validation.profile : null,
      nameId: validation?.nameId ?? null,
      nameIdFormat: validation?.nameIdFormat ?? null,
      attributes: validation?.attributes ?? {},
      ...(!accepted.ok && {
        error: { errorCode: errorCatalogue.saml[accepted.refusal].code, message: accepted.reason },
      }),
    };
    const row = await insertSsoTestReport(db, {
      connectionId: connection.id,
      succeeded: accepted.ok,
      report,
      createdAt: clock.now(),
    });
    await recordAudit(
      db,
      auditEvents.samlTestCompleted,
      meta,
      {
        tenantId: connection.tenantId,
        description: accepted.ok ? 'Succeeded' : accepted.reason,
        json: { connectionId: connection.id, reportId: row.id, succeeded: accepted.ok },
      },
      clock.now(),
    );
    return row.id;
  }

  return {
    async start(connection, { purpose, binding }) {
      if (
        connection.protocol !== 'saml' ||
        !connection.ssoEndpoint ||
        connection.idpCertificates.length === 0
      )
        throw appError(errorCatalogue.sso.protocolUnavailable);
      // An xs:ID must not start with a digit.
      const id = `_${randomBytes(20).toString('hex')}`;
      const now = clock.now();
      await insertFederatedLoginRequest(db, {
        id,
        kind: 'saml',
        connectionId: connection.id,
        purpose,
        data: { browserBinding: binding },
        createdAt: now,
        expiresAt: addSeconds(now, REQUEST_TTL_SECONDS),
      });
      const key = connection.signRequest ? await keys.get() : undefined;
      const { SAML, ValidateInResponseTo } = nodeSaml();
      const saml = new SAML({
        entryPoint: connection.ssoEndpoint,
        issuer: sp.entityId,
        callbackUrl: sp.acsUrl,
        idpCert: connection.idpCertificates.map(certificatePem),
        generateUniqueId: () => id,
        // Ours is the store of requests in flight (federated_login_requests), shared by every instance.
        validateInResponseTo: ValidateInResponseTo.never,
        identifierFormat: UNSPECIFIED_NAME_ID,
        // Asking for a password-based context fails at IdPs that sign in with MFA, Kerberos or a passkey.
        disableRequestedAuthnContext: true,
        ...(key && { privateKey: key.privateKey, signatureAlgorithm: 'sha256' as const }),
      });
      return saml.getAuthorizeUrlAsync(id, undefined, {});
    },

    async receive(posted, meta) {
      const accepted = await accept(posted.samlResponse);
      if (accepted.purpose === 'test' && accepted.connection) {
        const reportId = await storeTestReport(accepted, accepted.connection, meta);
        return webUrl(webPaths.ssoTestComplete, { reportId });
      }
      if (!accepted.ok) {
        await auditRefusal(accepted, meta);
        return webUrl(webPaths.samlCallback, { error: errorCatalogue.saml[accepted.refusal].code });
      }
      const code = generateToken();
      const now = clock.now();
      await insertSsoHandoff(db, {
        codeHash: hashToken(code),
        connectionId: accepted.connection.id,
        // The binding travels with the hand-off: the post-login, not this cross-site POST, checks it.
        payload: { profile: accepted.validation.profile, solicited: accepted.solicited },
        createdAt: now,
        expiresAt: addSeconds(now, HANDOFF_TTL_SECONDS),
      });
      return webUrl(webPaths.samlCallback, {
        code,
        ...(posted.relayState && { RelayState: posted.relayState }),
      });
    },

    async postLogin(posted, meta, browser) {
      if (HANDOFF_CODE.test(posted.samlResponse)) {
        const handoff = await consumeSsoHandoff(db, {
          codeHash: hashToken(posted.samlResponse),
          now: clock.now(),
        });
        const connection = handoff && (await findSsoConnectionById(db, handoff.connectionId));
        const profile = handoff?.payload.profile as FederatedProfile | undefined;
        if (!connection || !profile) throw appError(errorCatalogue.saml.handoffInvalid);
        await assertStartedHere(handoff.payload.solicited, connection, meta, browser);
        return { connection, profile };
      }
      const accepted = await accept(posted.samlResponse);
      if (!accepted.ok) {
        await auditRefusal(accepted, meta);
        throw appError(errorCatalogue.saml[accepted.refusal]);
      }
      // A raw response answering our request stands for the same sign-in as its hand-off would.
      await assertStartedHere(accepted.solicited, accepted.connection, meta, browser);
      // A live test signs nobody in, whichever way its response arrives.
      if (accepted.purpose !== 'login') {
        const refused = {
          ok: false as const,
          refusal: 'unknownRequest' as const,
          reason: 'The response answers a live test',
        };
        await auditRefusal({ ...refused, connection: accepted.connection }, meta);
        throw appError(errorCatalogue.saml.unknownRequest);
      }
      return { connection: accepted.connection, profile: accepted.validation.profile };
    },

    async metadata() {
      const key = await keys.get();
      return nodeSaml().generateServiceProviderMetadata({
        issuer: sp.entityId,
        callbackUrl: sp.acsUrl,
        privateKey: key.privateKey,
        publicCerts: key.certificate,
        identifierFormat: EMAIL_NAME_ID,
        wantAssertionsSigned: true,
      });
    },

    async certificate() {
      return (await keys.get()).certificate;
    },
  };
}
