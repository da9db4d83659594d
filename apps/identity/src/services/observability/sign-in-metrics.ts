import { auditEvents } from '../audit.js';
import { failedSignInActionsByMethod, methodOfAction } from '../usage/sign-in-actions.js';
import { tapAuditActions } from './audit-taps.js';
import type { Metrics } from './metrics.js';

// Issue 16: sign-ins by method and outcome for /metrics. Every sign-in method already writes an audit
// action that says how it went (services/usage/sign-in-actions.ts), so they are counted there rather
// than in each method.

const failedMethodOfAction: ReadonlyMap<string, string> = new Map(
  Object.entries(failedSignInActionsByMethod).map(([method, action]) => [action, method]),
);

/** Counts sign-ins in `metrics.logins` until the answered function is called. */
export function countSignIns(metrics: Metrics): () => void {
  return tapAuditActions((action) => {
    const method = methodOfAction.get(action);
    if (method) return void metrics.logins.inc({ method, outcome: 'success' });
    const failed = failedMethodOfAction.get(action);
    if (failed) return void metrics.logins.inc({ method: failed, outcome: 'failure' });
    if (action === auditEvents.userLocked.action) {
      metrics.logins.inc({ method: 'password', outcome: 'locked' });
    }
  });
}
