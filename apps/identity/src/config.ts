import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { TwilioSettings } from './services/sms-twilio.js';
import { parseProxyTrust, type ProxyTrust } from './lib/client-address.js';

/** apps/identity, whatever the process cwd is. */
export const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'on', 'off', 'yes', 'no'], {
    error: 'expected one of true, false, 1, 0, on, off, yes, no',
  })
  .transform((value) => ['true', '1', 'on', 'yes'].includes(value));

const positiveInt = z.coerce
  .number({ error: 'expected a whole number' })
  .int('expected a whole number')
  .positive('expected a number above 0');

const wholeSeconds = z.coerce
  .number({ error: 'expected a whole number of seconds' })
  .int('expected a whole number of seconds')
  .min(0, 'expected 0 or more seconds');

const httpUrl = z
  .url({ protocol: /^https?$/, error: 'expected an http(s) URL' })
  .transform((value) => value.replace(/\/+$/, ''));

/** Comma-separated origins (scheme, host and port only), e.g. `https://app.example.com,http://localhost:5173`. */
const webAppOrigins = z.string().transform((value, context) => {
  const origins = value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  for (const origin of origins) {
    if (
      !URL.canParse(origin) ||
      !/^https?:$/.test(new URL(origin).protocol) ||
      new URL(origin).origin !== origin
    ) {
      context.addIssue({ code: 'custom', message: `expected http(s) origins without a path, got ${origin}` });
      return z.NEVER;
    }
  }
  return origins;
});

const emailAddress = z.email({ error: 'expected an email address' });

const envSchema = z.object({
  NODE_ENV: z.string().optional(),
  PORT: z.coerce
    .number({ error: 'expected a port number' })
    .int('expected a port number')
    .min(1, 'expected a port number 1-65535')
    .max(65535, 'expected a port number 1-65535')
    .default(3000),
  HOST: z.string().min(1, 'expected a host name or address').default('0.0.0.0'),
  PUBLIC_URL: httpUrl.optional(),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'expected a postgres:// URL' }).optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'expected a redis:// URL' }).optional(),
  REDIS_KEY_PREFIX: z.string().min(1, 'expected a key prefix such as brizo:').default('brizo:'),
  DATA_DIR: z.string().min(1, 'expected a directory path').default('./data'),
  ACCESS_TOKEN_TTL_SECONDS: positiveInt.default(300),
  REFRESH_TOKEN_TTL_SECONDS: positiveInt.default(30 * 24 * 60 * 60),
  /** Issue 16: ES256 (fast) or RS256 (2048-bit RSA, what hosted Frontegg signs with). */
  ACCESS_TOKEN_ALG: z.enum(['ES256', 'RS256'], { error: 'expected ES256 or RS256' }).default('ES256'),
  /** Issue 16: days between signing-key rotations; 0 never rotates on its own. */
  SIGNING_KEY_ROTATION_DAYS: z.coerce
    .number({ error: 'expected a whole number of days' })
    .int('expected a whole number of days')
    .min(0, 'expected 0 or more days')
    .default(90),
  SESSION_LIFETIME_SECONDS: positiveInt.default(30 * 24 * 60 * 60),
  TRIAL_DAYS: positiveInt.default(14),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'expected an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z
    .string()
    .min(3, 'expected a sender such as "Brizo <no-reply@brizo.test>"')
    .default('Brizo Access <no-reply@brizo.test>'),
  DEV_TOOLS: booleanFlag.optional(),
  DEMO_ACCOUNTS: booleanFlag.optional(),
  HOSTED_LOGIN: booleanFlag.default(false),
  PREVIEW_MODE: booleanFlag.default(false),
  ADMIN_PORTAL_TARGET: z
    .enum(['sameWindow', 'newTab'], { error: 'expected sameWindow or newTab' })
    .default('sameWindow'),
  WEB_DIST: z.string().min(1, 'expected a directory path').optional(),
  MAIN_APP_URL: httpUrl.optional(),
  CLIENT_ID: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'expected 1-64 letters, digits, - or _')
    .default('brizo-access'),
  SALES_EMAIL: emailAddress.default('sales@brizo.test'),
  SUPPORT_EMAIL: emailAddress.default('support@brizo.test'),
  GTM_CONTAINER_ID: z
    .string()
    .regex(/^GTM-[A-Za-z0-9]+$/, 'expected GTM- followed by letters and digits')
    .optional(),
  RATE_LIMIT_MAX: positiveInt.default(300),
  RECIPIENT_PAUSE_SECONDS: wholeSeconds.optional(),
  /** The earlier name of RECIPIENT_PAUSE_SECONDS, when it held for sign-in codes only. */
  OTC_RESEND_SECONDS: wholeSeconds.optional(),
  RECIPIENT_HOURLY_CAP: z.coerce
    .number({ error: 'expected a whole number' })
    .int('expected a whole number')
    .min(0, 'expected 0 (no cap) or more')
    .default(10),
  /** Issue 10: how old a sign-in may be to change the email, phone or MFA factors (auth/reauthentication/service.ts). */
  REAUTH_MAX_AGE_SECONDS: positiveInt.default(600),
  WEB_APP_ORIGINS: webAppOrigins.optional(),
  /** Issue 13: seals SSO and social client secrets at rest (32 bytes, base64); required in production. */
  SECRETS_KEY: z
    .string()
    .refine((value) => Buffer.from(value, 'base64').length === 32, 'expected 32 bytes in base64')
    .optional(),
  /** Issue 13: DNS servers (host or host:port, comma-separated) that check SSO domains' TXT records. */
  SSO_DNS_SERVERS: z.string().optional(),
  /**
   * Issue 13: hosts (host or host:port, comma-separated) on private, loopback or link-local addresses that
   * the server may still call (IdP metadata, OIDC discovery, social providers); none by default.
   */
  OUTBOUND_ALLOW_HOSTS: z.string().optional(),
  /** Issue 14: how long a webhook receiver may take to answer one delivery (ms). */
  WEBHOOK_TIMEOUT_MS: positiveInt.default(10_000),
  /** Issue 14: attempts of one webhook delivery before it is recorded as failed. */
  WEBHOOK_MAX_ATTEMPTS: positiveInt.default(8),
  /** Issue 14: Slack's Web API base URL (tests point it at a local server). */
  SLACK_API_URL: httpUrl.default('https://slack.com/api'),
  /** Issue 14: the Slack app that tenants install ("Add to Slack"); Slack stays off without both. */
  SLACK_CLIENT_ID: z.string().optional(),
  SLACK_CLIENT_SECRET: z.string().optional(),
  /** Issue 14: how many days a tenant's audit events are kept unless the tenant chose its own (services/audits). */
  AUDIT_RETENTION_DAYS: positiveInt.default(365),
  /**
   * Issue 16: rotated and expired refresh tokens are kept this many hours (services/housekeeping): a
   * rotated token replayed within them still ends its session as a theft.
   */
  REFRESH_TOKEN_RETENTION_HOURS: positiveInt.default(24),
  /** Issue 16: used or expired one-time tokens, codes and challenges are kept this many hours. */
  ONE_TIME_TOKEN_RETENTION_HOURS: positiveInt.default(24),
  /** Issue 16: mail and SMS outbox messages (the dev mailbox and SMS page) are kept this many days. */
  OUTBOX_RETENTION_DAYS: positiveInt.default(7),
  /** Issue 16: webhook delivery logs, and deliveries that have ended, are kept this many days. */
  WEBHOOK_LOG_RETENTION_DAYS: positiveInt.default(30),
  /**
   * Issue 15: the payment provider (services/billing): `development` (offline, Stripe's test cards; the
   * default outside production), `stripe` (needs the three STRIPE_ keys) or `none` (billing answers
   * "Payment provider not configured"; the default in production).
   */
  PAYMENT_PROVIDER: z
    .enum(['development', 'stripe', 'none'], { error: 'expected development, stripe or none' })
    .optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, 'expected a Stripe secret key (sk_...)')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_/, 'expected a Stripe publishable key (pk_...)').optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, 'expected a Stripe webhook secret (whsec_...)')
    .optional(),
  /** Issue 15: the vendor's public billing configuration: may tenants downgrade, may they cancel. */
  BILLING_ALLOW_PLAN_DOWNGRADE: booleanFlag.default(true),
  BILLING_ALLOW_PLAN_CANCELLATION: booleanFlag.default(true),
  /**
   * Issue 16: where text messages go: `outbox` (the database, read by the dev SMS page; the default) or
   * `twilio` (needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID).
   */
  SMS_PROVIDER: z.enum(['outbox', 'twilio'], { error: 'expected outbox or twilio' }).default('outbox'),
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, 'expected a Twilio account SID (AC...)')
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1, 'expected a Twilio auth token').optional(),
  TWILIO_FROM: z
    .string()
    .regex(/^\+[1-9]\d{6,14}$/, 'expected a phone number such as +15550100199')
    .optional(),
  TWILIO_MESSAGING_SERVICE_SID: z
    .string()
    .regex(/^MG[0-9a-fA-F]{32}$/, 'expected a Twilio messaging service SID (MG...)')
    .optional(),
  /** Issue 16: Twilio's API origin (tests point it at a local server). */
  TWILIO_API_URL: httpUrl.default('https://api.twilio.com'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Issue 16: which proxies' X-Forwarded-For / Forwarded entries are believed: off (the default), the
   * number of proxies in front of the server, or their addresses and CIDR ranges (lib/client-address.ts).
   */
  TRUST_PROXY: z
    .string()
    .transform((value, context) => {
      const trust = parseProxyTrust(value);
      if (typeof trust === 'string') {
        context.addIssue({ code: 'custom', message: trust });
        return z.NEVER;
      }
      return trust;
    })
    .optional(),
  /** Issue 16: origins whose pages may call the API with CORS (credentials included), e.g. the main app's. */
  CORS_ORIGINS: webAppOrigins.optional(),
  /** Issue 16: when set, GET /metrics asks for `Authorization: Bearer <METRICS_TOKEN>`. */
  METRICS_TOKEN: z.string().min(16, 'expected at least 16 characters').optional(),
});

export interface Config {
  port: number;
  host: string;
  /** Origin used in mailed links and as token issuer. */
  publicUrl: string;
  /** Whether PUBLIC_URL was set; when not, /app-config.js answers with the request's own origin. */
  publicUrlConfigured: boolean;
  databaseUrl: string | undefined;
  /** Issue 16: several instances share rate limits, revocations and cache invalidations through it. */
  redisUrl: string | undefined;
  redisKeyPrefix: string;
  dataDir: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /** Issue 16: the algorithm of new signing keys (services/signing-keys). */
  accessTokenAlg: 'ES256' | 'RS256';
  /** Issue 16: days between scheduled signing-key rotations; 0 = never. */
  signingKeyRotationDays: number;
  /** Issue 10: a session ends this long after its sign-in however often it refreshes (unless the tenant's policy says otherwise). */
  sessionLifetimeSeconds: number;
  trialDays: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  devTools: boolean;
  /** Create the demo tenant and accounts at start (services/seed.ts): never in production. */
  demoAccounts: boolean;
  /** The web app signs in through /oauth/authorize (hosted login, SPEC section 7) instead of its embedded box. */
  hostedLogin: boolean;
  /** The web app runs its store on mock data (SPEC section 1, preview mode): for demos and builders. */
  previewMode: boolean;
  /** Where the main application's menu opens the admin portal (SPEC section 2). */
  adminPortalTarget: 'sameWindow' | 'newTab';
  webDist: string;
  mainAppUrl: string | undefined;
  clientId: string;
  salesEmail: string;
  supportEmail: string;
  gtmContainerId: string | undefined;
  rateLimitMax: number;
  /**
   * Mail and SMS sent on an anonymous request (issue 10): least time between two to one recipient
   * (0: no pause, for benchmarks) and most per recipient per hour (0: no cap).
   */
  recipientPauseSeconds: number;
  recipientHourlyCap: number;
  /** A sign-in older than this must be confirmed again before account changes (issue 10). */
  reauthenticationMaxAgeSeconds: number;
  /**
   * Issue 10: origins besides PUBLIC_URL's whose pages may send state-changing requests with the cookies
   * (routes/cross-site-guard.ts): a web app served from another origin through a proxy.
   */
  webAppOrigins: string[];
  /** Issue 13: the key that seals client secrets at rest (lib/secrets.ts); a fixed development key when unset outside production. */
  secretsKey: Buffer | undefined;
  /** Issue 13: the DNS servers for SSO domain verification; the system's when empty. */
  ssoDnsServers: string[];
  /** Issue 13: private or loopback hosts outbound calls may reach (lib/outbound.ts). */
  outboundAllowHosts: string[];
  /** Issue 14: a webhook receiver's answer time limit, and the attempts before a delivery fails. */
  webhookTimeoutMs: number;
  webhookMaxAttempts: number;
  /** Issue 14: Slack's Web API base URL and the Slack app's OAuth client (services/connectivity/slack.ts). */
  slackApiUrl: string;
  slackClientId: string | undefined;
  slackClientSecret: string | undefined;
  /** Issue 14: audit events older than this many days are deleted, unless the tenant chose its own retention. */
  auditRetentionDays: number;
  /** Issue 16: how long the housekeeping jobs keep what has ended (services/housekeeping). */
  retention: {
    refreshTokenHours: number;
    oneTimeTokenHours: number;
    outboxDays: number;
    webhookLogDays: number;
  };
  /** Issue 15: the payment provider and its keys (services/billing/providers), or none. */
  payments:
    | { provider: 'development' }
    | { provider: 'stripe'; secretKey: string; publishableKey: string; webhookSecret: string }
    | { provider: 'none' };
  /** Issue 16: the SMS provider (services/sms.ts): the outbox, or Twilio with its account and sender. */
  sms: { provider: 'outbox' } | ({ provider: 'twilio' } & TwilioSettings);
  /** Issue 15: the vendor's public billing configuration (SPEC section 3). */
  billingRules: { allowPlanDowngrade: boolean; allowPlanCancellation: boolean };
  production: boolean;
  logLevel: string;
  trustProxy: ProxyTrust;
  corsOrigins: string[];
  metricsToken: string | undefined;
}

const listOf = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Issue 15: the payment provider chosen; Stripe needs all three of its keys. */
function paymentsOf(e: z.infer<typeof envSchema>, production: boolean): Config['payments'] {
  const provider = e.PAYMENT_PROVIDER ?? (production ? 'none' : 'development');
  if (provider !== 'stripe') return { provider };
  const { STRIPE_SECRET_KEY: secretKey, STRIPE_PUBLISHABLE_KEY: publishableKey } = e;
  const webhookSecret = e.STRIPE_WEBHOOK_SECRET;
  if (!secretKey || !publishableKey || !webhookSecret) {
    throw new ConfigError(
      'Invalid environment variable:\n  PAYMENT_PROVIDER="stripe": needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET',
    );
  }
  return { provider, secretKey, publishableKey, webhookSecret };
}

/** Issue 16: the SMS provider chosen; Twilio needs its account, its token and a sender. */
function smsOf(e: z.infer<typeof envSchema>): Config['sms'] {
  if (e.SMS_PROVIDER === 'outbox') return { provider: 'outbox' };
  const { TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: authToken } = e;
  const sender = e.TWILIO_MESSAGING_SERVICE_SID
    ? { messagingServiceSid: e.TWILIO_MESSAGING_SERVICE_SID }
    : e.TWILIO_FROM
      ? { from: e.TWILIO_FROM }
      : undefined;
  if (!accountSid || !authToken || !sender) {
    throw new ConfigError(
      'Invalid environment variable:\n  SMS_PROVIDER="twilio": needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID',
    );
  }
  return { provider: 'twilio', accountSid, authToken, sender, apiUrl: e.TWILIO_API_URL };
}

/** Reads the environment; a bad value throws a ConfigError naming each bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (FOO=) means "not set", as in most shells' .env habits.
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      return `  ${name}=${JSON.stringify(present[name] ?? '')}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid environment variable${lines.length > 1 ? 's' : ''}:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  // The demo accounts share one published password, and one of them is a superuser.
  if (production && e.DEMO_ACCOUNTS) {
    throw new ConfigError(
      'Invalid environment variable:\n  DEMO_ACCOUNTS="true": the demo accounts are never created when NODE_ENV=production',
    );
  }
  return {
    payments: paymentsOf(e, production),
    sms: smsOf(e),
    billingRules: {
      allowPlanDowngrade: e.BILLING_ALLOW_PLAN_DOWNGRADE,
      allowPlanCancellation: e.BILLING_ALLOW_PLAN_CANCELLATION,
    },
    port: e.PORT,
    host: e.HOST,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    publicUrlConfigured: e.PUBLIC_URL !== undefined,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    dataDir: path.resolve(e.DATA_DIR),
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlSeconds: e.REFRESH_TOKEN_TTL_SECONDS,
    accessTokenAlg: e.ACCESS_TOKEN_ALG,
    signingKeyRotationDays: e.SIGNING_KEY_ROTATION_DAYS,
    sessionLifetimeSeconds: e.SESSION_LIFETIME_SECONDS,
    trialDays: e.TRIAL_DAYS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    devTools: e.DEV_TOOLS ?? !production,
    demoAccounts: e.DEMO_ACCOUNTS ?? !production,
    hostedLogin: e.HOSTED_LOGIN,
    previewMode: e.PREVIEW_MODE,
    adminPortalTarget: e.ADMIN_PORTAL_TARGET,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : path.resolve(packageRoot, '../web/dist'),
    mainAppUrl: e.MAIN_APP_URL,
    clientId: e.CLIENT_ID,
    salesEmail: e.SALES_EMAIL,
    supportEmail: e.SUPPORT_EMAIL,
    gtmContainerId: e.GTM_CONTAINER_ID,
    rateLimitMax: e.RATE_LIMIT_MAX,
    recipientPauseSeconds: e.RECIPIENT_PAUSE_SECONDS ?? e.OTC_RESEND_SECONDS ?? 30,
    recipientHourlyCap: e.RECIPIENT_HOURLY_CAP,
    reauthenticationMaxAgeSeconds: e.REAUTH_MAX_AGE_SECONDS,
    webAppOrigins: e.WEB_APP_ORIGINS ?? [],
    secretsKey: e.SECRETS_KEY ? Buffer.from(e.SECRETS_KEY, 'base64') : undefined,
    ssoDnsServers: listOf(e.SSO_DNS_SERVERS),
    outboundAllowHosts: listOf(e.OUTBOUND_ALLOW_HOSTS).map((host) => host.toLowerCase()),
    webhookTimeoutMs: e.WEBHOOK_TIMEOUT_MS,
    webhookMaxAttempts: e.WEBHOOK_MAX_ATTEMPTS,
    slackApiUrl: e.SLACK_API_URL,
    slackClientId: e.SLACK_CLIENT_ID,
    slackClientSecret: e.SLACK_CLIENT_SECRET,
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    retention: {
      refreshTokenHours: e.REFRESH_TOKEN_RETENTION_HOURS,
      oneTimeTokenHours: e.ONE_TIME_TOKEN_RETENTION_HOURS,
      outboxDays: e.OUTBOX_RETENTION_DAYS,
      webhookLogDays: e.WEBHOOK_LOG_RETENTION_DAYS,
    },
    production,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY ?? { kind: 'off' },
    corsOrigins: e.CORS_ORIGINS ?? [],
    metricsToken: e.METRICS_TOKEN,
  };
}
