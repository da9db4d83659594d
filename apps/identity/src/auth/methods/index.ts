import type { MfaStrategy } from '@brizo/contract';
import type { SignInMethod } from '../method.js';
import { emailCode } from './email-code/index.js';
import { emailMfa } from './email-mfa/index.js';
import { magicLink } from './magic-link/index.js';
import { oidc } from './oidc/index.js';
import { passkeys } from './passkeys/index.js';
import { password } from './password/index.js';
import { recoveryCodes } from './recovery-codes/index.js';
import { saml } from './saml/index.js';
import { securityKeys } from './security-keys/index.js';
import { smsCode } from './sms-code/index.js';
import { smsMfa } from './sms-mfa/index.js';
import { social } from './social/index.js';
import { totp } from './totp/index.js';

/**
 * Every way to sign in, one folder each beside this file (auth/method.ts says what a method declares).
 * The app serves their endpoints from this list and the second-factor gate offers their MFA strategies
 * from it: a new method is its folder plus one line here.
 *
 * Issue 13 adds the enterprise and social first factors the same way: `saml/` and `oidc/` (SSO
 * connections, with the SSO pre-login of auth/routes.ts answering their address) and `social/`
 * (the SPEC's social providers).
 */
export const signInMethods: readonly SignInMethod[] = [
  password,
  magicLink,
  emailCode,
  smsCode,
  passkeys,
  totp,
  smsMfa,
  emailMfa,
  securityKeys,
  recoveryCodes,
  saml,
  social,
  oidc,
];

/** The MFA strategies the second factors bring: what a forced enrollment may offer. */
export const secondFactorStrategies: readonly MfaStrategy[] = signInMethods.flatMap((method) =>
  method.factor === 'second' ? method.mfaStrategies : [],
);
