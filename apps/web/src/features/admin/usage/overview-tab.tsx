import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { signInMethodLabels, signInMethods } from '@brizo/contract/entities/usage';
import { useState } from 'react';
import { ErrorState, LoadingState } from '../../../components/admin';
import { useUsage, type Usage } from '../../../sdk/admin/usage';
import { BarChart, type ChartSeries } from './bar-chart';
import { formatDay, presetRange, type DayRange } from './date-range';
import { RangePicker } from './range-picker';

/** One color per sign-in method, the same in every chart and legend. */
const methodColors: Record<(typeof signInMethods)[number], string> = {
  password: 'var(--mantine-color-blue-6)',
  passwordless: 'var(--mantine-color-cyan-6)',
  passkey: 'var(--mantine-color-green-6)',
  sso: 'var(--mantine-color-violet-6)',
  social: 'var(--mantine-color-orange-6)',
  hostedLogin: 'var(--mantine-color-pink-6)',
  mfa: 'var(--mantine-color-yellow-6)',
};

const count = (value: number) => value.toLocaleString('en-US');
const monthLabel = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

function Kpi({ label, value, detail }: { label: string; value: string; detail: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fz={28} fw={700} lh={1.2}>
        {value}
      </Text>
      <Text component="dd" m={0} size="xs" c="dimmed">
        {detail}
      </Text>
    </Paper>
  );
}

function KpiCards({ usage }: { usage: Usage }) {
  const { enrolled, members } = usage.mfaAdoption;
  const exchanges = usage.days.reduce((sum, day) => sum + day.apiTokenExchanges, 0);
  const { active, pendingInvitations, disabled } = usage.seats;
  return (
    <SimpleGrid component="dl" m={0} cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
      <Kpi
        label="Monthly active users"
        value={count(usage.monthlyActiveUsers.last30Days)}
        detail="Signed in during the last 30 days"
      />
      <Kpi
        label="Seats used"
        value={count(active)}
        detail={`${count(pendingInvitations)} pending invitations · ${count(disabled)} disabled`}
      />
      <Kpi
        label="MFA adoption"
        value={members === 0 ? '–' : `${Math.round((enrolled / members) * 100)}%`}
        detail={`${count(enrolled)} of ${count(members)} active members enrolled`}
      />
      <Kpi
        label="API-token exchanges"
        value={count(exchanges)}
        detail={`In this range · ${count(usage.apiTokens.active)} active API tokens`}
      />
    </SimpleGrid>
  );
}

/** One count per day of the range, in one colour. */
function DailyChart({
  usage,
  title,
  label,
  color,
  values,
  unit,
}: {
  usage: Usage;
  title: string;
  label: string;
  color: string;
  values: (day: Usage['days'][number]) => number;
  unit: readonly [string, string];
}) {
  return (
    <BarChart
      title={title}
      labels={usage.days.map((day) => day.date)}
      labelHeader="Date (UTC)"
      formatLabel={formatDay}
      series={[{ key: label, label, color, values: usage.days.map(values) }]}
      unit={unit}
    />
  );
}

function Charts({ usage }: { usage: Usage }) {
  const dates = usage.days.map((day) => day.date);
  const signIns: ChartSeries[] = signInMethods.map((method) => ({
    key: method,
    label: signInMethodLabels[method],
    color: methodColors[method],
    values: usage.days.map((day) => day.signIns[method]),
  }));
  const day = (date: string) => formatDay(date);
  return (
    <Stack gap="md">
      <BarChart
        title="Sign-ins per day by method"
        labels={dates}
        labelHeader="Date (UTC)"
        formatLabel={day}
        series={signIns}
        unit={['sign-in', 'sign-ins']}
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <DailyChart
          usage={usage}
          title="Failed sign-ins per day"
          label="Failed sign-ins"
          color="var(--mantine-color-red-7)"
          values={(entry) => entry.failedSignIns}
          unit={['failed sign-in', 'failed sign-ins']}
        />
        <DailyChart
          usage={usage}
          title="API-token exchanges per day"
          label="API-token exchanges"
          color="var(--mantine-color-teal-6)"
          values={(entry) => entry.apiTokenExchanges}
          unit={['exchange', 'exchanges']}
        />
      </SimpleGrid>
      <BarChart
        title="Active users per month"
        labels={usage.monthlyActiveUsers.months.map((month) => month.month)}
        labelHeader="Month (UTC)"
        formatLabel={(month) => monthLabel.format(new Date(`${month}-01T00:00:00Z`))}
        series={[
          {
            key: 'active',
            label: 'Active users',
            color: 'var(--mantine-color-indigo-6)',
            values: usage.monthlyActiveUsers.months.map((month) => month.activeUsers),
          },
        ]}
        unit={['active user', 'active users']}
        summary="Members who signed in, each calendar month counted whole"
      />
    </Stack>
  );
}

/** The Usage tab: the range, the key figures and the charts. */
export function OverviewTab() {
  const [range, setRange] = useState<DayRange>(() => presetRange(30));
  const view = useUsage(range);
  return (
    <Stack gap="lg">
      <RangePicker range={range} onChange={setRange} />
      {view.error ? <ErrorState message={view.error} onRetry={view.reload} /> : null}
      {view.value === null ? (
        view.loading ? (
          <LoadingState label="Loading usage..." />
        ) : null
      ) : (
        <Stack gap="lg" aria-busy={view.loading}>
          <KpiCards usage={view.value} />
          <Charts usage={view.value} />
        </Stack>
      )}
    </Stack>
  );
}
