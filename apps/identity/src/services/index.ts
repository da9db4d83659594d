import type { AppContext } from '../context.js';
import { createActivationService } from './activation.js';
import { createAuthorizationCache } from './authorization-cache.js';
import { createPasswordLoginService } from './login.js';
import { createPasswordResetService } from './password-reset.js';
import { createSessionService } from './sessions.js';
import { createSignUpService } from './signup.js';
import { createTokenService } from './tokens.js';
import { createUserProfileService } from './user-profile.js';
import { createVendorSettings } from './vendor-settings.js';

/** Wires the domain services from the context; routes receive the result. */
export async function createServices(context: AppContext) {
  const { db, config, clock, mailer, passwords } = context;
  const vendorSettings = createVendorSettings({ db, clock });
  const tokens = await createTokenService({ db, config, clock });
  const authorization = createAuthorizationCache({ db, clock });
  const sessions = createSessionService({ db, config, clock, tokens, authorization });
  const activation = createActivationService({
    db,
    config,
    clock,
    mailer,
    passwords,
    sessions,
    vendorSettings,
  });
  return {
    vendorSettings,
    authorization,
    tokens,
    sessions,
    activation,
    passwordLogin: createPasswordLoginService({ db, clock, passwords, sessions, vendorSettings }),
    passwordReset: createPasswordResetService({ db, config, clock, mailer, passwords, vendorSettings }),
    signUp: createSignUpService({ db, config, clock, mailer, activation, vendorSettings }),
    userProfile: createUserProfileService({ db, config }),
  };
}

export type Services = Awaited<ReturnType<typeof createServices>>;

export interface RouteOptions {
  config: AppContext['config'];
  db: AppContext['db'];
  services: Services;
}
