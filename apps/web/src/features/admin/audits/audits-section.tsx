import { AUDITS_PAGE_SIZE } from '@brizo/contract/entities/audits';
import { Button, Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  EmptyState,
  ErrorState,
  LoadingState,
  PagePicker,
  SectionPage,
  useCan,
} from '../../../components/admin';
import {
  useAuditsApi,
  type AuditRow,
  type AuditSettings,
  type AuditsQuery,
  type AuditsStats,
} from '../../../sdk/admin/audits';
import { useLoaded } from '../../../sdk/admin/use-loaded';
import { AuditDrawer } from './audit-drawer';
import { AuditFilters } from './audit-filters';
import { isFiltered, LAST_PAGE, queryFromSearch, searchFromQuery } from './audit-query';
import { AuditTable } from './audit-table';
import { ColumnChooser, useShownColumns } from './column-chooser';
import { ExportButton, ExportStatus, useAuditExport } from './export-button';
import { RetentionCard } from './retention-card';

const numbers = new Intl.NumberFormat();

function StatsHeader({ stats, failed }: { stats: AuditsStats | null; failed: boolean }) {
  const figures = [
    { label: 'Events today', value: stats?.totalToday, hint: 'Since midnight UTC' },
    {
      label: 'Severe this week',
      value: stats?.severeThisWeek,
      hint: 'High and Critical, since Monday (UTC)',
    },
  ];
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" component="section" aria-label="Audit stats">
      {figures.map((figure) => (
        <Card withBorder padding="md" key={figure.label}>
          <Text size="sm" c="dimmed">
            {figure.label}
          </Text>
          <Text fz={28} fw={700} aria-live="polite">
            {figure.value !== undefined ? numbers.format(figure.value) : failed ? '—' : '…'}
          </Text>
          <Text size="xs" c="dimmed">
            {figure.hint}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

/**
 * Audit logs (SPEC sections 3 and 7): the account's security and administrative events, filtered,
 * searched, sorted and paged on the server, the page and filters kept in the address; a row opens
 * the event in full; the filtered view exports as CSV; the retention shows, and changes for those
 * who may change the security policy.
 */
export function AuditsSection() {
  const api = useAuditsApi();
  const canChangeRetention = useCan('fe.secure.write.securityPolicy');
  const [searchParams, setSearchParams] = useSearchParams();
  const address = searchParams.toString();
  const query = useMemo(() => queryFromSearch(new URLSearchParams(address)), [address]);
  const setQuery = (changes: Partial<AuditsQuery>) =>
    // A new filter or sort starts again at the first page.
    setSearchParams(searchFromQuery({ ...query, page: 1, ...changes }));

  const events = useLoaded(useCallback(() => api.list(query), [api, query]));
  const stats = useLoaded(api.stats);
  const columns = useLoaded(api.columns);
  const actions = useLoaded(api.actions);
  const settings = useLoaded(api.settings);
  const [savedSettings, setSavedSettings] = useState<AuditSettings | null>(null);
  const { shown, choose } = useShownColumns(columns.value ?? []);
  const [opened, setOpened] = useState<AuditRow | null>(null);
  const exporting = useAuditExport(api);

  const page = events.value;
  const total = page?.total ?? 0;
  const pageCount = Math.min(LAST_PAGE, Math.max(1, Math.ceil(total / AUDITS_PAGE_SIZE)));
  const totalText = page?.totalIsCapped
    ? `More than ${numbers.format(total)} events: narrow them with a filter or dates`
    : `${numbers.format(total)} ${total === 1 ? 'event' : 'events'}`;

  const filters = (
    <AuditFilters filters={query} actions={actions.value ?? []} onChange={(changes) => setQuery(changes)} />
  );

  let list;
  if (events.error) list = <ErrorState message={events.error} onRetry={events.reload} />;
  else if (columns.error) list = <ErrorState message={columns.error} onRetry={columns.reload} />;
  else if (!page || !columns.value) list = <LoadingState label="Loading audit events..." />;
  else if (page.data.length === 0)
    list = isFiltered(query) ? (
      <EmptyState
        title="No events match these filters"
        description="Change or clear the filters to see more of the log."
        action={
          <Button
            variant="default"
            onClick={() =>
              setQuery({ search: '', severity: [], action: '', email: '', ip: '', from: '', to: '' })
            }
          >
            Clear filters
          </Button>
        }
      />
    ) : (
      <EmptyState
        title="No audit events yet"
        description="Sign-ins, security changes and administrative changes of this account appear here."
      />
    );
  else
    list = (
      <Stack gap="sm">
        <AuditTable
          columns={shown}
          rows={page.data}
          sortBy={query.sortBy}
          sortDirection={query.sortDirection}
          onSort={(sortBy, sortDirection) => setQuery({ sortBy, sortDirection })}
          onOpen={setOpened}
          busy={events.loading}
        />
        <PagePicker
          label="Audit events"
          page={query.page}
          pageCount={pageCount}
          onPageChange={(next) => setSearchParams(searchFromQuery({ ...query, page: next }))}
          summary={`${totalText} · page ${query.page} of ${page.totalIsCapped ? `${pageCount}+` : pageCount}`}
        />
      </Stack>
    );

  return (
    <SectionPage
      title="Audit logs"
      description="Every sign-in, security change and administrative change in this account."
      actions={
        <>
          <ColumnChooser columns={columns.value ?? []} shown={shown} onChange={choose} />
          <ExportButton
            running={exporting.state.status === 'running'}
            onClick={() => exporting.start(query, shown)}
          />
        </>
      }
    >
      <StatsHeader stats={stats.value} failed={stats.error !== null} />
      <ExportStatus
        state={exporting.state}
        total={page && !page.totalIsCapped ? page.total : null}
        onDismiss={exporting.dismiss}
      />
      {filters}
      {list}
      {settings.value ? (
        <RetentionCard
          settings={savedSettings ?? settings.value}
          canChange={canChangeRetention}
          onSave={async (retentionDays) => {
            const next = await api.saveSettings(retentionDays);
            setSavedSettings(next);
            // The change is itself an audit event.
            events.reload();
            stats.reload();
            return next;
          }}
        />
      ) : null}
      <AuditDrawer row={opened} columns={columns.value ?? []} onClose={() => setOpened(null)} />
    </SectionPage>
  );
}
