import type { Db } from '../db/client.js';

/**
 * A tenant's audit row seen as a domain event (issue 14): what the connectivity dispatcher hands every
 * subscriber (webhooks, email, SMS, Slack, notifications) after reading it from the outbox.
 */
export interface DomainEvent {
  /** The catalogue key (services/connectivity/catalogue.ts), e.g. `auth.loginSucceeded`. */
  eventKey: string;
  /** The audit row's id: stable across redeliveries, so receivers can deduplicate. */
  eventId: string;
  tenantId: string;
  occurredAt: Date;
  action: string;
  description: string;
  severity: string;
  userId: string | null;
  email: string | null;
  ip: string | null;
  userAgent: string | null;
  data: Record<string, unknown>;
}

/**
 * One consumer of the events. `handle` runs inside the dispatcher's transaction (`tx`), with the
 * outbox row's deletion: what it writes (deliveries to make, notifications) commits with it or not at
 * all. Slow work (HTTP, mail) must not happen here: enqueue it and let a job do it.
 */
export interface DomainEventSubscriber {
  name: string;
  /**
   * Of a batch's tenants, those whose events this subscriber may act on (for example, the tenants with
   * an active webhook): one query per batch instead of one per event, when most tenants have set up
   * nothing. Without it, every event is handed to `handle`.
   */
  tenantsListening?(tx: Db, tenantIds: readonly string[]): Promise<ReadonlySet<string>>;
  handle(tx: Db, event: DomainEvent): Promise<void>;
}

export interface DomainEvents {
  subscribe(subscriber: DomainEventSubscriber): void;
  subscribers(): readonly DomainEventSubscriber[];
}

export function createDomainEvents(): DomainEvents {
  const list: DomainEventSubscriber[] = [];
  return {
    subscribe(subscriber) {
      if (list.some((existing) => existing.name === subscriber.name))
        throw new Error(`event subscriber ${subscriber.name} is registered twice`);
      list.push(subscriber);
    },
    subscribers: () => list,
  };
}
