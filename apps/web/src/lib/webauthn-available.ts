// Whether the browser offers WebAuthn: a module of its own (webauthn.ts re-exports it), so that the MFA
// chooser can ask before it loads the ceremonies themselves (issue 17).
export function isWebAuthnAvailable(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.PublicKeyCredential === 'function' &&
    typeof navigator.credentials?.get === 'function'
  );
}
