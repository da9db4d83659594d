import type { AppContext } from '../context.js';
import { createActivationService } from './activation.js';
import { createAuthStrategiesService } from './auth-strategies.js';
import { createLifecycleServices } from './lifecycle/index.js';
import { createAuthorizationCache } from './authorization-cache.js';
import { createCaptchaPolicyService } from './captcha-policy.js';
import { createAuthorizationServer } from './oauth/authorization-server.js';
import { createTenantSwitchService } from './tenant-switch.js';
import { createPasswordLoginService } from './login.js';
import { createMfaService } from './mfa/index.js';
import { createMfaPolicyService } from './mfa/policy.js';
import { createPasswordResetService } from './password-reset.js';
import { createPasswordlessService } from './passwordless/index.js';
import { createSessionService } from './sessions.js';
import { createSignUpService } from './signup.js';
import { createTokenService } from './tokens.js';
import { createUserProfileService } from './user-profile.js';
import { createVendorSettings } from './vendor-settings.js';
import { createWebAuthnServices } from './webauthn/index.js';

/** Wires the domain services from the context; routes receive the result. */
export async function createServices(context: AppContext) {
  const { db, config, clock, mailer, passwords, sms } = context;
  const vendorSettings = createVendorSettings({ db, clock });
  const tokens = await createTokenService({ db, config, clock });
  const authorization = createAuthorizationCache({ db, clock });
  const sessions = createSessionService({ db, config, clock, tokens, authorization });
  const mfaPolicies = createMfaPolicyService({ db, clock });
  const mfa = createMfaService({ db, config, clock, mailer, sms, sessions, policies: mfaPolicies });
  const activation = createActivationService({
    db,
    config,
    clock,
    mailer,
    passwords,
    sessions,
    vendorSettings,
    mfa,
  });
  const lifecycle = createLifecycleServices({
    db,
    config,
    clock,
    mailer,
    sms,
    passwords,
    vendorSettings,
    activation,
    tokens,
    sessions,
  });
  return {
    lifecycle,
    mfa,
    mfaPolicies,
    vendorSettings,
    authorization,
    tokens,
    sessions,
    activation,
    passwordLogin: createPasswordLoginService({
      db,
      clock,
      passwords,
      vendorSettings,
      lifecycle: lifecycle.passwordLifecycle,
      mfa,
    }),
    passwordReset: createPasswordResetService({
      db,
      config,
      clock,
      mailer,
      passwords,
      vendorSettings,
      lifecycle: lifecycle.passwordLifecycle,
    }),
    signUp: createSignUpService({ db, config, clock, mailer, activation, vendorSettings }),
    userProfile: createUserProfileService({ db, config }),
    passwordless: createPasswordlessService({ db, config, clock, mailer, sms, mfa, vendorSettings }),
    authStrategies: createAuthStrategiesService({ db, clock, vendorSettings }),
    webauthn: createWebAuthnServices({
      db,
      config,
      clock,
      sessions,
      vendorSettings,
      mfa,
      mfaPolicies,
    }),
    oauth: createAuthorizationServer({ db, config, clock, tokens, sessions, authorization }),
    tenantSwitch: createTenantSwitchService({ db, clock, authorization }),
    captchaPolicy: createCaptchaPolicyService({ db, clock }),
  };
}

export type Services = Awaited<ReturnType<typeof createServices>>;

export interface RouteOptions {
  config: AppContext['config'];
  db: AppContext['db'];
  services: Services;
}
