export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

const DAY_MS = 24 * 60 * 60 * 1000;

export const addSeconds = (date: Date, seconds: number): Date => new Date(date.getTime() + seconds * 1000);
export const addDays = (date: Date, days: number): Date => new Date(date.getTime() + days * DAY_MS);

/** YYYY-MM-DD in UTC, the date format of SPEC section 3 metadata (expiration). */
export const isoDate = (date: Date): string => date.toISOString().slice(0, 10);
