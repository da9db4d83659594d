// The drizzle schema of the identity server, one file per area. Change it, then run
// `npm run db:generate` in apps/identity to add a migration to src/db/migrations (never edit applied
// migrations). SQL functions are not in it (drizzle has none): db/functions/, re-applied on start.
export * from './vendors.js';
export * from './tenants.js';
export * from './users.js';
export * from './team.js';
export * from './roles.js';
export * from './sessions.js';
export * from './one-time-tokens.js';
export * from './mail.js';
export * from './audit.js';
export * from './signing-keys.js';
export * from './sms.js';
export * from './passwordless.js';
export * from './lifecycle.js';
export * from './oauth.js';
export * from './security.js';
export * from './mfa.js';
export * from './webauthn.js';
export * from './phone-reset.js';
export * from './groups.js';
export * from './api-tokens.js';
export * from './profile.js';
export * from './sso.js';
export * from './social-logins.js';
export * from './scim.js';
export * from './operations.js';
export * from './entitlements.js';
export * from './billing.js';
export * from './applications.js';
