import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { Clock } from './lib/time.js';
import type { Mailer } from './services/mail.js';
import type { PasswordHasher } from './auth/methods/password/passwords.js';
import type { SmsSender } from './services/sms.js';

/** Everything the server depends on from outside: tests swap any piece. */
export interface AppContext {
  config: Config;
  db: Db;
  clock: Clock;
  mailer: Mailer;
  sms: SmsSender;
  passwords: PasswordHasher;
  logger: FastifyServerOptions['logger'];
}
