import { expect, type APIRequestContext, type CDPSession, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './env';
import { bearerOf } from './lifecycle';

export interface VirtualCredential {
  credentialId: string;
  isResidentCredential: boolean;
  rpId?: string;
  userHandle?: string;
  signCount: number;
}

export interface VirtualAuthenticator {
  id: string;
  credentials(): Promise<VirtualCredential[]>;
  /** Whether the next ceremonies succeed with user verification (PIN/biometrics) or fail. */
  setUserVerified(isUserVerified: boolean): Promise<void>;
  remove(): Promise<void>;
}

/**
 * Chromium's virtual WebAuthn authenticator on this page (CDP WebAuthn domain): a platform
 * authenticator that holds passkeys (the default), or a USB security key.
 */
export async function addVirtualAuthenticator(
  page: Page,
  kind: 'platform' | 'security-key' = 'platform',
): Promise<VirtualAuthenticator> {
  const client: CDPSession = await page.context().newCDPSession(page);
  await client.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await client.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: kind === 'platform' ? 'internal' : 'usb',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    id: authenticatorId,
    async credentials() {
      const { credentials } = await client.send('WebAuthn.getCredentials', { authenticatorId });
      return credentials as VirtualCredential[];
    },
    async setUserVerified(isUserVerified) {
      await client.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified });
    },
    async remove() {
      await client.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId });
    },
  };
}

/** Turns the Passkeys secondary strategy on or off through the vendor's admin endpoint (as the superuser). */
export async function setPasskeysStrategy(request: APIRequestContext, isActive: boolean): Promise<void> {
  const authorization = await bearerOf(request, 'super@brizo.test', DEMO_PASSWORD);
  const response = await request.put('/frontegg/identity/resources/configurations/v1/auth/strategies', {
    headers: { authorization },
    data: { secondaryAuthStrategies: [{ strategy: 'Passkeys', isActive }] },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
}

/** Turns an MFA strategy (WebAuthnCrossPlatform: security keys) on or off, as the superuser. */
export async function setMfaStrategy(
  request: APIRequestContext,
  strategy: 'WebAuthnCrossPlatform' | 'WebAuthnPlatform',
  isActive: boolean,
): Promise<void> {
  const authorization = await bearerOf(request, 'super@brizo.test', DEMO_PASSWORD);
  const response = await request.post('/frontegg/identity/resources/configurations/v1/mfa/strategies', {
    headers: { authorization },
    data: { strategy, isActive },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
}
