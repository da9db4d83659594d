import { z } from 'zod';

// Wire shapes of WebAuthn as the SDK sends them: binary fields are unpadded base64url strings
// (the SDK's publicKeyCredentialToJSON); anything else the browser object carried is dropped.

const base64url = (field: string, max = 16_384) =>
  z
    .string({ error: `${field} is required` })
    .min(1, `${field} is required`)
    .max(max, `${field} is too long`)
    .regex(/^[A-Za-z0-9_-]+$/, `${field} must be base64url`);

const attachment = z.enum(['platform', 'cross-platform']).nullish();

export const deviceTypeSchema = z.enum(['Platform', 'CrossPlatform']);

/** navigator.credentials.get()'s answer. */
export const assertionSchema = z.object({
  id: base64url('id', 1024),
  response: z.object(
    {
      clientDataJSON: base64url('response.clientDataJSON'),
      authenticatorData: base64url('response.authenticatorData'),
      signature: base64url('response.signature', 2048),
      userHandle: base64url('response.userHandle', 256).nullish(),
    },
    { error: 'response is required' },
  ),
  authenticatorAttachment: attachment,
});

/** navigator.credentials.create()'s answer. */
export const attestationSchema = z.object({
  id: base64url('id', 1024),
  response: z.object(
    {
      clientDataJSON: base64url('response.clientDataJSON'),
      attestationObject: base64url('response.attestationObject', 65_536),
      transports: z.array(z.string().max(32)).max(16).optional(),
    },
    { error: 'response is required' },
  ),
  authenticatorAttachment: attachment,
  deviceType: deviceTypeSchema.optional(),
});

const credentialDescriptor = z.object({
  id: z.string(),
  type: z.string().describe('public-key'),
  transports: z.array(z.string()).optional(),
});

/** PublicKeyCredentialRequestOptionsJSON: the SDK decodes challenge and ids before calling the browser. */
export const requestOptionsSchema = z.object({
  challenge: z.string(),
  timeout: z.number().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(credentialDescriptor).optional(),
  userVerification: z.enum(['required', 'preferred', 'discouraged']).optional(),
});

/** PublicKeyCredentialCreationOptionsJSON. */
export const creationOptionsSchema = z.object({
  challenge: z.string(),
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.object({ type: z.string().describe('public-key'), alg: z.number() })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(credentialDescriptor).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
      residentKey: z.enum(['required', 'preferred', 'discouraged']).optional(),
      requireResidentKey: z.boolean().optional(),
      userVerification: z.enum(['required', 'preferred', 'discouraged']).optional(),
    })
    .optional(),
  attestation: z.enum(['none', 'indirect', 'direct', 'enterprise']).optional(),
  extensions: z.object({ credProps: z.boolean().optional() }).optional(),
});

/** Names the challenge an options answer issued, to send back with the browser's answer to it. */
export const webauthnTokenField = z
  .string({ error: 'webauthnToken is required' })
  .min(1, 'webauthnToken is required')
  .max(512);
