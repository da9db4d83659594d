// The choices of the settings form. Stored values are the wire's plain strings.

export const dateFormats = ['DD/MM/YYYY', 'MM/DD/YYYY', 'YYYY-MM-DD', 'DD.MM.YYYY'];
export const timeFormats = ['HH:mm', 'hh:mm A'];
export const currencies = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'JPY', 'CHF', 'ILS', 'INR', 'BRL', 'MXN'];

/** The browser's time zones (IANA names), with a short list where Intl cannot list them. */
export function timezones(): string[] {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
  return supported ? supported('timeZone') : ['UTC', 'Europe/London', 'Europe/Paris', 'America/New_York'];
}

/** A select's options, keeping a stored value the list does not know (so saving never loses it). */
export const withCurrent = (options: readonly string[], current: string): string[] =>
  current && !options.includes(current) ? [current, ...options] : [...options];
