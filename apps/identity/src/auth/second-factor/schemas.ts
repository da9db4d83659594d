import { mfaDevicesSchema } from '@brizo/contract/entities/mfa-devices';
import { enrolledSchema } from '@brizo/contract/entities/mfa-devices';
import { z } from 'zod';
import { loginResponse } from '../../routes/schemas.js';

// Wire schemas of the MFA endpoints (the SDK's rest-api auth interfaces), written once here.

export const mfaDevicesResponse = mfaDevicesSchema;

/** The first-factor answer when a second factor is due. */
export const mfaRequiredResponse = z.object({
  tokenType: z.literal('bearer'),
  mfaRequired: z.literal(true),
  mfaToken: z.string().describe('Single use, 10 minutes: send it with the second factor'),
  mfaEnrolled: z.boolean(),
  mfaDevices: mfaDevicesResponse.optional(),
  mfaStrategies: z.array(z.string()).optional().describe('Forced enrollment: the strategies to choose from'),
  qrCode: z
    .string()
    .optional()
    .describe('Forced enrollment: the otpauth:// URI of the authenticator secret (render it as a QR code)'),
  userId: z.string(),
  userEmail: z.string(),
  emailVerified: z.boolean(),
});

/** A passed second factor: the login response, plus the recovery code after an enrollment. */
export const mfaLoginResponse = loginResponse.extend({
  recoveryCode: z.string().optional().describe('Shown once, after an enrollment'),
  amr: z.array(z.string()).optional(),
});

export const mfaTokenField = z
  .string({ error: 'mfaToken is required' })
  .min(1, 'mfaToken is required')
  .max(512);
export const otcTokenField = z
  .string({ error: 'otcToken is required' })
  .min(1, 'otcToken is required')
  .max(512);
export const mfaCodeField = z
  .string({ error: 'code is required' })
  .trim()
  .regex(/^\d{6}$/, 'MFA codes are 6 digits');
export const deviceIdParams = z.object({ deviceId: z.uuid({ error: 'deviceId must be a valid id' }) });

export const rememberDeviceField = z
  .boolean()
  .optional()
  .describe('Remember this device for the policy period');

/** A code emailed or texted during a login or step-up, with the mfaToken it belongs to. */
export const codeVerificationBody = z.object({
  mfaToken: mfaTokenField,
  otcToken: otcTokenField,
  code: mfaCodeField,
  rememberDevice: rememberDeviceField,
});

/** A signed-in user's proof of a phone or address being added or removed as a factor. */
export const codeProofBody = z.object({ otcToken: otcTokenField, code: mfaCodeField });

/** A finished self-service enrollment. */
export const enrolledResponse = enrolledSchema;
