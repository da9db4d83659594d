// Entry point, built into dist/server.mjs (scripts/build.mjs) or run by tsx in development. Loads config,
// opens and migrates the database, seeds, listens, and shuts down gracefully on SIGINT/SIGTERM.
import './runtime-flags.js';
import { stopTracing } from './tracing.js';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { DataDirLockedError } from './db/data-dir-lock.js';
import { createAdjustableClock, systemClock } from './lib/time.js';
import { createOutboxMailer, createSmtpMailer } from './services/mail.js';
import { loadCommonPasswords } from './auth/methods/password/common-passwords.js';
import { createPasswordHasher } from './auth/methods/password/passwords.js';
import { DEMO_PASSWORD, demoAccounts, seed } from './services/seed.js';
import { smsSenderOf } from './services/sms.js';
import { createMetrics } from './services/observability/metrics.js';

const SHUTDOWN_TIMEOUT_MS = 10_000;
const DEFERRED_WORK_DELAY_MS = 1_000;

function banner(config: Config, address: string, seeded: boolean): string {
  const lines = [``, `Brizo Access identity server listening on ${address}`, `  Open ${config.publicUrl}`];
  if (config.devTools) lines.push(`  Dev mailbox: ${config.publicUrl}/dev/mailbox`);
  lines.push(
    `  Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`}`,
  );
  if (seeded) {
    lines.push(`  Demo accounts (password ${DEMO_PASSWORD}):`);
    for (const account of demoAccounts) lines.push(`    ${account.email.padEnd(22)} → ${account.landing}`);
  }
  return `${lines.join('\n')}\n`;
}

async function main(): Promise<void> {
  const config = loadConfig();
  const database: Database = await openDatabase(config);
  let closing = false;
  try {
    await database.migrate();
    const passwords = createPasswordHasher();
    await seed({ db: database.db, config, clock: systemClock, passwords });
    const mailer = config.smtpUrl
      ? createSmtpMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom })
      : createOutboxMailer({ db: database.db, from: config.mailFrom, clock: systemClock });
    const app = await buildApp({
      config,
      db: database.db,
      // The dev tools can move this clock (POST /dev/api/clock) for browser tests.
      clock: config.devTools ? createAdjustableClock() : systemClock,
      mailer,
      // Issue 16: the SMS provider logs a refused message through the server's log (app exists by then).
      sms: smsSenderOf(config.sms, {
        db: database.db,
        clock: systemClock,
        log: { error: (details, message): void => app.log.error(details, message) },
      }),
      passwords,
      logger: { level: config.logLevel },
      metrics: createMetrics({ processMetrics: true, databasePool: database.poolStats }),
    });

    const shutdown = async (signal: string) => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down');
      const timer = setTimeout(() => {
        app.log.error('shutdown timed out; exiting');
        process.exit(1);
      }, SHUTDOWN_TIMEOUT_MS);
      timer.unref();
      try {
        await app.close(); // stops accepting, lets in-flight requests finish
      } finally {
        await database.close(); // closes PGlite and removes the data-dir lock
        await stopTracing(); // the spans still buffered
      }
      process.exit(0);
    };
    process.once('SIGINT', () => void shutdown('SIGINT'));
    process.once('SIGTERM', () => void shutdown('SIGTERM'));

    const address = await app.listen({ port: config.port, host: config.host });
    // Issue 14: the event dispatcher, webhook deliveries, scheduled reports and retention (services/jobs.ts).
    // Issue 17: the first requests do not wait behind start-up's deferred work. The periodic jobs
    // (about 35 statements on their first pass) start a second after the server answers, and the
    // common-password list (0.17-0.27 s) is read then, rather than by the first sign-up or sign-in.
    app.jobs.start(DEFERRED_WORK_DELAY_MS);
    setTimeout(loadCommonPasswords, DEFERRED_WORK_DELAY_MS).unref();
    if (config.production && !config.secretsKey) {
      app.log.warn(
        'SECRETS_KEY is not set: single sign-on and social login cannot be configured until it is',
      );
    }
    process.stdout.write(banner(config, address, config.demoAccounts));
  } catch (error) {
    await database.close();
    throw error;
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `The identity server failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
