import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { Clock } from './lib/time.js';
import type { Mailer } from './services/mail.js';
import type { PasswordHasher } from './auth/methods/password/passwords.js';
import type { SmsSender } from './services/sms.js';
import type { Metrics } from './services/observability/metrics.js';
import type { Cluster } from './services/cluster/index.js';

/** Everything the server depends on from outside: tests swap any piece. */
export interface AppContext {
  config: Config;
  db: Db;
  clock: Clock;
  mailer: Mailer;
  sms: SmsSender;
  passwords: PasswordHasher;
  logger: FastifyServerOptions['logger'];
  /** Issue 16: the server's Prometheus figures; each app makes its own when absent (tests). */
  metrics?: Metrics;
  /** Issue 16: what instances share (REDIS_URL); the app connects from the config when absent. */
  cluster?: Cluster;
}
