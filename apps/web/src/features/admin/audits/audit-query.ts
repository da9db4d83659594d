import {
  AUDITS_MAX_OFFSET,
  AUDITS_PAGE_SIZE,
  auditSeverities,
  auditSortKeys,
  type AuditSeverity,
  type AuditSortKey,
} from '@brizo/contract/entities/audits';
import { defaultAuditsQuery, type AuditsQuery } from '../../../sdk/admin/audits';

// The section's page, sort and filters live in the address (?page=2&severity=High,Critical&...), so a
// reload, a bookmark or a link to a colleague shows the same events. Only what differs from the
// defaults is written; whatever cannot be read is left at its default.

/** The last page the server pages to (offset at most AUDITS_MAX_OFFSET). */
export const LAST_PAGE = Math.floor(AUDITS_MAX_OFFSET / AUDITS_PAGE_SIZE) + 1;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const isSortKey = (value: string | null): value is AuditSortKey => auditSortKeys.some((key) => key === value);

function severitiesOf(value: string | null): AuditSeverity[] {
  const names = (value ?? '').split(',');
  return auditSeverities.filter((severity) => names.includes(severity));
}

export function queryFromSearch(params: URLSearchParams): AuditsQuery {
  const page = Number(params.get('page') ?? '1');
  const sortBy = params.get('sortBy');
  const day = (name: string) => {
    const value = params.get(name) ?? '';
    return DAY.test(value) ? value : '';
  };
  return {
    page: Number.isInteger(page) && page >= 1 && page <= LAST_PAGE ? page : 1,
    sortBy: isSortKey(sortBy) ? sortBy : defaultAuditsQuery.sortBy,
    sortDirection: params.get('sortDirection') === 'asc' ? 'asc' : 'desc',
    search: params.get('search') ?? '',
    severity: severitiesOf(params.get('severity')),
    action: params.get('action') ?? '',
    email: params.get('email') ?? '',
    ip: params.get('ip') ?? '',
    from: day('from'),
    to: day('to'),
  };
}

export function searchFromQuery(query: AuditsQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.page !== 1) params.set('page', String(query.page));
  if (query.sortBy !== defaultAuditsQuery.sortBy) params.set('sortBy', query.sortBy);
  if (query.sortDirection !== defaultAuditsQuery.sortDirection)
    params.set('sortDirection', query.sortDirection);
  for (const name of ['search', 'action', 'email', 'ip', 'from', 'to'] as const) {
    if (query[name].trim()) params.set(name, query[name].trim());
  }
  if (query.severity.length > 0) params.set('severity', query.severity.join(','));
  return params;
}

/** Whether any filter narrows the list (the empty state then offers to clear them). */
export const isFiltered = (query: AuditsQuery): boolean =>
  Boolean(query.search || query.action || query.email || query.ip || query.from || query.to) ||
  query.severity.length > 0;
