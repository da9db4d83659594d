import { webPaths } from '@brizo/contract';
import type { Db } from '../../db/client.js';
import { insertNotificationsForUsers } from '../../db/queries/notifications.js';
import type { Clock } from '../../lib/time.js';
import type { DomainEvent, DomainEventSubscriber } from '../domain-events.js';
import { findTenantAdministrators } from './recipients.js';

/** The severities that reach the administrators' bell; the rest stay in the audit log. */
const NOTIFIED_SEVERITIES = new Set(['High', 'Critical']);

/** Events an administrator must hear of whatever their severity, with the section that deals with them. */
const ALWAYS_NOTIFIED: Record<string, { section: string }> = {
  // A webhook that gave up after its last retry: events were not delivered (services/connectivity).
  'connectivity.webhookDeliveryFailed': { section: 'webhooks' },
};

/**
 * How long a reader's unread notification of one event key holds back the next ones of that key. A burst
 * (a password-spraying run locking dozens of users, a script changing an IP list entry by entry) then
 * shows once per reader, not as hundreds of lines that bury the rest; its link opens the audit log
 * searched on the action, which lists every occurrence. Once the reader has seen it (read, archived) or
 * the window has passed, the next occurrence is news again and notifies.
 */
export const QUIET_WINDOW_MS = 10 * 60 * 1000;

export function isNotified(event: Pick<DomainEvent, 'eventKey' | 'severity'>): boolean {
  return NOTIFIED_SEVERITIES.has(event.severity) || Object.hasOwn(ALWAYS_NOTIFIED, event.eventKey);
}

/** Where the notification takes its reader: the section named for its key, else the audit log on its action. */
export function notificationUrl(event: Pick<DomainEvent, 'eventKey' | 'action'>): string {
  const special = Object.hasOwn(ALWAYS_NOTIFIED, event.eventKey)
    ? ALWAYS_NOTIFIED[event.eventKey]
    : undefined;
  if (special) return `${webPaths.adminPortal}/${special.section}`;
  return `${webPaths.adminPortal}/audits?search=${encodeURIComponent(event.action)}`;
}

/**
 * The domain events' subscriber that tells a tenant's administrators of its severe events. It runs in
 * the dispatcher's transaction (`tx`): the notifications commit with the outbox row's removal, so a
 * redelivered event never notifies twice.
 */
export function createNotificationsSubscriber(deps: { clock: Clock }): DomainEventSubscriber {
  return {
    name: 'notifications',
    async handle(tx: Db, event: DomainEvent) {
      if (!isNotified(event)) return;
      const recipients = await findTenantAdministrators(tx, event.tenantId);
      const now = deps.clock.now();
      await insertNotificationsForUsers(
        tx,
        recipients,
        {
          tenantId: event.tenantId,
          key: event.eventKey,
          title: event.action,
          body: event.description || event.email || '',
          severity: event.severity,
          url: notificationUrl(event),
          createdAt: now,
        },
        new Date(now.getTime() - QUIET_WINDOW_MS),
      );
    },
  };
}
