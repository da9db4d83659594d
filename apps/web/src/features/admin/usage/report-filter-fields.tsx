import { Group, NativeSelect } from '@mantine/core';
import type { ReportFilterValues, ReportRecord } from '../../../sdk/admin/reports';

// The data filters a person picks for a report: the last days it covers, and the lowest audit severity
// for the templates that list audit events.

export const periodOptions = [
  { value: '1', label: 'Today (UTC)' },
  { value: '7', label: 'Last 7 days' },
  { value: '30', label: 'Last 30 days' },
  { value: '90', label: 'Last 90 days' },
];
const severityOptions = ['Info', 'Medium', 'High', 'Critical'];

/** The template's default severity, when it takes one. */
function defaultSeverity(record: ReportRecord): string | undefined {
  const filter = record.dataFilters.find((entry) => entry.config.name === 'severity');
  if (!filter) return undefined;
  const value = filter.config.defaultValue;
  return typeof value === 'string' ? value : 'Info';
}

/** What a report shows when first opened: the last 30 days, at its own default severity. */
export function initialFilters(record: ReportRecord): ReportFilterValues {
  const severity = defaultSeverity(record);
  return severity ? { days: 30, severity: severity as ReportFilterValues['severity'] } : { days: 30 };
}

export function ReportFilterFields({
  record,
  value,
  onChange,
}: {
  record: ReportRecord;
  value: ReportFilterValues;
  onChange: (value: ReportFilterValues) => void;
}) {
  const severity = defaultSeverity(record);
  return (
    <Group gap="sm" grow wrap="wrap" align="flex-end">
      <NativeSelect
        label="Period"
        data={periodOptions}
        value={String(value.days ?? 30)}
        onChange={(event) => onChange({ ...value, days: Number(event.currentTarget.value) })}
        miw={150}
      />
      {severity ? (
        <NativeSelect
          label="Lowest severity"
          data={severityOptions}
          value={value.severity ?? severity}
          onChange={(event) =>
            onChange({ ...value, severity: event.currentTarget.value as ReportFilterValues['severity'] })
          }
          miw={150}
        />
      ) : null}
    </Group>
  );
}
