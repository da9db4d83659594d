import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/time.js';
import type { Mailer } from '../mail.js';
import type { PasswordHasher } from '../../auth/methods/password/passwords.js';
import type { SmsSender } from '../sms.js';
import type { ActivationService } from '../activation.js';
import type { VendorSettings } from '../vendor-settings.js';
import type { SessionService } from '../sessions.js';
import type { TokenService } from '../tokens.js';
import type { RevocationList } from '../revocations.js';
import type { BackgroundTasks } from '../background.js';
import type { RecipientPause } from '../recipient-pause.js';
import type { InvalidationBus } from '../cluster/index.js';
import { createImpersonationService } from './impersonation.js';
import { createInvitationService } from './invitations.js';
import { createPasswordChangeService } from '../../auth/methods/password/change.js';
import { createPasswordLifecycleService } from '../../auth/methods/password/lifecycle.js';
import { createSecurityPolicyService } from './policies.js';
import { createSmsRecoveryService } from '../../auth/methods/password/sms-recovery.js';

/** Account lifecycle: security policies, lockout and unlock, breached and expiring passwords. */
export function createLifecycleServices(deps: {
  db: Db;
  config: Config;
  clock: Clock;
  mailer: Mailer;
  sms: SmsSender;
  passwords: PasswordHasher;
  vendorSettings: VendorSettings;
  activation: ActivationService;
  tokens: TokenService;
  sessions: SessionService;
  revocations: RevocationList;
  /** Issue 10: the mail and SMS of anonymous requests go after the answer, paused per recipient. */
  background: BackgroundTasks;
  recipientPause: RecipientPause;
  /** Issue 16: the cached security policies are dropped on every instance by a change. */
  bus?: InvalidationBus | undefined;
}) {
  const policies = createSecurityPolicyService(deps);
  const passwordLifecycle = createPasswordLifecycleService({ ...deps, policies });
  const passwordChange = createPasswordChangeService({ ...deps, lifecycle: passwordLifecycle });
  // The clock is exposed for the dev tools' POST /dev/api/clock (DEV_TOOLS only).
  const smsRecovery = createSmsRecoveryService({ ...deps, policies });
  const invitations = createInvitationService(deps);
  const impersonation = createImpersonationService(deps);
  return {
    policies,
    passwordLifecycle,
    passwordChange,
    smsRecovery,
    invitations,
    impersonation,
    clock: deps.clock,
  };
}

export type LifecycleServices = ReturnType<typeof createLifecycleServices>;
