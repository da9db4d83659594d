// Issue 17: what large lists count or gather for every page, reused for a few seconds. Counting the
// matches again on every page turn costs more than the page when the list is large: a million-event
// audit log counted up to its 10,000 cap reads 10,001 index entries (3-12 ms in PostgreSQL); the people
// of a 10,000-account subtree, gathered and sorted by name, 20,001 memberships (about 100 ms). A list
// that large changes while it is read, so its total is "about right" in any case; a small one is cheap
// to read again and is read on every page.

/** A total below this is counted on every page (a few hundred index entries at most). */
export const REUSED_TOTAL_FROM = 1_000;
/** A larger total is reused this long... */
export const REUSED_TOTAL_TTL_MS = 5_000;
/** ...or for this many times what its count took, whichever is longer (recounts take ≤ 0.5% of a core). */
const COST_FACTOR = 200;

interface Kept<T> {
  value?: T;
  at: number;
  took: number;
  counting?: Promise<T>;
}

/**
 * Values per shape (a key naming the list and its filters), kept when `keep` says they are large. A
 * kept value older than its reuse time is still answered while one recount runs in the background, so
 * no page waits but the first of its shape. At most `maxKept` shapes are kept: the map is emptied when
 * it grows past that. `now` is the service's clock, in milliseconds.
 */
export function reusedValues<T>(
  now: () => number,
  options: { keep: (value: T) => boolean; maxKept: number },
) {
  const kept = new Map<string, Kept<T>>();

  const recount = (key: string, count: () => Promise<T>): Promise<T> => {
    const at = now();
    const started = performance.now();
    const counting = count().then(
      (value) => {
        const took = performance.now() - started;
        if (!options.keep(value)) kept.delete(key);
        else if (kept.get(key)?.counting === counting) kept.set(key, { value, at, took });
        return value;
      },
      (error: unknown) => {
        const entry = kept.get(key);
        if (entry?.counting === counting) delete entry.counting;
        throw error;
      },
    );
    if (kept.size > options.maxKept) kept.clear();
    kept.set(key, { at: 0, took: 0, ...kept.get(key), counting });
    return counting;
  };

  return {
    /** The shape's value: read now, or reused when large and recent enough (then refreshed if old). */
    async of(key: string, count: () => Promise<T>): Promise<T> {
      const entry = kept.get(key);
      if (entry?.value === undefined) return entry?.counting ?? recount(key, count);
      const age = now() - entry.at;
      // A clock set back (tests) makes the total as old as it can be.
      const stale = age < 0 || age >= Math.max(REUSED_TOTAL_TTL_MS, entry.took * COST_FACTOR);
      // Refreshed in the background; a failure leaves the older total for the next page to retry.
      if (stale && !entry.counting) recount(key, count).catch(() => undefined);
      return entry.value;
    },
  };
}

/** Totals per shape, reused from REUSED_TOTAL_FROM (10,000 shapes kept at most). */
export const reusedTotals = (now: () => number) =>
  reusedValues<number>(now, { keep: (total) => total >= REUSED_TOTAL_FROM, maxKept: 10_000 });
