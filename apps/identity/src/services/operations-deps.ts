import type { AppContext } from '../context.js';
import type { SecretBox } from '../lib/sealed-secrets.js';
import type { OutboundFetch } from '../lib/outbound.js';
import type { BackgroundTasks } from './background.js';
import type { Jobs } from './jobs.js';

/** What the operations services of issue 14 (audits, connectivity, notifications, reports, usage) share. */
export interface ServiceDeps {
  db: AppContext['db'];
  config: AppContext['config'];
  clock: AppContext['clock'];
  mailer: AppContext['mailer'];
  sms: AppContext['sms'];
  jobs: Jobs;
  background: BackgroundTasks;
  secrets: SecretBox;
  outbound: OutboundFetch;
}
