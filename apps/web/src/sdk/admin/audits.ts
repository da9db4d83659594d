import {
  AUDITS_PAGE_SIZE,
  auditActionsSchema,
  auditColumns,
  auditsMetadataSchema,
  auditSettingsSchema,
  auditsPageSchema,
  auditsStatsSchema,
  type AuditColumn,
  type AuditRow,
  type AuditSettings,
  type AuditSeverity,
  type AuditsPage,
  type AuditsStats,
  type AuditSortKey,
} from '@brizo/contract/entities/audits';
import { api, FetchClient, type IGetAuditsParams } from '@frontegg/rest-api';
import { APP_NAME } from '../store';
import { callApi } from './call-api';
import { usePreviewMode } from './portal';
import { readAnswer } from './read-answer';

// The Audit logs section's data (/audits): the tenant's events, filtered, sorted and paged on the
// server, their stats, the columns the vendor's metadata describes, the CSV export read as it streams
// (so the section shows its progress) and the tenant's retention. The official client's AuditsApi for
// what it has, its FetchClient for the rest; every answer parsed with the contract's schemas. Preview
// mode calls nothing: an empty log.

export type { AuditColumn, AuditRow, AuditSettings, AuditSeverity, AuditsPage, AuditsStats, AuditSortKey };

/** What the section shows: a page, its order and its filters (empty text: no filter). */
export interface AuditsQuery {
  /** 1-based. */
  page: number;
  sortBy: AuditSortKey;
  sortDirection: 'asc' | 'desc';
  search: string;
  severity: AuditSeverity[];
  action: string;
  email: string;
  ip: string;
  /** Days (YYYY-MM-DD, UTC), inclusive. */
  from: string;
  to: string;
}

export const defaultAuditsQuery: AuditsQuery = {
  page: 1,
  sortBy: 'createdAt',
  sortDirection: 'desc',
  search: '',
  severity: [],
  action: '',
  email: '',
  ip: '',
  from: '',
  to: '',
};

/** The list's and the export's query string: the filters that are set, the sort. */
export function auditsParams(query: AuditsQuery): Record<string, string> {
  const params: Record<string, string> = { sortBy: query.sortBy, sortDirection: query.sortDirection };
  const text: Array<[string, string]> = [
    ['filter', query.search],
    ['action', query.action],
    ['email', query.email],
    ['ip', query.ip],
    ['createdFrom', query.from],
    ['createdTo', query.to],
  ];
  for (const [name, value] of text) if (value.trim()) params[name] = value.trim();
  if (query.severity.length > 0) params.severity = query.severity.join(',');
  return params;
}

/** How far an export has come. */
export interface ExportProgress {
  bytes: number;
  rows: number;
}

/**
 * Counts the records a CSV chunk ends (line breaks outside quoted fields), carrying whether the chunk
 * ended inside quotes into the next.
 */
export function countCsvRecords(text: string, inQuotes: boolean): { records: number; inQuotes: boolean } {
  let records = 0;
  let quoted = inQuotes;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (char === '\n' && !quoted) records += 1;
  }
  return { records, inQuotes: quoted };
}

/** Hands the browser a file to save. */
function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken the file by the next task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

const client = () => new FetchClient(APP_NAME);
const metadataRow = auditsMetadataSchema.shape.rows.element;

export const auditsApi = {
  list: (query: AuditsQuery): Promise<AuditsPage> =>
    callApi(
      () =>
        api.audits.getAudits({
          ...auditsParams(query),
          offset: (query.page - 1) * AUDITS_PAGE_SIZE,
          count: AUDITS_PAGE_SIZE,
        } as IGetAuditsParams),
      (answer) => readAnswer(auditsPageSchema, answer, 'audit log'),
    ),
  stats: (): Promise<AuditsStats> =>
    callApi(
      () =>
        api.audits.getAuditsStats({ sortBy: 'createdAt', sortDirection: 'desc', count: AUDITS_PAGE_SIZE }),
      (answer) => readAnswer(auditsStatsSchema, answer, 'audit stats'),
    ),
  /** The log's columns from the vendor's metadata (getAuditsMetadata answers rows[0]). */
  columns: (): Promise<AuditColumn[]> =>
    callApi(
      () => api.metadata.getAuditsMetadata(),
      (answer) => readAnswer(metadataRow, answer, 'audit columns').properties,
    ),
  actions: (): Promise<string[]> =>
    callApi(
      () => client().get('/audits/actions'),
      (answer) => readAnswer(auditActionsSchema, answer, 'audit actions').actions,
    ),
  settings: (): Promise<AuditSettings> =>
    callApi(
      () => client().get('/audits/settings'),
      (answer) => readAnswer(auditSettingsSchema, answer, 'audit settings'),
    ),
  saveSettings: (retentionDays: number | null): Promise<AuditSettings> =>
    callApi(
      () => client().put('/audits/settings', { retentionDays }),
      (answer) => readAnswer(auditSettingsSchema, answer, 'audit settings'),
    ),
  /**
   * The matching events as a CSV file of the given columns: the answer is read as it streams in,
   * `onProgress` told after each chunk, then the file is saved. Answers the final count.
   */
  exportCsv: async (
    query: AuditsQuery,
    columns: ReadonlyArray<Pick<AuditColumn, 'name' | 'displayName'>>,
    onProgress: (progress: ExportProgress) => void,
  ): Promise<ExportProgress> => {
    const fileName = `audit-log-${new Date().toISOString().slice(0, 10)}.csv`;
    const body = await callApi(
      () =>
        client().postDownload(
          '/audits/export/csv/v2',
          { properties: columns.map(({ name, displayName }) => ({ name, displayName })) },
          { ...auditsParams(query), outputFileName: fileName },
          { responseType: 'stream' },
        ),
      (answer) => {
        if (answer instanceof ReadableStream) return answer as ReadableStream<Uint8Array>;
        throw new Error("The server's answer could not be read (audit log export)");
      },
    );
    const reader = body.getReader();
    const decoder = new TextDecoder();
    const chunks: Uint8Array[] = [];
    const progress: ExportProgress = { bytes: 0, rows: 0 };
    let inQuotes = false;
    let header = true;
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      chunks.push(read.value);
      progress.bytes += read.value.byteLength;
      const counted = countCsvRecords(decoder.decode(read.value, { stream: true }), inQuotes);
      inQuotes = counted.inQuotes;
      // The first record is the header line.
      progress.rows += counted.records - (header && counted.records > 0 ? 1 : 0);
      if (counted.records > 0) header = false;
      onProgress({ ...progress });
    }
    saveFile(new Blob(chunks as BlobPart[], { type: 'text/csv' }), fileName);
    return progress;
  },
};

export type AuditsApi = typeof auditsApi;

const PREVIEW_REFUSAL = 'Audit logs cannot be exported or changed in preview mode';
const refuse = async (): Promise<never> => {
  throw new Error(PREVIEW_REFUSAL);
};
const previewApi: AuditsApi = {
  list: async () => ({ data: [], total: 0, totalIsCapped: false }),
  stats: async () => ({ totalToday: 0, severeThisWeek: 0 }),
  columns: async () => [...auditColumns],
  actions: async () => [],
  settings: async () => ({ retentionDays: null, defaultRetentionDays: 365 }),
  saveSettings: refuse,
  exportCsv: refuse,
};

/** The audit calls for this portal: none reach a server in preview mode. */
export function useAuditsApi(): AuditsApi {
  return usePreviewMode() ? previewApi : auditsApi;
}
