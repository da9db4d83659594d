const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/**
 * How long ago `instant` was, in its largest whole unit ("3 minutes ago", "yesterday"); under a minute,
 * or a moment ahead of this browser's clock (the server's clock may run slightly ahead), "just now".
 */
export function relativeTime(instant: Date, now: Date): string {
  const seconds = Math.round((now.getTime() - instant.getTime()) / 1000);
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return format.format(-Math.floor(seconds / size), unit);
  }
  return 'just now';
}
