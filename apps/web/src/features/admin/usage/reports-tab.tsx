import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { EmptyState, ErrorState, LoadingState, useCan } from '../../../components/admin';
import { useReports, type ReportFilterValues, type ReportRecord } from '../../../sdk/admin/reports';
import { initialFilters } from './report-filter-fields';
import { ReportPreviewDialog } from './report-preview-dialog';
import { describeSchedule } from './schedule-form';
import { ScheduleReportDialog } from './schedule-report-dialog';
import { SendReportDialog } from './send-report-dialog';

/** Who may mail the account's data: an administrator who may change the account (server: routes/reports). */
export const REPORTS_WRITE_PERMISSION = 'fe.secure.write.accountSettings';

const nextRun = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function ScheduleLine({ record }: { record: ReportRecord }) {
  const { schedule } = record;
  if (!schedule) {
    return (
      <Group gap="xs">
        <Badge variant="light" color="gray">
          Not scheduled
        </Badge>
      </Group>
    );
  }
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <Badge variant="light" color={schedule.active ? 'green' : 'gray'}>
          {schedule.active ? 'Scheduled' : 'Paused'}
        </Badge>
        <Text size="sm">{describeSchedule(schedule)}</Text>
      </Group>
      <Text size="xs" c="dimmed">
        {record.nextRunAt ? `Next mail ${nextRun(record.nextRunAt)} · ` : ''}
        {record.recipients.length === 1 ? '1 recipient' : `${record.recipients.length} recipients`}
      </Text>
    </Stack>
  );
}

type Dialog =
  | { kind: 'preview'; record: ReportRecord }
  | { kind: 'send'; record: ReportRecord }
  | { kind: 'schedule'; record: ReportRecord }
  | null;

/** The Reports tab: the account's report templates, previewed, downloaded, mailed now or on a schedule. */
export function ReportsTab() {
  const view = useReports();
  const canWrite = useCan(REPORTS_WRITE_PERMISSION);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [filters, setFilters] = useState<Record<string, ReportFilterValues>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const filtersOf = (record: ReportRecord) => filters[record.id] ?? initialFilters(record);

  if (!view.loaded) return <LoadingState label="Loading reports..." />;
  if (view.error && view.records.length === 0) return <ErrorState message={view.error} onRetry={view.load} />;
  if (view.records.length === 0)
    return (
      <EmptyState
        title="No reports to show"
        description="Reports need permission to read the audit log or the users of this account."
      />
    );

  return (
    <Stack gap="md">
      {canWrite ? null : (
        <Text size="sm" c="dimmed">
          You can preview and download reports. Sending and scheduling them needs permission to change the
          account&apos;s settings.
        </Text>
      )}
      {notice ? (
        <Text size="sm" role="status" fw={500}>
          {notice}
        </Text>
      ) : null}
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        {view.records.map((record) => (
          <Card
            key={record.id}
            withBorder
            radius="md"
            padding="md"
            component="section"
            aria-labelledby={`report-${record.id}`}
          >
            <Stack gap="sm" h="100%" justify="space-between">
              <Stack gap="xs">
                <Title order={2} fz="lg" id={`report-${record.id}`}>
                  {record.name}
                </Title>
                <Text size="sm" c="dimmed">
                  {record.description}
                </Text>
                <ScheduleLine record={record} />
              </Stack>
              <Group gap="xs">
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => setDialog({ kind: 'preview', record })}
                  aria-label={`Preview ${record.name}`}
                >
                  Preview
                </Button>
                {canWrite ? (
                  <>
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => setDialog({ kind: 'send', record })}
                      aria-label={`Send ${record.name} now`}
                    >
                      Send now
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => setDialog({ kind: 'schedule', record })}
                      aria-label={`Schedule ${record.name}`}
                    >
                      Schedule
                    </Button>
                  </>
                ) : null}
              </Group>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      {dialog?.kind === 'preview' ? (
        <ReportPreviewDialog
          record={dialog.record}
          filters={filtersOf(dialog.record)}
          onFiltersChange={(next) => setFilters({ ...filters, [dialog.record.id]: next })}
          reports={view.api}
          canSend={canWrite}
          onSend={() => setDialog({ kind: 'send', record: dialog.record })}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'send' ? (
        <SendReportDialog
          record={dialog.record}
          filters={filtersOf(dialog.record)}
          reports={view.api}
          onSent={(sent) => {
            setDialog(null);
            setNotice(`${dialog.record.name} sent to ${sent.sentTo.join(', ')}.`);
          }}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'schedule' ? (
        <ScheduleReportDialog
          record={dialog.record}
          reports={view.api}
          onSaved={(saved) => {
            setDialog(null);
            setNotice(
              saved.schedule?.active
                ? `${saved.name} is scheduled: ${describeSchedule(saved.schedule)}.`
                : `${saved.name} will not be mailed until its schedule is turned on again.`,
            );
            view.load();
          }}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </Stack>
  );
}
