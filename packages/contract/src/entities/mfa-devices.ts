import { z } from 'zod';
import { webAuthnDeviceTypes } from '../enums.js';

// SPEC section 3 "User" mfaDevices and the answers of the signed-in user's own MFA device calls
// (enroll, verify, remove), as the Privacy section reads them.

/** One list per device type (the SDK's UserMFADevicesResponse). */
export const mfaDevicesSchema = z.object({
  webauthn: z.array(z.object({ id: z.string(), deviceType: z.enum(webAuthnDeviceTypes), name: z.string() })),
  phones: z.array(
    z.object({ id: z.string(), phoneNumber: z.string().describe('Masked but for the last 4 digits') }),
  ),
  authenticators: z.array(z.object({ id: z.string() })),
  emails: z.array(z.object({ email: z.string() })),
});
export type MfaDeviceList = z.infer<typeof mfaDevicesSchema>;

/** An authenticator app's enrollment: the secret to show as a QR code. */
export const qrCodeSchema = z.object({ qrCode: z.string().describe('otpauth:// URI') });

/** A code on its way: its otcToken goes back with the code the user types. */
export const codeSentSchema = z.object({ otcToken: z.string() });
export type CodeSent = z.infer<typeof codeSentSchema>;

/** A code texted to a phone: the number it went to, masked but for the last 4 digits. */
export const smsCodeSentSchema = z.object({ otcToken: z.string(), phoneNumber: z.string() });
export type SmsCodeSent = z.infer<typeof smsCodeSentSchema>;

/** A finished enrollment: the recovery code to show once, when it was the user's first factor. */
export const enrolledSchema = z.object({
  recoveryCode: z.string().optional().describe('Shown once, when this is the first factor of the user'),
});
export type Enrolled = z.infer<typeof enrolledSchema>;
