// The WebAuthn ceremonies every use shares (passkeys, security keys as MFA): options with a
// stored single-use challenge, then verification of the browser's answer against that challenge,
// this relying party and the stored credential. Callers decide what a verified answer means.
import type * as SimpleWebAuthn from '@simplewebauthn/server';
import type {
  AuthenticatorTransport,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import { z } from 'zod';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import {
  consumeWebAuthnChallenge,
  insertWebAuthnChallenge,
  type WebAuthnChallengeRow,
} from '../../db/queries/webauthn-challenges.js';
import type { WebAuthnDeviceType } from '@brizo/contract';
import type { WebAuthnCeremony } from '../../db/schema/index.js';
import { appError, errorCatalogue } from '../../errors.js';
import { lazyModule } from '../../lib/lazy-module.js';
import { addSeconds, type Clock } from '../../lib/time.js';

/** SimpleWebAuthn (and its ASN.1 and COSE libraries) is loaded at the first ceremony. */
const simpleWebAuthn = lazyModule<typeof SimpleWebAuthn>('@simplewebauthn/server');

/** How long the browser may take (options.timeout); the stored challenge lives a little longer. */
export const CEREMONY_TIMEOUT_MS = 120_000;
export const CHALLENGE_TTL_SECONDS = 300;

/** EdDSA, ES256, RS256: what authenticators actually use; no newer algorithm the runtime may lack. */
const SUPPORTED_ALGORITHMS = [-8, -7, -257];

export interface RelyingParty {
  /** The RP ID: PUBLIC_URL's host name (`localhost` in development and the browser journeys). */
  id: string;
  name: string;
  /** Origins a response may come from: PUBLIC_URL's origin. */
  origins: string[];
}

export function relyingPartyFromConfig(config: Pick<Config, 'publicUrl'>): RelyingParty {
  const url = new URL(config.publicUrl);
  return { id: url.hostname, name: 'Brizo FoodMetrics', origins: [url.origin] };
}

/** A credential as stored, whatever table keeps it. */
export interface StoredCredential {
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
}

/** A credential the authenticator just created and the relying party verified. */
export interface NewCredential {
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
  deviceType: WebAuthnDeviceType;
  aaguid: string;
  backedUp: boolean;
}

/** The browser's answer to navigator.credentials.create(), as the SDK sends it. */
export interface AttestationInput {
  id: string;
  response: { clientDataJSON: string; attestationObject: string; transports?: string[] };
  authenticatorAttachment?: 'platform' | 'cross-platform' | null;
  deviceType?: WebAuthnDeviceType;
}

/** The browser's answer to navigator.credentials.get(), as the SDK sends it. */
export interface AssertionInput {
  id: string;
  response: {
    clientDataJSON: string;
    authenticatorData: string;
    signature: string;
    userHandle?: string | null;
  };
  authenticatorAttachment?: 'platform' | 'cross-platform' | null;
}

const clientDataSchema = z.object({ challenge: z.string().min(1).max(512) });

/** The challenge a response claims to answer, from its clientDataJSON; undefined when unreadable. */
export function challengeOf(clientDataJSON: string): string | undefined {
  try {
    const decoded: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    const parsed = clientDataSchema.safeParse(decoded);
    return parsed.success ? parsed.data.challenge : undefined;
  } catch {
    return undefined;
  }
}

type CatalogueEntryOf<Area extends keyof typeof errorCatalogue> =
  (typeof errorCatalogue)[Area][keyof (typeof errorCatalogue)[Area]];

const KNOWN_TRANSPORTS = new Set(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);
const asTransports = (values: string[]): AuthenticatorTransport[] =>
  values.filter((value): value is AuthenticatorTransport => KNOWN_TRANSPORTS.has(value));

/** The SDK's device type: what the browser reported, else what the client said, else a roaming key. */
function deviceTypeOf(input: AttestationInput): WebAuthnDeviceType {
  if (input.authenticatorAttachment === 'platform') return 'Platform';
  if (input.authenticatorAttachment === 'cross-platform') return 'CrossPlatform';
  return input.deviceType ?? 'CrossPlatform';
}

/** The browser's answer in the JSON shape the verifier reads; the id doubles as rawId. */
const responseJson = <Response>(id: string, response: Response) => ({
  id,
  rawId: id,
  type: 'public-key' as const,
  response,
  clientExtensionResults: {},
});

/** Runs the verifier; whatever it finds wrong (it explains in English) becomes `failure` for the client. */
async function orFail<T>(failure: CatalogueEntryOf<'webauthn'>, verify: () => Promise<T>): Promise<T> {
  try {
    return await verify();
  } catch {
    throw appError(failure);
  }
}

export interface WebAuthnCeremonies {
  readonly relyingParty: RelyingParty;
  registrationOptions(request: {
    ceremony: WebAuthnCeremony;
    user: { id: string; email: string; name: string };
    exclude: StoredCredential[];
    /** Passkeys must be discoverable (sign-in without an email); a second factor need not be. */
    residentKey: 'required' | 'discouraged';
    deviceId?: string | null;
  }): Promise<PublicKeyCredentialCreationOptionsJSON>;
  authenticationOptions(request: {
    ceremony: WebAuthnCeremony;
    userId: string | null;
    allow: StoredCredential[];
    deviceId?: string | null;
  }): Promise<PublicKeyCredentialRequestOptionsJSON>;
  /**
   * Uses the challenge the response names, once: throws challengeInvalid when it was not issued
   * for this ceremony, was used already or has expired.
   */
  consumeChallenge(ceremony: WebAuthnCeremony, clientDataJSON: string): Promise<WebAuthnChallengeRow>;
  /** Verifies a new credential against a consumed challenge; throws `failure` when it does not hold. */
  verifyRegistration(
    input: AttestationInput,
    challenge: WebAuthnChallengeRow,
    failure: CatalogueEntryOf<'webauthn'>,
  ): Promise<NewCredential>;
  /** Verifies an assertion against a consumed challenge and the stored credential; returns the new counter. */
  verifyAuthentication(
    input: AssertionInput,
    challenge: WebAuthnChallengeRow,
    credential: StoredCredential,
  ): Promise<{ counter: number }>;
}

export function createWebAuthnCeremonies(deps: {
  db: Db;
  clock: Clock;
  relyingParty: RelyingParty;
}): WebAuthnCeremonies {
  const { db, clock, relyingParty } = deps;

  /** What every response must match: its own stored challenge, this origin and this RP. */
  const expectations = (challenge: WebAuthnChallengeRow) => ({
    expectedChallenge: challenge.challenge,
    expectedOrigin: relyingParty.origins,
    expectedRPID: relyingParty.id,
  });

  const store = async (
    challenge: string,
    ceremony: WebAuthnCeremony,
    userId: string | null,
    deviceId?: string | null,
  ) => {
    const now = clock.now();
    await insertWebAuthnChallenge(db, {
      challenge,
      ceremony,
      userId,
      deviceId,
      now,
      expiresAt: addSeconds(now, CHALLENGE_TTL_SECONDS),
    });
  };

  return {
    relyingParty,

    async registrationOptions({ ceremony, user, exclude, residentKey, deviceId }) {
      const options = await simpleWebAuthn().generateRegistrationOptions({
        rpName: relyingParty.name,
        rpID: relyingParty.id,
        // The user handle comes back with every passkey assertion: the user's id, never the email.
        userID: new TextEncoder().encode(user.id),
        userName: user.email,
        userDisplayName: user.name || user.email,
        timeout: CEREMONY_TIMEOUT_MS,
        attestationType: 'none',
        excludeCredentials: exclude.map((credential) => ({
          id: credential.credentialId,
          transports: asTransports(credential.transports),
        })),
        authenticatorSelection: {
          residentKey,
          requireResidentKey: residentKey === 'required',
          userVerification: residentKey === 'required' ? 'required' : 'preferred',
        },
        supportedAlgorithmIDs: SUPPORTED_ALGORITHMS,
      });
      await store(options.challenge, ceremony, user.id, deviceId);
      return options;
    },

    async authenticationOptions({ ceremony, userId, allow, deviceId }) {
      const options = await simpleWebAuthn().generateAuthenticationOptions({
        rpID: relyingParty.id,
        timeout: CEREMONY_TIMEOUT_MS,
        allowCredentials: allow.map((credential) => ({
          id: credential.credentialId,
          transports: asTransports(credential.transports),
        })),
        // A passkey replaces the password and the second factor: the authenticator must verify the user.
        userVerification: ceremony === 'passkey-login' ? 'required' : 'preferred',
      });
      await store(options.challenge, ceremony, userId, deviceId);
      return options;
    },

    async consumeChallenge(ceremony, clientDataJSON) {
      const challenge = challengeOf(clientDataJSON);
      const row = challenge
        ? await consumeWebAuthnChallenge(db, { challenge, ceremony, now: clock.now() })
        : undefined;
      if (!row) throw appError(errorCatalogue.webauthn.challengeInvalid);
      return row;
    },

    async verifyRegistration(input, challenge, failure) {
      const verified = await orFail(failure, () =>
        simpleWebAuthn().verifyRegistrationResponse({
          response: responseJson(input.id, {
            clientDataJSON: input.response.clientDataJSON,
            attestationObject: input.response.attestationObject,
            transports: asTransports(input.response.transports ?? []),
          }),
          ...expectations(challenge),
          requireUserVerification: challenge.ceremony === 'passkey-registration',
          supportedAlgorithmIDs: SUPPORTED_ALGORITHMS,
        }),
      );
      if (!verified.verified) throw appError(failure);
      const { credential, aaguid, credentialBackedUp } = verified.registrationInfo;
      // The id the client names must be the one the authenticator attested.
      if (credential.id !== input.id) throw appError(failure);
      return {
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: asTransports(input.response.transports ?? []),
        deviceType: deviceTypeOf(input),
        aaguid,
        backedUp: credentialBackedUp,
      };
    },

    async verifyAuthentication(input, challenge, credential) {
      // Fails on a wrong signature, origin, RP, user verification or a counter that went backwards (a clone).
      const verified = await orFail(errorCatalogue.webauthn.authenticationFailed, () =>
        simpleWebAuthn().verifyAuthenticationResponse({
          response: responseJson(input.id, {
            clientDataJSON: input.response.clientDataJSON,
            authenticatorData: input.response.authenticatorData,
            signature: input.response.signature,
            ...(input.response.userHandle ? { userHandle: input.response.userHandle } : {}),
          }),
          ...expectations(challenge),
          credential: {
            id: credential.credentialId,
            publicKey: new Uint8Array(Buffer.from(credential.publicKey, 'base64url')),
            counter: credential.counter,
            transports: asTransports(credential.transports),
          },
          requireUserVerification: challenge.ceremony === 'passkey-login',
        }),
      );
      if (!verified.verified) throw appError(errorCatalogue.webauthn.authenticationFailed);
      return { counter: verified.authenticationInfo.newCounter };
    },
  };
}
