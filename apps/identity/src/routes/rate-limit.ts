import type { Config } from '../config.js';

/** Per-IP limit of the credential endpoints (login, sign-up, activation, password reset). */
export const credentialRateLimit = (config: Config) => ({
  rateLimit: { max: config.rateLimitMax, timeWindow: 60_000 },
});
