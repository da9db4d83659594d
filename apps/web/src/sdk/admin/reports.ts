import {
  reportRecordSchema,
  reportRecordsSchema,
  reportSentSchema,
  type ReportFilterValues,
  type ReportInterval,
  type ReportRecord,
  type ReportSent,
} from '@brizo/contract/entities/reports';
import { api, FetchClient, type IScheduleReport, type ISendReport } from '@frontegg/rest-api';
import { useCallback, useEffect, useState } from 'react';
import { z } from 'zod';
import { APP_NAME } from '../store';
import { errorMessage } from './api-error';
import { callApi } from './call-api';
import { usePreviewMode } from './portal';
import { readAnswer } from './read-answer';

// The Usage section's Reports tab (issue 14): the tenant's report templates and schedules, through the
// official client's ReportsApi (its data filters go as base64-encoded JSON, SPEC section 7). The PDF is
// downloaded through its FetchClient, which saves the file itself. Preview mode lists nothing and
// refuses every change.

export type { ReportFilterValues, ReportInterval, ReportRecord, ReportSent };

export interface ScheduleInput {
  interval: ReportInterval;
  cron: string;
  tz: string;
  active: boolean;
  filters: ReportFilterValues;
  /** Members of the account; empty: the server sends to the person saving. */
  recipients: string[];
}

const TRIGGERS = '/reports/engine/resources/triggers/v1';
const client = () => new FetchClient(APP_NAME);
/** What the official client does with data filters before sending them. */
const encode = (filters: ReportFilterValues) => btoa(JSON.stringify(filters));

export const reportsApi = {
  list: (): Promise<ReportRecord[]> =>
    callApi(
      () => api.reports.getReports({}),
      (answer) => readAnswer(reportRecordsSchema, answer, 'reports'),
    ),
  /** The report rendered now as an HTML page (shown in a sandboxed frame). */
  previewHtml: (templateId: string, filters: ReportFilterValues): Promise<string> =>
    callApi(
      () => api.reports.renderReport({ templateId, dataFilters: filters }),
      (answer) => readAnswer(z.object({ html: z.string() }), answer, 'report preview').html,
    ),
  /** Saves the report as a PDF file (the browser's download). */
  downloadPdf: (record: Pick<ReportRecord, 'id' | 'name'>, filters: ReportFilterValues): Promise<void> =>
    callApi(
      () =>
        client().get(
          `${TRIGGERS}/preview-report`,
          {
            templateId: record.id,
            dataFilters: encode(filters),
            responseType: 'pdf',
            outputFileName: `${record.name} ${new Date().toISOString().slice(0, 10)}.pdf`,
          },
          { responseType: 'blob' },
        ),
      () => undefined,
    ),
  schedule: (templateId: string, input: ScheduleInput): Promise<ReportRecord> => {
    const request: IScheduleReport & { recipients?: string[] } = {
      templateId,
      schedule: { interval: input.interval, cron: input.cron, tz: input.tz, active: input.active },
      status: input.active ? 'active' : 'inactive',
      dataFilters: input.filters,
      type: 'html',
      ...(input.recipients.length > 0 && { recipients: input.recipients }),
    };
    return callApi(
      () => api.reports.scheduleReport(request),
      (answer) => readAnswer(reportRecordSchema, answer, 'report schedule'),
    );
  },
  send: (templateId: string, to: string[], filters: ReportFilterValues): Promise<ReportSent> => {
    const request: ISendReport & { dataFilters: string } = { templateId, to, dataFilters: encode(filters) };
    return callApi(
      () => api.reports.sendReport(request),
      (answer) => readAnswer(reportSentSchema, answer, 'report sent'),
    );
  },
};

export type ReportsApi = typeof reportsApi;

const PREVIEW_REFUSAL = 'Reports cannot be sent or scheduled in preview mode';
const refuse = async (): Promise<never> => {
  throw new Error(PREVIEW_REFUSAL);
};
const previewApi: ReportsApi = {
  list: async () => [],
  previewHtml: refuse,
  downloadPdf: refuse,
  schedule: refuse,
  send: refuse,
};

export interface ReportsView {
  records: ReportRecord[];
  loaded: boolean;
  error: string | null;
  load: () => void;
  api: ReportsApi;
}

/** The report templates the viewer may read, with the account's schedules. */
export function useReports(): ReportsView {
  const reports = usePreviewMode() ? previewApi : reportsApi;
  const [records, setRecords] = useState<ReportRecord[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => {
    setError(null);
    reports
      .list()
      .then(setRecords)
      .catch((failure: unknown) => setError(errorMessage(failure)))
      .finally(() => setLoaded(true));
  }, [reports]);
  useEffect(() => load(), [load]);
  return { records, loaded, error, load, api: reports };
}
