// The CSV export's text (RFC 4180): fields separated by commas, records by CRLF, a field quoted when it
// holds a comma, a quote or a line break, its quotes doubled. A spreadsheet runs a cell that starts
// with = + - @ (or a tab or carriage return before one) as a formula, so an audit field an attacker
// typed (an email, a user agent) could run in the administrator's spreadsheet: such a cell starts
// with a quote character instead (OWASP "CSV injection").

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function csvRecord(values: readonly string[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/**
 * The file name a download is saved as: the caller's (outputFileName), reduced to characters that are
 * safe in a header and a file system, ending in .csv.
 */
export function csvFileName(requested: string | undefined, fallback = 'audits.csv'): string {
  const cleaned = (requested ?? '')
    .replace(/[^\w .()-]/g, '')
    .trim()
    .slice(0, 100);
  if (!cleaned || cleaned.startsWith('.')) return fallback;
  return cleaned.toLowerCase().endsWith('.csv') ? cleaned : `${cleaned}.csv`;
}
