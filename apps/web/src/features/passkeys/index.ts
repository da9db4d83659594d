// Passkeys and WebAuthn in the login box. Everything here is loaded lazily: the login page's
// entry chunk must not carry it (bundle budget).
export { PasskeySignIn } from './passkey-sign-in';
export { PromptPasskeysStep } from './prompt-passkeys-step';
