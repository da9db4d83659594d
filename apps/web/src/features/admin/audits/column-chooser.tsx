import { Button, Checkbox, Popover, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { local } from '../../../lib/storage';
import type { AuditColumn } from '../../../sdk/admin/audits';

const STORAGE_KEY = 'brizo.audits.columns';

/** The columns the chooser offers: all but the JSON, which the details show. */
export const choosableColumns = (columns: AuditColumn[]) =>
  columns.filter((column) => column.type !== 'Json');

/**
 * Which columns the table shows: the viewer's choice, kept in this browser, else those the metadata
 * shows in the table. Names the metadata no longer has are dropped.
 */
export function useShownColumns(columns: AuditColumn[]) {
  const [chosen, setChosen] = useState<string[] | null>(() => {
    try {
      const saved: unknown = JSON.parse(local.getItem(STORAGE_KEY) ?? 'null');
      return Array.isArray(saved) ? saved.filter((name): name is string => typeof name === 'string') : null;
    } catch {
      return null;
    }
  });
  const offered = choosableColumns(columns);
  const fromChoice = chosen ? offered.filter((column) => chosen.includes(column.name)) : [];
  const shown = fromChoice.length > 0 ? fromChoice : offered.filter((column) => column.showInTable);
  const choose = (names: string[]) => {
    setChosen(names);
    local.setItem(STORAGE_KEY, JSON.stringify(names));
  };
  return { shown, choose };
}

/** A pop-over of checkboxes, one per column; the last shown column cannot be hidden. */
export function ColumnChooser({
  columns,
  shown,
  onChange,
}: {
  columns: AuditColumn[];
  shown: AuditColumn[];
  onChange: (names: string[]) => void;
}) {
  const shownNames = shown.map((column) => column.name);
  const toggle = (name: string, on: boolean) =>
    onChange(
      choosableColumns(columns)
        .map((column) => column.name)
        .filter((known) => (known === name ? on : shownNames.includes(known))),
    );
  return (
    // hideDetached off: each change re-lays the table out, and the hide check took the button for
    // detached when it could not measure it (it closed the list after the first click).
    <Popover position="bottom-end" withinPortal shadow="md" hideDetached={false}>
      <Popover.Target>
        <Button variant="default">Columns</Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Text size="sm" fw={600} id="audit-columns-label" mb="xs">
          Shown columns
        </Text>
        <Stack gap="xs" role="group" aria-labelledby="audit-columns-label">
          {choosableColumns(columns).map((column) => {
            const checked = shownNames.includes(column.name);
            return (
              <Checkbox
                key={column.name}
                label={column.displayName}
                checked={checked}
                disabled={checked && shownNames.length === 1}
                onChange={(event) => toggle(column.name, event.currentTarget.checked)}
              />
            );
          })}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
