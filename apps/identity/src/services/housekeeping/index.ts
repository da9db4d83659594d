import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { deleteBatch, timestamp } from '../../db/queries/housekeeping.js';
import type { Clock } from '../../lib/time.js';
import type { Config } from '../../config.js';
import type { Job, Jobs } from '../jobs.js';
import type { Metrics } from '../observability/metrics.js';

// Issue 16: what has ended is removed after a retention, so the tables stop growing with every refresh,
// mail and code (rotated refresh tokens alone came to about 150 MB an hour under steady load). One job
// per table, each deleting at most DELETE_BATCH rows per statement through an index (migration 0032);
// a pass that removed a full batch runs again at once (services/jobs.ts) until the backlog is gone.
//
// What is kept, and why:
// - A rotated refresh token stays REFRESH_TOKEN_RETENTION_HOURS after its rotation: presented again in
//   that time, it ends its whole session as a theft (services/sessions.ts, refreshOffThePath). After it,
//   the row is gone and a replay is refused as an unknown token (401) without ending the session, so the
//   retention is the reuse-detection window. A session's current token is never rotated, so it stays
//   until it expires (plus the retention), and the Privacy section's live sessions never lose theirs.
// - A session (refresh family) goes once it is older than the retention and either was revoked before
//   it or has no tokens left; its tokens and authorization codes go with it (foreign keys cascade).
// - Used or expired one-time tokens, codes and challenges stay ONE_TIME_TOKEN_RETENTION_HOURS, so a link
//   clicked twice still answers "already used" or "expired" for that long rather than "invalid".
// - Mail and SMS outbox messages stay OUTBOX_RETENTION_DAYS: the dev mailbox and SMS page read them.
// - Accepted invitations, and expired ones a newer invitation replaced, and used or expired card setups
//   stay ONE_TIME_TOKEN_RETENTION_HOURS.
// - Webhook delivery logs, and deliveries that have ended (succeeded or failed), stay
//   WEBHOOK_LOG_RETENTION_DAYS: the Webhooks section shows them and retries from them (a retry of a log
//   whose delivery is gone enqueues a new one).

export const DELETE_BATCH = 5_000;
const INTERVAL_MS = 15 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

export type Retention = Config['retention'];

interface Cutoffs {
  refreshTokens: SQL;
  oneTimeTokens: SQL;
  outbox: SQL;
  webhookLogs: SQL;
}

interface HousekeepingTarget {
  /** The job's name, also the `job` label of the housekeepingRemoved metric. */
  name: string;
  table: string;
  key: string;
  /** Which rows may go, given the cutoffs of the retention settings. */
  condition: (cutoff: Cutoffs) => SQL;
}

/** Ended: used (or rotated) or expired, whichever came first. LEAST skips a null. */
const spentBefore = (cutoff: SQL) => sql`least(expires_at, used_at) < ${cutoff}`;

/** The table of jobs: every table that keeps what has ended, and when a row of it may go. */
export const housekeepingTargets: readonly HousekeepingTarget[] = [
  {
    name: 'housekeeping-refresh-tokens',
    table: 'refresh_tokens',
    key: 'token_hash',
    condition: ({ refreshTokens }) => sql`least(expires_at, rotated_at) < ${refreshTokens}`,
  },
  {
    name: 'housekeeping-sessions',
    table: 'refresh_token_families',
    key: 'id',
    condition: ({ refreshTokens }) => sql`created_at < ${refreshTokens}
      and (revoked_at < ${refreshTokens}
        or not exists (select 1 from refresh_tokens t where t.family_id = refresh_token_families.id))`,
  },
  ...(
    [
      ['one-time-tokens', 'one_time_tokens', 'id'],
      ['passwordless-codes', 'passwordless_codes', 'id'],
      ['webauthn-challenges', 'webauthn_challenges', 'challenge'],
      ['sms-recovery-sessions', 'sms_recovery_sessions', 'id'],
      ['phone-number-changes', 'phone_number_changes', 'id'],
      ['mfa-challenges', 'mfa_challenges', 'id'],
      ['mfa-codes', 'mfa_codes', 'id'],
      ['oauth-authorization-codes', 'oauth_authorization_codes', 'code_hash'],
      ['profile-verifications', 'profile_verifications', 'id'],
      ['card-setups', 'billing_setup_intents', 'id'],
    ] as const
  ).map(([name, table, key]) => ({
    name: `housekeeping-${name}`,
    table,
    key,
    condition: ({ oneTimeTokens }: Cutoffs) => spentBefore(oneTimeTokens),
  })),
  {
    name: 'housekeeping-invitations',
    table: 'invitations',
    key: 'id',
    // An expired invitation is kept while it is the newest of its person and account: the Users section
    // shows it and a resend revives it (services/lifecycle/invitations.ts).
    condition: ({ oneTimeTokens }) => sql`least(expires_at, accepted_at) < ${oneTimeTokens}
      and (accepted_at is not null or exists (select 1 from invitations newer
        where newer.user_id = invitations.user_id and newer.tenant_id = invitations.tenant_id
          and newer.created_at > invitations.created_at))`,
  },
  {
    name: 'housekeeping-mfa-trusted-devices',
    table: 'mfa_trusted_devices',
    key: 'id',
    condition: ({ oneTimeTokens }) => sql`expires_at < ${oneTimeTokens}`,
  },
  {
    name: 'housekeeping-mail-outbox',
    table: 'mail_outbox',
    key: 'id',
    condition: ({ outbox }) => sql`created_at < ${outbox}`,
  },
  {
    name: 'housekeeping-sms-outbox',
    table: 'sms_outbox',
    key: 'id',
    condition: ({ outbox }) => sql`created_at < ${outbox}`,
  },
  {
    name: 'housekeeping-webhook-logs',
    table: 'webhook_logs',
    key: 'id',
    condition: ({ webhookLogs }) => sql`created_at < ${webhookLogs}`,
  },
  {
    name: 'housekeeping-webhook-deliveries',
    table: 'webhook_deliveries',
    key: 'id',
    condition: ({ webhookLogs }) => sql`status <> 'pending' and updated_at < ${webhookLogs}`,
  },
];

export interface HousekeepingDeps {
  db: Db;
  clock: Clock;
  retention: Retention;
  metrics: Pick<Metrics, 'housekeepingRemoved'>;
  batch?: number;
}

/** One job per target: a batch of its ended rows, counted in the metric by job. */
export function housekeepingJobs(deps: HousekeepingDeps): Job[] {
  const { db, clock, retention, metrics, batch = DELETE_BATCH } = deps;
  return housekeepingTargets.map((target) => ({
    name: target.name,
    intervalMs: INTERVAL_MS,
    batchSize: batch,
    async run() {
      const now = clock.now().getTime();
      const condition = target.condition({
        refreshTokens: timestamp(new Date(now - retention.refreshTokenHours * HOUR_MS)),
        oneTimeTokens: timestamp(new Date(now - retention.oneTimeTokenHours * HOUR_MS)),
        outbox: timestamp(new Date(now - retention.outboxDays * 24 * HOUR_MS)),
        webhookLogs: timestamp(new Date(now - retention.webhookLogDays * 24 * HOUR_MS)),
      });
      const removed = await deleteBatch(db, { table: target.table, key: target.key, condition }, batch);
      if (removed > 0) metrics.housekeepingRemoved.inc({ job: target.name }, removed);
      return removed;
    },
  }));
}

export function registerHousekeeping(deps: HousekeepingDeps & { jobs: Jobs }): void {
  for (const job of housekeepingJobs(deps)) deps.jobs.register(job);
}
