// The npm SDK has no automatic token renewal (it lived in the CDN login box: SDK-NOTES.md),
// so a short-lived access token would silently go stale. We renew it ourselves, well before
// `expiresIn` elapses. A failed renewal is handled by the store itself: it clears the user and
// marks the session not authenticated (SPEC section 4), which sends every guarded page to login.

/** Used when the login response carries no `expiresIn` (SPEC section 9). */
export const FALLBACK_EXPIRES_IN_SECONDS = 300;
/** Renew once this share of the token's lifetime has passed. */
export const RENEWAL_RATIO = 0.8;
/**
 * ... but at least this long before it expires: a short-lived token renewed at 80% on a busy device
 * could expire while the renewal is still on its way, and the calls made meanwhile would fail.
 */
export const RENEWAL_MARGIN_MS = 4_000;
/** Never renew in a tighter loop than this, whatever the server says. */
export const MIN_RENEWAL_DELAY_MS = 2_000;

/** Milliseconds after issue at which a token living `expiresIn` seconds is renewed. */
export function renewalDelayMs(expiresIn: number | null | undefined): number {
  const seconds =
    typeof expiresIn === 'number' && Number.isFinite(expiresIn) && expiresIn > 0
      ? expiresIn
      : FALLBACK_EXPIRES_IN_SECONDS;
  const lifetimeMs = seconds * 1000;
  return Math.max(
    MIN_RENEWAL_DELAY_MS,
    Math.floor(Math.min(lifetimeMs * RENEWAL_RATIO, lifetimeMs - RENEWAL_MARGIN_MS)),
  );
}

/** What the scheduler needs to know about the signed-in session. */
export interface SessionSnapshot {
  accessToken: string;
  expiresIn?: number | null;
}

export interface RenewalSchedulerDeps {
  /** The current session, or null when nobody is signed in. */
  getSession(): SessionSnapshot | null;
  /** Calls back on every store change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** Asks the server for a fresh token (the store's requestAuthorize). */
  renew(): Promise<unknown> | void;
  now?: () => number;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

/**
 * Watches the session: each new access token (login, renewal, tenant switch) re-arms one
 * timer; signing out disarms it. `checkNow` renews at once when the due time has passed
 * (timers are throttled in background tabs, so callers run it when the page becomes visible).
 */
export function startTokenRenewal(deps: RenewalSchedulerDeps) {
  const now = deps.now ?? Date.now;
  const setTimer = deps.setTimer ?? ((callback: () => void, ms: number) => setTimeout(callback, ms));
  const clearTimer =
    deps.clearTimer ?? ((handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>));

  let currentToken: string | null = null;
  let timer: unknown = null;
  let dueAt: number | null = null;
  let renewing = false;

  const disarm = () => {
    if (timer !== null) clearTimer(timer);
    timer = null;
    dueAt = null;
  };

  const renewNow = async () => {
    if (renewing) return;
    renewing = true;
    disarm();
    try {
      await deps.renew();
    } finally {
      renewing = false;
      // The same token after a renewal attempt (e.g. the server kept it): try again later
      // rather than never; a new token re-arms through `sync` instead.
      const session = deps.getSession();
      if (session && session.accessToken === currentToken && timer === null) arm(session);
    }
  };

  const arm = (session: SessionSnapshot) => {
    disarm();
    const delay = renewalDelayMs(session.expiresIn);
    dueAt = now() + delay;
    timer = setTimer(() => void renewNow(), delay);
  };

  const sync = () => {
    const session = deps.getSession();
    const token = session?.accessToken || null;
    if (token === currentToken) return;
    currentToken = token;
    if (session && token) arm(session);
    else disarm();
  };

  sync();
  const unsubscribe = deps.subscribe(sync);

  return {
    /** Renews immediately if the due time has already passed. */
    checkNow(): void {
      if (dueAt !== null && now() >= dueAt) void renewNow();
    },
    /** Milliseconds until the next renewal, or null when none is scheduled. */
    msUntilRenewal(): number | null {
      return dueAt === null ? null : Math.max(0, dueAt - now());
    },
    stop(): void {
      unsubscribe();
      disarm();
    },
  };
}

export type TokenRenewal = ReturnType<typeof startTokenRenewal>;
