import type { AppContext } from '../context.js';
import type { SecretBox } from '../lib/sealed-secrets.js';
import type { OutboundFetch } from '../lib/outbound.js';
import type { BackgroundTasks } from './background.js';
import type { Jobs } from './jobs.js';
import type { DomainEvents } from './domain-events.js';

/** What the operations services of issue 14 (audits, connectivity, notifications, reports, usage) share. */
export interface ServiceDeps {
  db: AppContext['db'];
  config: AppContext['config'];
  clock: AppContext['clock'];
  mailer: AppContext['mailer'];
  sms: AppContext['sms'];
  jobs: Jobs;
  /** The tenant's audit rows as events; connectivity dispatches them, others subscribe (domain-events.ts). */
  events: DomainEvents;
  background: BackgroundTasks;
  secrets: SecretBox;
  outbound: OutboundFetch;
}
