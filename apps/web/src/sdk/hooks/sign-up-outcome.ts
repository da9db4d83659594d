import { isOneOf, signupTypes, type SignupType } from '@brizo/contract/enums';

// What follows a sign-up activated by link: whether it goes to review (sending the link again is in
// resend-activation-link.ts, which loads with the success screen).
// Imported by the lazily loaded sign-up page directly: the login page's entry chunk stays without it.

const SIGN_UP = /\/identity\/resources\/users\/v1\/signUp(?:\/phoneNumber|\/username)?$/;

/** vendorMetadata's signupType (SPEC section 3) of the sign-up answer's user, if any. */
export function signupTypeOf(answer: unknown): SignupType | null {
  const vendorMetadata = (answer as { user?: { vendorMetadata?: unknown } } | null)?.user?.vendorMetadata;
  if (typeof vendorMetadata !== 'string') return null;
  try {
    const parsed: unknown = JSON.parse(vendorMetadata);
    const signupType = (parsed as { signupType?: unknown } | null)?.signupType;
    return isOneOf(signupTypes, signupType) ? signupType : null;
  } catch {
    return null;
  }
}

/**
 * Runs `send` (the store's sign-up) and resolves with the answer's signupType: 'personal' goes to
 * review (SPEC section 6). The store's rest client keeps only shouldActivate, userId, tenantId and
 * activationToken of the answer, so its user is read here as it passes by.
 */
export async function watchSignUpAnswer(send: () => Promise<unknown>): Promise<SignupType | null> {
  let signupType: Promise<SignupType | null> = Promise.resolve(null);
  const networkFetch = window.fetch;
  window.fetch = (input, init) => {
    const answer = networkFetch(input, init);
    if (init?.method === 'POST' && SIGN_UP.test(String(input))) {
      // Cloned before the store reads the body: this handler is attached first.
      signupType = answer.then(
        (response) => (response.ok ? response.clone().json().then(signupTypeOf) : null),
        () => null,
      );
    }
    return answer;
  };
  try {
    await send();
  } finally {
    window.fetch = networkFetch;
  }
  return signupType.catch(() => null);
}
