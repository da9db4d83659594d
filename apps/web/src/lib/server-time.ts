import { useEffect, useState, useSyncExternalStore } from 'react';
import { useConfig } from './config';

// Trial expiry is decided by the server's clock (SPEC section 4, expiration): a visitor's machine may be
// hours off, and the dev clock (POST /dev/api/clock) moves only the server's. The trial and review pages
// learn the offset between the two from GET /time and count with it.

/** The server clock minus this browser's, from one GET /time taken between `sentMs` and `receivedMs`. */
export function clockOffset(sentMs: number, receivedMs: number, serverNow: string): number | null {
  const server = Date.parse(serverNow);
  if (Number.isNaN(server) || receivedMs < sentMs) return null;
  // The server read its clock somewhere in the round trip: its middle is the best guess.
  return server - (sentMs + receivedMs) / 2;
}

interface ServerTimeState {
  /** null until the first answer (or failure): callers that decide by time wait for it. */
  offsetMs: number | null;
}

let state: ServerTimeState = { offsetMs: null };
const listeners = new Set<() => void>();
let inFlight: Promise<void> | null = null;

function publish(offsetMs: number): void {
  state = { offsetMs };
  for (const listener of listeners) listener();
}

/**
 * Asks the server for its time (one request at a time). A failed request keeps the last offset, or
 * falls back to the browser's clock when there is none yet, so the pages never wait forever.
 */
export function syncServerTime(baseUrl: string, now: () => number = Date.now): Promise<void> {
  inFlight ??= (async () => {
    try {
      const sent = now();
      const response = await fetch(`${baseUrl}/time`, { cache: 'no-store', credentials: 'omit' });
      const received = now();
      const body = response.ok ? ((await response.json()) as { now?: unknown }) : {};
      const offset = typeof body.now === 'string' ? clockOffset(sent, received, body.now) : null;
      if (offset !== null) publish(offset);
      else if (state.offsetMs === null) publish(0);
    } catch {
      if (state.offsetMs === null) publish(0);
    } finally {
      inFlight = null;
    }
  })();
  return inFlight;
}

/** Forgets the learned offset (tests). */
export function resetServerTime(): void {
  state = { offsetMs: null };
  inFlight = null;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export interface ServerNow {
  /** The server's current time, as far as the last GET /time tells. */
  now: Date;
  /** Whether the offset has been learned (or given up on): decisions by time wait for it. */
  ready: boolean;
}

/**
 * The server's current time, refreshed every `intervalMs`; each refresh asks the server again, so a
 * moved server clock (or a browser clock changed meanwhile) shows within one interval. Preview mode
 * makes no server calls: it counts by the browser's clock.
 */
export function useServerNow(intervalMs: number): ServerNow {
  const { baseUrl, previewMode } = useConfig();
  const { offsetMs } = useSyncExternalStore(subscribe, () => state);
  // The browser's time at the last tick; the server's is that plus the latest offset.
  const [localNow, setLocalNow] = useState(() => Date.now());
  useEffect(() => {
    if (previewMode) return;
    void syncServerTime(baseUrl);
    const timer = setInterval(() => {
      setLocalNow(Date.now());
      void syncServerTime(baseUrl);
    }, intervalMs);
    return () => clearInterval(timer);
  }, [baseUrl, previewMode, intervalMs]);
  useEffect(() => {
    if (!previewMode) return;
    const timer = setInterval(() => setLocalNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [previewMode, intervalMs]);
  const ready = previewMode === true || offsetMs !== null;
  return { now: new Date(localNow + (offsetMs ?? 0)), ready };
}
