import {
  codeSentSchema,
  enrolledSchema,
  mfaDevicesSchema,
  qrCodeSchema,
  smsCodeSentSchema,
  type CodeSent,
  type Enrolled,
  type MfaDeviceList,
  type SmsCodeSent,
} from '@brizo/contract/entities/mfa-devices';
import type { WebAuthnDeviceType } from '@brizo/contract/enums';
import { base64urlDecode, publicKeyCredentialToJSON } from '@frontegg/redux-store';
import { FetchClient } from '@frontegg/rest-api';
import { useMemo } from 'react';
import { z } from 'zod';
import { APP_NAME } from '../store';
import { useReauthenticationGuard } from './reauthentication';

// The signed-in user's own MFA devices (the admin portal's Privacy section): list, enroll and
// remove an authenticator app, a phone (SMS codes), email codes and security keys. Calls go
// through the SDK's fetch client (base URL, bearer token, error shape); answers are parsed, not
// cast. The SDK has no email-code device calls: those four paths are ours, shaped like the SMS ones.

const MFA = '/identity/resources/users/v1/mfa';

/** GET /mfa/devices, one list per type: the screens read it through this client. */
export type { MfaDeviceList };

/** What the calls need of the SDK's fetch client: JSON in and out, the bearer token added. */
export interface MfaDevicesTransport {
  get(url: string): Promise<unknown>;
  post(url: string, body?: unknown): Promise<unknown>;
}

export type MfaDeviceType = 'authenticator' | 'sms' | 'email' | 'securityKey';

/**
 * SPEC section 5: "MFA devices count one per type". Two security keys or a phone and an app are
 * two types at most once each.
 */
export function countMfaDevices(devices: MfaDeviceList): number {
  return [devices.authenticators, devices.phones, devices.emails, devices.webauthn].filter(
    (list) => list.length > 0,
  ).length;
}

const ceremonySchema = z.object({ webauthnToken: z.string(), options: z.record(z.string(), z.unknown()) });

const idList = z.array(z.object({ id: z.string() }).loose());
/** Server options carry base64url strings; navigator.credentials wants ArrayBuffers. */
function decodeCreationOptions(options: Record<string, unknown>): PublicKeyCredentialCreationOptions {
  const user = z.object({ id: z.string() }).loose().parse(options.user);
  const excluded = idList.optional().parse(options.excludeCredentials);
  return {
    ...options,
    challenge: base64urlDecode(z.string().parse(options.challenge)),
    user: { ...user, id: base64urlDecode(user.id) },
    excludeCredentials: excluded?.map((entry) => ({ ...entry, id: base64urlDecode(entry.id) })),
  } as PublicKeyCredentialCreationOptions;
}
export function decodeRequestOptions(options: Record<string, unknown>): PublicKeyCredentialRequestOptions {
  const allowed = idList.optional().parse(options.allowCredentials);
  return {
    ...options,
    challenge: base64urlDecode(z.string().parse(options.challenge)),
    allowCredentials: allowed?.map((entry) => ({ ...entry, id: base64urlDecode(entry.id) })),
  } as PublicKeyCredentialRequestOptions;
}

/** A security-key ceremony: the decoded options for the browser and the token naming it. */
export interface SecurityKeyCeremony<Options> {
  webauthnToken: string;
  options: Options;
}

export interface MfaDevicesApi {
  list(): Promise<MfaDeviceList>;
  authenticator: {
    /** The otpauth:// URI to show as a QR code (its `secret` is the manual key). */
    start(): Promise<{ qrCode: string }>;
    finish(code: string): Promise<Enrolled>;
    remove(deviceId: string, code: string): Promise<void>;
  };
  sms: {
    start(phoneNumber: string): Promise<SmsCodeSent>;
    finish(sent: CodeSent, code: string): Promise<Enrolled>;
    /** Texts a code to the phone being removed; the answer's number is masked. */
    startRemoval(deviceId: string): Promise<SmsCodeSent>;
    finishRemoval(deviceId: string, sent: CodeSent, code: string): Promise<void>;
  };
  email: {
    start(): Promise<CodeSent>;
    finish(sent: CodeSent, code: string): Promise<Enrolled>;
    startRemoval(): Promise<CodeSent>;
    finishRemoval(sent: CodeSent, code: string): Promise<void>;
  };
  securityKey: {
    start(): Promise<SecurityKeyCeremony<PublicKeyCredentialCreationOptions>>;
    finish(
      ceremony: { webauthnToken: string; credential: Credential },
      deviceType: WebAuthnDeviceType,
    ): Promise<Enrolled>;
    startRemoval(deviceId: string): Promise<SecurityKeyCeremony<PublicKeyCredentialRequestOptions>>;
    finishRemoval(
      deviceId: string,
      ceremony: { webauthnToken: string; credential: Credential },
    ): Promise<void>;
  };
}

/** The calls over any transport (the SDK's fetch client in the app, a recording one in tests). */
export function createMfaDevicesApi(transport: MfaDevicesTransport): MfaDevicesApi {
  const post = async <T>(schema: z.ZodType<T>, path: string, body?: unknown): Promise<T> =>
    schema.parse(await transport.post(`${MFA}${path}`, body));
  const done = async (path: string, body?: unknown): Promise<void> => {
    await transport.post(`${MFA}${path}`, body);
  };
  const device = (id: string) => encodeURIComponent(id);
  return {
    list: async () => mfaDevicesSchema.parse(await transport.get(`${MFA}/devices`)),
    authenticator: {
      start: () => post(qrCodeSchema, '/authenticator/enroll'),
      finish: (code) => post(enrolledSchema, '/authenticator/enroll/verify', { token: code }),
      remove: (deviceId, code) => done(`/authenticator/${device(deviceId)}/disable/verify`, { token: code }),
    },
    sms: {
      start: (phoneNumber) => post(smsCodeSentSchema, '/sms/enroll', { phoneNumber }),
      finish: (sent, code) => post(enrolledSchema, '/sms/enroll/verify', { otcToken: sent.otcToken, code }),
      startRemoval: (deviceId) => post(smsCodeSentSchema, `/sms/${device(deviceId)}/disable`),
      finishRemoval: (deviceId, sent, code) =>
        done(`/sms/${device(deviceId)}/disable/verify`, { otcToken: sent.otcToken, code }),
    },
    email: {
      start: () => post(codeSentSchema, '/emailcode/enroll'),
      finish: (sent, code) =>
        post(enrolledSchema, '/emailcode/enroll/verify', { otcToken: sent.otcToken, code }),
      startRemoval: () => post(codeSentSchema, '/emailcode/disable'),
      finishRemoval: (sent, code) => done('/emailcode/disable/verify', { otcToken: sent.otcToken, code }),
    },
    securityKey: {
      start: async () => {
        const ceremony = await post(ceremonySchema, '/webauthn/enroll');
        return { webauthnToken: ceremony.webauthnToken, options: decodeCreationOptions(ceremony.options) };
      },
      finish: (ceremony, deviceType) =>
        post(enrolledSchema, '/webauthn/enroll/verify', {
          webauthnToken: ceremony.webauthnToken,
          deviceType,
          options: publicKeyCredentialToJSON(ceremony.credential),
        }),
      startRemoval: async (deviceId) => {
        const ceremony = await post(ceremonySchema, `/webauthn/${device(deviceId)}/disable`);
        return { webauthnToken: ceremony.webauthnToken, options: decodeRequestOptions(ceremony.options) };
      },
      finishRemoval: (deviceId, ceremony) =>
        done(`/webauthn/${device(deviceId)}/disable/verify`, {
          webauthnToken: ceremony.webauthnToken,
          options: publicKeyCredentialToJSON(ceremony.credential),
        }),
    },
  };
}

/** The signed-in user's MFA device calls, through the SDK's fetch client. Failures reject with the server's message. */
export function useMfaDevicesApi(): MfaDevicesApi {
  // Issue 10: every enrollment and removal needs a recent sign-in; the guard asks the user to confirm.
  const guard = useReauthenticationGuard();
  return useMemo(() => {
    const client = new FetchClient(APP_NAME);
    return createMfaDevicesApi({
      get: (url) => client.get(url),
      post: (url, body) => guard(() => client.post(url, body)),
    });
  }, [guard]);
}
