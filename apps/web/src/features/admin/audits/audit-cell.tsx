import { Text } from '@mantine/core';
import type { AuditColumn, AuditRow } from '../../../sdk/admin/audits';
import { SeverityBadge } from './severity-badge';

/** A row's value of a column, as text (a missing value is empty). */
export function auditValue(row: AuditRow, name: string): string {
  const value: unknown = (row as Record<string, unknown>)[name];
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** A time as the viewer reads it, in their own time zone. */
export const formatTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** A row's value of a column in the table, by the column's type. */
export function AuditCell({ row, column }: { row: AuditRow; column: AuditColumn }) {
  const value = auditValue(row, column.name);
  if (!value) return <Text c="dimmed">—</Text>;
  switch (column.type) {
    case 'Timestamp':
      return (
        <Text component="time" dateTime={value} size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatTime(value)}
        </Text>
      );
    case 'Severity':
      return <SeverityBadge severity={value} />;
    case 'Email':
    case 'IpAddress':
      // An address reads whole, not broken at the column's edge: the table scrolls sideways instead.
      return (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {value}
        </Text>
      );
    case 'Json':
      return (
        <Text size="sm" ff="monospace" lineClamp={1}>
          {value}
        </Text>
      );
    default:
      return (
        <Text size="sm" lineClamp={2} style={{ wordBreak: 'break-word' }}>
          {value}
        </Text>
      );
  }
}
