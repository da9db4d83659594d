import { reportFilterValuesSchema, type ReportFilterValues } from '@brizo/contract/entities/reports';
import { AppError, appError, errorCatalogue } from '../../errors.js';
import { resolveDayRange, type DayRange } from '../usage/day-range.js';

// SPEC section 7: the client sends a report's data filters as base64-encoded JSON (btoa(JSON.stringify(...))).

const MAX_ENCODED_LENGTH = 4096;

const invalid = (message?: string) => appError(errorCatalogue.reports.invalidDataFilters, message);

/** The filter values of the base64 text; {} when none was sent. 400 when it is not base64 JSON of them. */
export function decodeDataFilters(encoded: string | undefined): ReportFilterValues {
  if (encoded === undefined || encoded === '') return {};
  // Buffer's decoder skips characters that are not base64: the text is checked whole first.
  const text = encoded.trim();
  if (text.length > MAX_ENCODED_LENGTH || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(text) || text.length % 4 === 1)
    throw invalid();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (parsed === null) return {};
  if (typeof parsed !== 'object' || Array.isArray(parsed))
    throw invalid('dataFilters must encode a JSON object');
  return checkFilterValues(parsed);
}

/** Filter values given as an object (a stored schedule's); 400 naming the first wrong one. */
export function checkFilterValues(values: unknown): ReportFilterValues {
  const read = reportFilterValuesSchema.safeParse(values);
  if (read.success) return read.data;
  const issue = read.error.issues[0];
  const where = issue?.path.length ? `dataFilters.${issue.path.join('.')}` : 'dataFilters';
  throw invalid(`${where}: ${issue?.message ?? 'not valid'}`);
}

/** The days a report covers: from/to, or the last `days` up to today (30 by default). */
export function reportRange(values: ReportFilterValues, now: Date): DayRange {
  try {
    return resolveDayRange(values, now);
  } catch (error) {
    if (error instanceof AppError) throw invalid(`dataFilters: ${error.message}`);
    throw error;
  }
}
