// A WebAuthn authenticator in software (P-256, "none" attestation), for server tests and the
// passkey benchmark: it builds clientDataJSON and authenticatorData byte for byte as a browser and
// a security key would, so the server's verification runs exactly as in production.
import {
  createHash,
  createPublicKey,
  generateKeyPairSync,
  randomBytes,
  sign,
  type KeyObject,
} from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_DATA = 0x40;

const sha256 = (data: Uint8Array | string): Buffer => createHash('sha256').update(data).digest();
const b64url = (data: Uint8Array): string => Buffer.from(data).toString('base64url');

export interface CeremonyContext {
  /** Where the browser says the page was: must be the relying party's origin. */
  origin: string;
  /** The RP ID the authenticator scopes the credential to. */
  rpId: string;
}

export interface RegistrationJson {
  id: string;
  rawId: string;
  type: 'public-key';
  response: { clientDataJSON: string; attestationObject: string; transports: string[] };
  authenticatorAttachment: 'platform' | 'cross-platform';
}

export interface AssertionJson {
  id: string;
  rawId: string;
  type: 'public-key';
  response: { clientDataJSON: string; authenticatorData: string; signature: string; userHandle?: string };
  authenticatorAttachment: 'platform' | 'cross-platform';
}

export interface SoftwareCredential {
  credentialId: Uint8Array;
  privateKey: KeyObject;
  /** The user handle the relying party gave at registration (base64url), returned on assertions. */
  userHandle: string;
  rpId: string;
  counter: number;
}

function coseKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' });
  if (!jwk.x || !jwk.y) throw new Error('expected an EC public key');
  return isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x, 'base64url')],
      [-3, Buffer.from(jwk.y, 'base64url')],
    ]),
  );
}

function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

function counterBytes(counter: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(counter);
  return bytes;
}

export class SoftwareAuthenticator {
  readonly credentials: SoftwareCredential[] = [];

  constructor(
    /** 'platform' like Touch ID or Windows Hello, 'cross-platform' like a USB security key. */
    readonly attachment: 'platform' | 'cross-platform' = 'platform',
    /** Whether the authenticator verifies the user (PIN, biometrics). */
    readonly verifiesUser = true,
  ) {}

  /** navigator.credentials.create() for the given options' challenge and user handle. */
  register(
    options: { challenge: string; user: { id: string } },
    context: CeremonyContext,
    /** Attest an existing credential again (as a replayed or duplicate registration would). */
    existing?: SoftwareCredential,
  ): { json: RegistrationJson; credential: SoftwareCredential } {
    const credential: SoftwareCredential = existing ?? {
      credentialId: randomBytes(32),
      privateKey: generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey,
      userHandle: options.user.id,
      rpId: context.rpId,
      counter: 0,
    };
    const { credentialId } = credential;
    const publicKey = createPublicKey(credential.privateKey);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credentialId.length);
    const authData = Buffer.concat([
      sha256(context.rpId),
      Buffer.from([FLAG_USER_PRESENT | (this.verifiesUser ? FLAG_USER_VERIFIED : 0) | FLAG_ATTESTED_DATA]),
      counterBytes(0),
      Buffer.alloc(16), // AAGUID: none
      idLength,
      credentialId,
      Buffer.from(coseKey(publicKey)),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]) as Map<string, never>,
    );
    if (!existing) this.credentials.push(credential);
    const id = b64url(credentialId);
    return {
      credential,
      json: {
        id,
        rawId: id,
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge, context.origin)),
          attestationObject: b64url(attestationObject),
          transports: this.attachment === 'platform' ? ['internal'] : ['usb'],
        },
        authenticatorAttachment: this.attachment,
      },
    };
  }

  /** navigator.credentials.get(): signs the challenge with `credential` (default: the newest one). */
  assert(
    options: { challenge: string },
    context: CeremonyContext,
    overrides: { credential?: SoftwareCredential; counter?: number; userHandle?: string | null } = {},
  ): AssertionJson {
    const credential = overrides.credential ?? this.credentials.at(-1);
    if (!credential) throw new Error('no credential registered on this authenticator');
    credential.counter = overrides.counter ?? credential.counter + 1;
    const authenticatorData = Buffer.concat([
      sha256(context.rpId),
      Buffer.from([FLAG_USER_PRESENT | (this.verifiesUser ? FLAG_USER_VERIFIED : 0)]),
      counterBytes(credential.counter),
    ]);
    const clientDataJSON = clientData('webauthn.get', options.challenge, context.origin);
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), {
      key: credential.privateKey,
      dsaEncoding: 'der',
    });
    const id = b64url(credential.credentialId);
    const userHandle = overrides.userHandle === undefined ? credential.userHandle : overrides.userHandle;
    return {
      id,
      rawId: id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(signature),
        ...(userHandle === null ? {} : { userHandle }),
      },
      authenticatorAttachment: this.attachment,
    };
  }
}
