import { auditSeverities } from '@brizo/contract/entities/audits';
import { Button, Group, MultiSelect, Pill, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import type { AuditSeverity, AuditsQuery } from '../../../sdk/admin/audits';
import { isFiltered } from './audit-query';

type Filters = Pick<AuditsQuery, 'search' | 'severity' | 'action' | 'email' | 'ip' | 'from' | 'to'>;

/** A text box that tells its value once typing pauses, and follows the value when it changes elsewhere. */
function PausedTextInput({
  value,
  onChange,
  ...props
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  placeholder?: string;
  type?: 'search' | 'text';
}) {
  const [text, setText] = useState(value);
  const [settled] = useDebouncedValue(text, 400);
  useEffect(() => {
    if (settled.trim() !== value) onChange(settled.trim());
    // Only a pause in typing tells the value; a value changed elsewhere is followed below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);
  useEffect(() => {
    if (value !== text.trim()) setText(value);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
  return <TextInput {...props} value={text} onChange={(event) => setText(event.currentTarget.value)} />;
}

/** The active filters, each a chip that removes it. */
function FilterChips({
  filters,
  onChange,
}: {
  filters: Filters;
  onChange: (changes: Partial<Filters>) => void;
}) {
  const chips: Array<{ key: string; label: string; clear: Partial<Filters> }> = [];
  if (filters.search)
    chips.push({ key: 'search', label: `Search: ${filters.search}`, clear: { search: '' } });
  if (filters.severity.length > 0)
    chips.push({
      key: 'severity',
      label: `Severity: ${filters.severity.join(', ')}`,
      clear: { severity: [] },
    });
  if (filters.action)
    chips.push({ key: 'action', label: `Action: ${filters.action}`, clear: { action: '' } });
  if (filters.email) chips.push({ key: 'email', label: `Email: ${filters.email}`, clear: { email: '' } });
  if (filters.ip) chips.push({ key: 'ip', label: `IP address: ${filters.ip}`, clear: { ip: '' } });
  if (filters.from || filters.to)
    chips.push({
      key: 'dates',
      label: `Dates: ${filters.from || '…'} to ${filters.to || '…'}`,
      clear: { from: '', to: '' },
    });
  if (chips.length === 0) return null;
  return (
    <Group gap="xs" role="group" aria-label="Active filters">
      {chips.map((chip) => (
        <Pill
          key={chip.key}
          size="md"
          withRemoveButton
          onRemove={() => onChange(chip.clear)}
          // A pill input's remove buttons are hidden from the keyboard (Backspace removes there); these are not.
          removeButtonProps={{
            'aria-label': `Remove filter ${chip.label}`,
            'aria-hidden': false,
            tabIndex: 0,
          }}
        >
          {chip.label}
        </Pill>
      ))}
      <Button
        size="compact-sm"
        variant="subtle"
        onClick={() =>
          onChange({ search: '', severity: [], action: '', email: '', ip: '', from: '', to: '' })
        }
      >
        Clear filters
      </Button>
    </Group>
  );
}

/**
 * The search box and a filter per filterable column (severity, action, email, IP address, dates);
 * the filters in force show as chips below them.
 */
export function AuditFilters({
  filters,
  actions,
  onChange,
}: {
  filters: Filters;
  /** The actions the tenant's log holds. */
  actions: string[];
  onChange: (changes: Partial<Filters>) => void;
}) {
  const actionChoices =
    filters.action && !actions.includes(filters.action) ? [filters.action, ...actions] : actions;
  return (
    <Stack gap="sm">
      <PausedTextInput
        label="Search"
        type="search"
        placeholder="Action, description, email or IP address"
        value={filters.search}
        onChange={(search) => onChange({ search })}
      />
      <SimpleGrid cols={{ base: 2, md: 3 }} spacing="sm">
        <MultiSelect
          size="md"
          label="Severity"
          placeholder={filters.severity.length > 0 ? undefined : 'Any'}
          data={[...auditSeverities]}
          value={filters.severity}
          onChange={(severity) => onChange({ severity: severity as AuditSeverity[] })}
          clearable
        />
        <Select
          size="md"
          label="Action"
          placeholder="Any"
          data={actionChoices}
          value={filters.action || null}
          onChange={(action) => onChange({ action: action ?? '' })}
          searchable
          clearable
          nothingFoundMessage="No such action"
        />
        <PausedTextInput
          label="Email"
          placeholder="The whole address"
          value={filters.email}
          onChange={(email) => onChange({ email })}
        />
        <PausedTextInput
          label="IP address"
          placeholder="All or part of it"
          value={filters.ip}
          onChange={(ip) => onChange({ ip })}
        />
        <TextInput
          label="From (UTC)"
          type="date"
          value={filters.from}
          max={filters.to || undefined}
          onChange={(event) => onChange({ from: event.currentTarget.value })}
        />
        <TextInput
          label="To (UTC)"
          type="date"
          value={filters.to}
          min={filters.from || undefined}
          onChange={(event) => onChange({ to: event.currentTarget.value })}
        />
      </SimpleGrid>
      {isFiltered({ ...filters, page: 1, sortBy: 'createdAt', sortDirection: 'desc' }) ? (
        <FilterChips filters={filters} onChange={onChange} />
      ) : null}
    </Stack>
  );
}
