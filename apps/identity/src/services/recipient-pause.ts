import type { Clock } from '../lib/time.js';

const HOUR_MS = 60 * 60 * 1000;
/** Beyond this many recipients the oldest are forgotten: memory stays bounded under a flood. */
const MAX_RECIPIENTS = 100_000;

/**
 * The per-recipient pause of every mail and SMS an anonymous request sends (issue 10): at most one
 * per `pauseSeconds` and `hourlyCap` per hour to one address or number. A message over the limit is
 * silently not sent, so the answer stays the same and reveals nothing. In memory behind this
 * interface: a later issue shares it between servers.
 */
export interface RecipientPause {
  /** Whether a message may go to `recipient` now; a yes counts as one sent. */
  take(recipient: string): Promise<boolean>;
}

export function createRecipientPause(deps: {
  clock: Clock;
  pauseSeconds: number;
  /** 0: no hourly cap. */
  hourlyCap: number;
}): RecipientPause {
  const sent = new Map<string, number[]>();
  return {
    async take(recipient) {
      const key = recipient.trim().toLowerCase();
      const now = deps.clock.now().getTime();
      const recent = (sent.get(key) ?? []).filter((at) => at > now - HOUR_MS && at <= now);
      const last = recent.at(-1);
      const paused = last !== undefined && now - last < deps.pauseSeconds * 1000;
      const capped = deps.hourlyCap > 0 && recent.length >= deps.hourlyCap;
      if (paused || capped) return false;
      recent.push(now);
      sent.delete(key); // re-inserted last: the Map's order is the order of last use
      sent.set(key, recent);
      if (sent.size > MAX_RECIPIENTS) sent.delete(sent.keys().next().value ?? key);
      return true;
    },
  };
}
