import { Box, Group, Paper, Text, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { chartScale, labelIndexes } from './chart-scale';

// A bar chart drawn as inline SVG (no chart library: the admin portal's bundle stays small). Bars stack
// their series; the SVG itself is decoration for sighted readers (each bar's <title> is its tooltip),
// and the same numbers are in a visually hidden table for everyone else.

export interface ChartSeries {
  key: string;
  label: string;
  /** A CSS color (a Mantine variable). */
  color: string;
  values: readonly number[];
}

const PLOT_HEIGHT = 160;
const X_LABELS = 5;
const count = (value: number) => value.toLocaleString('en-US');

export function BarChart({
  title,
  labels,
  formatLabel = (label) => label,
  labelHeader,
  series,
  unit,
  summary,
}: {
  title: string;
  /** One per bar (a day, a month). */
  labels: readonly string[];
  formatLabel?: (label: string) => string;
  /** The hidden table's first column: "Date", "Month". */
  labelHeader: string;
  series: readonly ChartSeries[];
  /** What is counted, singular and plural: ['sign-in', 'sign-ins']. */
  unit: readonly [string, string];
  /** Said beside the title instead of the total (when a total means nothing, as for monthly users). */
  summary?: string;
}) {
  const id = useId();
  const totals = labels.map((_, index) => series.reduce((sum, entry) => sum + (entry.values[index] ?? 0), 0));
  const total = totals.reduce((sum, value) => sum + value, 0);
  const { top, ticks } = chartScale(Math.max(0, ...totals));
  const bars = labels.length;
  // Many days: bars nearly touch; a few months: narrower than their slot.
  const barWidth = bars > 60 ? 0.9 : bars > 8 ? 0.7 : 0.4;
  const counted = (value: number) => `${count(value)} ${value === 1 ? unit[0] : unit[1]}`;
  const tooltip = (index: number) => {
    const parts = series
      .filter((entry) => (entry.values[index] ?? 0) > 0)
      .map((entry) => `${entry.label} ${count(entry.values[index] ?? 0)}`);
    const label = formatLabel(labels[index] ?? '');
    return `${label}: ${counted(totals[index] ?? 0)}${series.length > 1 && parts.length > 0 ? ` (${parts.join(', ')})` : ''}`;
  };

  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="figure"
      m={0}
      aria-labelledby={`${id}-title`}
      style={{ display: 'flex', flexDirection: 'column', gap: 'var(--mantine-spacing-sm)', minWidth: 0 }}
    >
      <Group justify="space-between" align="baseline" gap="xs" component="figcaption">
        <Text id={`${id}-title`} fw={600}>
          {title}
        </Text>
        <Text size="sm" c="dimmed">
          {summary ?? `${counted(total)} in all`}
        </Text>
      </Group>
      <Group
        component="ul"
        gap="sm"
        m={0}
        p={0}
        aria-label={`Legend of ${title}`}
        style={{ listStyle: 'none' }}
      >
        {series.map((entry) => (
          <Group component="li" key={entry.key} gap={6} wrap="nowrap">
            <Box
              w={12}
              h={12}
              style={{ background: entry.color, borderRadius: 2, flexShrink: 0 }}
              aria-hidden
            />
            <Text size="xs">{entry.label}</Text>
          </Group>
        ))}
      </Group>
      <Box style={{ display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', columnGap: 8 }} aria-hidden>
        <Box pos="relative" h={PLOT_HEIGHT} miw={24}>
          {[0, ...ticks].map((tick) => (
            <Text
              key={tick}
              size="xs"
              c="dimmed"
              ta="right"
              pos="absolute"
              right={0}
              style={{ bottom: `${(tick / top) * 100}%`, transform: 'translateY(50%)', lineHeight: 1 }}
            >
              {count(tick)}
            </Text>
          ))}
        </Box>
        <Box pos="relative" h={PLOT_HEIGHT}>
          <svg
            width="100%"
            height="100%"
            viewBox={`0 0 ${Math.max(bars, 1)} ${top}`}
            preserveAspectRatio="none"
            focusable="false"
            style={{ display: 'block', overflow: 'visible' }}
          >
            {[0, ...ticks].map((tick) => (
              <line
                key={tick}
                x1={0}
                x2={Math.max(bars, 1)}
                y1={top - tick}
                y2={top - tick}
                vectorEffect="non-scaling-stroke"
                style={{ stroke: 'var(--mantine-color-default-border)', strokeWidth: 1 }}
              />
            ))}
            {labels.map((label, index) => {
              let base = top;
              return (
                <g key={label}>
                  <title>{tooltip(index)}</title>
                  {/* The whole column answers the pointer, so thin bars still show their tooltip. */}
                  <rect x={index} y={0} width={1} height={top} fill="transparent" />
                  {series.map((entry) => {
                    const value = entry.values[index] ?? 0;
                    if (value <= 0) return null;
                    base -= value;
                    return (
                      <rect
                        key={entry.key}
                        x={index + (1 - barWidth) / 2}
                        width={barWidth}
                        y={base}
                        height={value}
                        style={{ fill: entry.color }}
                      />
                    );
                  })}
                </g>
              );
            })}
          </svg>
        </Box>
        <Box />
        <Box pos="relative" h={18}>
          {labelIndexes(bars, X_LABELS).map((index) => (
            <Text
              key={labels[index]}
              size="xs"
              c="dimmed"
              pos="absolute"
              top={2}
              style={{
                left: `${((index + 0.5) / bars) * 100}%`,
                // The first and last labels stay inside the plot.
                transform:
                  index === 0 ? 'none' : index === bars - 1 ? 'translateX(-100%)' : 'translateX(-50%)',
                whiteSpace: 'nowrap',
              }}
            >
              {formatLabel(labels[index] ?? '')}
            </Text>
          ))}
        </Box>
      </Box>
      <VisuallyHidden>
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{labelHeader}</th>
              {series.length > 1
                ? series.map((entry) => (
                    <th scope="col" key={entry.key}>
                      {entry.label}
                    </th>
                  ))
                : null}
              <th scope="col">{series.length > 1 ? 'Total' : (series[0]?.label ?? 'Total')}</th>
            </tr>
          </thead>
          <tbody>
            {labels.map((label, index) => (
              <tr key={label}>
                <th scope="row">{formatLabel(label)}</th>
                {series.length > 1
                  ? series.map((entry) => <td key={entry.key}>{count(entry.values[index] ?? 0)}</td>)
                  : null}
                <td>{count(totals[index] ?? 0)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Paper>
  );
}
