import type { Clock } from '../lib/time.js';

const HOUR_MS = 60 * 60 * 1000;
/** Beyond this many recipients the oldest are forgotten: memory stays bounded under a flood. */
const MAX_RECIPIENTS = 100_000;

/** What a message is for: one of each may follow another at once (a sign-up's, then a reset's). */
export type MessageKind =
  'activation' | 'account-exists' | 'password-reset' | 'sign-in' | 'phone-reset' | 'unlock';

/**
 * The per-recipient pause of every mail and SMS an anonymous request sends (issue 10): at most one
 * of a kind per `pauseSeconds`, and `hourlyCap` of all kinds per hour, to one address or number. A
 * message over the limit is silently not sent, so the answer stays the same and reveals nothing.
 * In memory here; with Redis, services/cluster/recipient-pause.ts shares it between instances.
 */
export interface RecipientPause {
  /** Whether a message of `kind` may go to `recipient` now; a yes counts as one sent. */
  take(recipient: string, kind: MessageKind): Promise<boolean>;
}

interface Sent {
  at: number;
  kind: MessageKind;
}

export function createRecipientPause(deps: {
  clock: Clock;
  pauseSeconds: number;
  /** 0: no hourly cap. */
  hourlyCap: number;
}): RecipientPause {
  const sent = new Map<string, Sent[]>();
  return {
    async take(recipient, kind) {
      const key = recipient.trim().toLowerCase();
      const now = deps.clock.now().getTime();
      const recent = (sent.get(key) ?? []).filter(
        (message) => message.at > now - HOUR_MS && message.at <= now,
      );
      const paused = recent.some(
        (message) => message.kind === kind && now - message.at < deps.pauseSeconds * 1000,
      );
      const capped = deps.hourlyCap > 0 && recent.length >= deps.hourlyCap;
      if (paused || capped) return false;
      recent.push({ at: now, kind });
      sent.delete(key); // re-inserted last: the Map's order is the order of last use
      sent.set(key, recent);
      if (sent.size > MAX_RECIPIENTS) sent.delete(sent.keys().next().value ?? key);
      return true;
    },
  };
}
