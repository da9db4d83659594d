import { authErrorCodes } from '@brizo/contract/error-codes';
import { useAuthActions } from '@frontegg/react-hooks';
import { publicKeyCredentialToJSON } from '@frontegg/redux-store';
import { FetchClient } from '@frontegg/rest-api';
import { createContext, useContext, useMemo } from 'react';
import { z } from 'zod';
import { getAssertion } from '../../lib/webauthn';
import { APP_NAME } from '../store';
import { decodeRequestOptions } from './mfa-devices';

// Issue 10: the server refuses to change the email, phone numbers, MFA factors or passkeys when the
// sign-in is older than its max age (403 ER-AUTH-REAUTHENTICATION-REQUIRED). The user then confirms
// it is them on the same session, with their password, a security key or passkey, or a second factor
// (the SDK's step-up calls), the token is renewed, and the change runs again.

export const REAUTHENTICATION_REQUIRED = authErrorCodes.reauthenticationRequired;

/** Whether a failed call was refused for want of a recent sign-in (a FronteggApiError or our Error with errorCode). */
export function isReauthenticationRequired(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'errorCode' in error &&
    (error as { errorCode?: unknown }).errorCode === REAUTHENTICATION_REQUIRED
  );
}

/** Runs a change; when the server asks for a recent sign-in, the user confirms and it runs once more. */
export type ReauthenticationGuard = <T>(change: () => Promise<T>) => Promise<T>;

/**
 * The guard the admin portal provides (components/reauthentication); outside it, changes run as
 * they are and a refusal reaches the caller.
 */
export const ReauthenticationContext = createContext<ReauthenticationGuard>((change) => change());

export function useReauthenticationGuard(): ReauthenticationGuard {
  return useContext(ReauthenticationContext);
}

const AUTH = '/identity/resources/auth/v1/user';

const optionsSchema = z.object({ password: z.boolean(), securityKey: z.boolean().default(false) });
const requestOptionsSchema = z.record(z.string(), z.unknown());
const stepUpSchema = z.object({
  mfaToken: z.string(),
  mfaDevices: z.object({
    phones: z.array(z.object({ id: z.string(), phoneNumber: z.string() })),
    authenticators: z.array(z.object({ id: z.string() })),
    emails: z.array(z.object({ email: z.string() })),
  }),
});
const codeSentSchema = z.object({ otcToken: z.string() });

/** A code factor the user can confirm with through step-up (security keys have their own call). */
export type SecondFactor =
  | { kind: 'authenticator' }
  | { kind: 'sms'; deviceId: string; phoneNumber: string }
  | { kind: 'email'; email: string };

export interface StepUp {
  mfaToken: string;
  factors: SecondFactor[];
}

export interface ReauthenticationApi {
  /** Whether the user has a password, and a security key or passkey (else only a second factor can confirm). */
  options(): Promise<{ password: boolean; securityKey: boolean }>;
  withPassword(password: string): Promise<void>;
  /** Asks the browser for an assertion of one of the user's security keys or passkeys, and confirms with it. */
  withSecurityKey(): Promise<void>;
  /** Starts a step-up: its token and the user's factors; fails with 'MFA is not enrolled' without any. */
  startSecondFactor(): Promise<StepUp>;
  /** Texts or mails a code for the step-up; the answer's otcToken goes back with the code. */
  sendCode(stepUp: StepUp, factor: SecondFactor): Promise<{ otcToken: string } | null>;
  verify(stepUp: StepUp, factor: SecondFactor, code: string, otcToken: string | null): Promise<void>;
}

export interface ReauthenticationTransport {
  get(url: string): Promise<unknown>;
  post(url: string, body?: unknown): Promise<unknown>;
}

/** navigator.credentials.get() for the server's request options; the answer as the server reads it. */
export type AssertWithBrowser = (options: Record<string, unknown>) => Promise<unknown>;

const assertWithBrowser: AssertWithBrowser = async (options) =>
  publicKeyCredentialToJSON(await getAssertion(decodeRequestOptions(options)));

/** The calls over any transport; `renew` fetches a token carrying the new sign-in time. */
export function createReauthenticationApi(
  transport: ReauthenticationTransport,
  renew: () => Promise<unknown>,
  assert: AssertWithBrowser = assertWithBrowser,
): ReauthenticationApi {
  const confirmed = async (call: Promise<unknown>) => {
    await call;
    await renew();
  };
  return {
    options: async () => optionsSchema.parse(await transport.get(`${AUTH}/reauthenticate`)),
    withPassword: (password) => confirmed(transport.post(`${AUTH}/reauthenticate`, { password })),
    withSecurityKey: async () => {
      const options = requestOptionsSchema.parse(
        await transport.post(`${AUTH}/reauthenticate/webauthn/options`),
      );
      const publicKey = await assert(options);
      await confirmed(transport.post(`${AUTH}/reauthenticate/webauthn`, { publicKey }));
    },
    startSecondFactor: async () => {
      const { mfaToken, mfaDevices } = stepUpSchema.parse(
        await transport.post(`${AUTH}/step-up/generate`, {}),
      );
      const factors: SecondFactor[] = [
        ...mfaDevices.authenticators.slice(0, 1).map(() => ({ kind: 'authenticator' as const })),
        ...mfaDevices.phones.map((phone) => ({
          kind: 'sms' as const,
          deviceId: phone.id,
          phoneNumber: phone.phoneNumber,
        })),
        ...mfaDevices.emails.slice(0, 1).map(({ email }) => ({ kind: 'email' as const, email })),
      ];
      return { mfaToken, factors };
    },
    sendCode: async ({ mfaToken }, factor) => {
      if (factor.kind === 'sms')
        return codeSentSchema.parse(
          await transport.post(`${AUTH}/mfa/sms/${encodeURIComponent(factor.deviceId)}`, { mfaToken }),
        );
      if (factor.kind === 'email')
        return codeSentSchema.parse(await transport.post(`${AUTH}/mfa/emailcode`, { mfaToken }));
      return null;
    },
    verify: ({ mfaToken }, factor, code, otcToken) => {
      if (factor.kind === 'authenticator')
        return confirmed(transport.post(`${AUTH}/mfa/verify`, { mfaToken, value: code }));
      const path =
        factor.kind === 'sms'
          ? `${AUTH}/mfa/sms/${encodeURIComponent(factor.deviceId)}/verify`
          : `${AUTH}/mfa/emailcode/verify`;
      return confirmed(transport.post(path, { mfaToken, otcToken: otcToken ?? '', code }));
    },
  };
}

/** The re-authentication calls through the SDK's fetch client; a success renews the store's token. */
export function useReauthenticationApi(): ReauthenticationApi {
  const actions = useAuthActions();
  return useMemo(() => {
    const client = new FetchClient(APP_NAME);
    return createReauthenticationApi(
      { get: (url) => client.get(url), post: (url, body) => client.post(url, body) },
      // The store's own token request (as the renewal timer makes): the session now counts as just signed in.
      () => actions.requestAuthorize(false),
    );
  }, [actions]);
}
