export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

const DAY_MS = 24 * 60 * 60 * 1000;

export const addSeconds = (date: Date, seconds: number): Date => new Date(date.getTime() + seconds * 1000);
export const addDays = (date: Date, days: number): Date => new Date(date.getTime() + days * DAY_MS);

/** YYYY-MM-DD in UTC, the date format of SPEC section 3 metadata (expiration). */
export const isoDate = (date: Date): string => date.toISOString().slice(0, 10);

/** A clock the dev tools can move (POST /dev/api/clock), so browser tests can reach expiry and rotation. */
export interface AdjustableClock extends Clock {
  offsetSeconds(): number;
  setOffsetSeconds(seconds: number): void;
}

export function createAdjustableClock(base: Clock = systemClock): AdjustableClock {
  let offsetMs = 0;
  return {
    now: () => new Date(base.now().getTime() + offsetMs),
    offsetSeconds: () => offsetMs / 1000,
    setOffsetSeconds: (seconds) => {
      offsetMs = seconds * 1000;
    },
  };
}

export const isAdjustableClock = (clock: Clock): clock is AdjustableClock =>
  'setOffsetSeconds' in clock && typeof clock.setOffsetSeconds === 'function';
