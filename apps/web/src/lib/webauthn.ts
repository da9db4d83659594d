// The browser half of WebAuthn (passkeys and security keys): navigator.credentials with the options the store decoded, and
// the answer as a plain credential object the store can serialise (ArrayBuffers become base64url).

export type Ceremony = 'sign-in' | 'registration';

export { isWebAuthnAvailable } from './webauthn-available';

/** Thrown when the browser gave no credential back without saying why. */
class NoCredentialError extends Error {
  override name = 'NoCredentialError';
}

function asPublicKeyCredential(credential: Credential | null): PublicKeyCredential {
  if (!credential || credential.type !== 'public-key') throw new NoCredentialError('No credential returned');
  return credential as PublicKeyCredential;
}

const attachmentOf = (credential: PublicKeyCredential): string | null =>
  'authenticatorAttachment' in credential ? (credential.authenticatorAttachment ?? null) : null;

/** The credential as data: what the server needs, nothing the browser object adds on. */
export interface CredentialPayload extends Credential {
  rawId: ArrayBuffer;
  authenticatorAttachment: string | null;
  response: Record<string, ArrayBuffer | string[] | null>;
}

/** The credential's own fields with the response parts the server reads. */
const payloadOf = (
  credential: PublicKeyCredential,
  response: CredentialPayload['response'],
): CredentialPayload => ({
  id: credential.id,
  type: credential.type,
  rawId: credential.rawId,
  authenticatorAttachment: attachmentOf(credential),
  response,
});

/** navigator.credentials.get(): the user picks a passkey (or touches the security key). */
export async function getAssertion(
  options: PublicKeyCredentialRequestOptions,
  signal?: AbortSignal,
): Promise<CredentialPayload> {
  const credential = asPublicKeyCredential(await navigator.credentials.get({ publicKey: options, signal }));
  const response = credential.response as AuthenticatorAssertionResponse;
  return payloadOf(credential, {
    clientDataJSON: response.clientDataJSON,
    authenticatorData: response.authenticatorData,
    signature: response.signature,
    userHandle: response.userHandle,
  });
}

/** navigator.credentials.create(): a new passkey or security key for the user. */
export async function createCredential(
  options: PublicKeyCredentialCreationOptions,
  signal?: AbortSignal,
): Promise<CredentialPayload> {
  const credential = asPublicKeyCredential(
    await navigator.credentials.create({ publicKey: options, signal }),
  );
  const response = credential.response as AuthenticatorAttestationResponse;
  return payloadOf(credential, {
    clientDataJSON: response.clientDataJSON,
    attestationObject: response.attestationObject,
    // Lets the browser offer the right way to reach the key next time (USB, NFC, this device...).
    transports: typeof response.getTransports === 'function' ? response.getTransports() : [],
  });
}

/** What the ceremony was for, in the user's words. */
export type CredentialKind = 'passkey' | 'security key';

/** A browser failure as one sentence for the form alert. */
export function describeCeremonyError(
  error: unknown,
  ceremony: Ceremony,
  kind: CredentialKind = 'passkey',
): string {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  const signIn = ceremony === 'sign-in';
  switch (name) {
    case 'NotAllowedError':
    case 'AbortError':
      if (!signIn) return `Adding a ${kind} was cancelled or timed out. Please try again.`;
      return kind === 'passkey'
        ? 'Passkey sign-in was cancelled or timed out. Please try again.'
        : 'Verification with your security key was cancelled or timed out. Please try again.';
    case 'InvalidStateError':
      return kind === 'passkey'
        ? 'This device already has a passkey for your account.'
        : 'This security key is already registered.';
    case 'SecurityError':
      return `A ${kind} cannot be used on this address.`;
    case 'NotSupportedError':
      return `This browser or device does not support ${kind === 'passkey' ? 'passkeys' : 'security keys'}.`;
    default:
      if (!signIn) return `We could not add a ${kind}. Please try again.`;
      return kind === 'passkey'
        ? 'We could not sign you in with a passkey. Please try again.'
        : 'We could not verify your security key. Please try again.';
  }
}
