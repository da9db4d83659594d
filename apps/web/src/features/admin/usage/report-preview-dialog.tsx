import { Box, Button, Group, Modal, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { ErrorState, LoadingState } from '../../../components/admin';
import { FormAlert } from '../../../components/form-alert';
import type { ReportFilterValues, ReportRecord, ReportsApi } from '../../../sdk/admin/reports';
import { errorMessage } from '../../../sdk/admin/api-error';
import { ReportFilterFields } from './report-filter-fields';

/**
 * A report rendered by the server now, shown in a sandboxed frame (its HTML runs nothing and reaches
 * nothing), with its filters, the PDF download and, for those who may, sending it.
 */
export function ReportPreviewDialog({
  record,
  filters,
  onFiltersChange,
  reports,
  canSend,
  onSend,
  onClose,
}: {
  record: ReportRecord;
  filters: ReportFilterValues;
  onFiltersChange: (filters: ReportFilterValues) => void;
  reports: ReportsApi;
  canSend: boolean;
  onSend: () => void;
  onClose: () => void;
}) {
  const narrow = useMediaQuery('(max-width: 48em)');
  const [html, setHtml] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    setHtml(null);
    setError(null);
    reports
      .previewHtml(record.id, filters)
      .then((page) => {
        if (current) setHtml(page);
      })
      .catch((failure: unknown) => {
        if (current) setError(errorMessage(failure));
      });
    return () => {
      current = false;
    };
  }, [reports, record.id, filters, attempt]);

  const download = async () => {
    setDownloading(true);
    setDownloadError(null);
    try {
      await reports.downloadPdf(record, filters);
    } catch (failure) {
      setDownloadError(errorMessage(failure));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={`Preview: ${record.name}`}
      size="xl"
      fullScreen={narrow === true}
      closeButtonProps={{ 'aria-label': 'Close the preview' }}
    >
      <Stack gap="md">
        <ReportFilterFields record={record} value={filters} onChange={onFiltersChange} />
        {error ? <ErrorState message={error} onRetry={() => setAttempt((count) => count + 1)} /> : null}
        {html === null && !error ? <LoadingState label="Rendering the report..." /> : null}
        {html !== null ? (
          <Box
            component="iframe"
            title={`${record.name} report`}
            sandbox=""
            srcDoc={html}
            w="100%"
            h={narrow ? '60vh' : 520}
            style={{
              border: '1px solid var(--mantine-color-default-border)',
              borderRadius: 8,
              background: '#fff',
            }}
          />
        ) : null}
        <FormAlert message={downloadError} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button variant="default" onClick={() => void download()} loading={downloading}>
            Download PDF
          </Button>
          {canSend ? <Button onClick={onSend}>Send now</Button> : null}
        </Group>
      </Stack>
    </Modal>
  );
}
