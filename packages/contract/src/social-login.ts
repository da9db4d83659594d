// Issue 13: the `state` a social sign-in carries through the provider and back to the web app's
// /account/social/success. The server keeps what the state stands for (PKCE verifier, nonce, where to go
// after) under `id`; the page needs only the provider, to call that provider's post-login endpoint.
import { socialProviders, type SocialProvider } from './enums.js';

export interface SocialLoginState {
  provider: SocialProvider;
  /** The server's record of this sign-in in flight (single use). */
  id: string;
}

const toBase64Url = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

const fromBase64Url = (text: string) =>
  new TextDecoder().decode(
    Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (char) => char.charCodeAt(0)),
  );

export const encodeSocialLoginState = (state: SocialLoginState): string =>
  toBase64Url(JSON.stringify({ provider: state.provider, id: state.id }));

/** The state as sent back, or null when it is not one of ours. */
export function decodeSocialLoginState(text: string): SocialLoginState | null {
  try {
    const value: unknown = JSON.parse(fromBase64Url(text));
    if (typeof value !== 'object' || value === null) return null;
    const { provider, id } = value as Record<string, unknown>;
    if (typeof id !== 'string' || id.length === 0 || id.length > 200) return null;
    if (!socialProviders.includes(provider as SocialProvider)) return null;
    return { provider: provider as SocialProvider, id };
  } catch {
    return null;
  }
}
