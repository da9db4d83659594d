import { Button, Checkbox, Group, ScrollArea, Select, Stack, Text, TextInput } from '@mantine/core';
import { useId, useState } from 'react';
import type { EventCategory } from '../../../sdk/admin/connectivity';
import { filterCategories } from './webhook-form';

/**
 * The events a webhook receives, grouped by the catalogue's categories: a search over names, keys and
 * descriptions, and per category a box that selects (or clears) every event it shows and a button that
 * opens its list.
 */
export function EventPicker({
  categories,
  value,
  error,
  onChange,
}: {
  categories: EventCategory[];
  value: string[];
  error?: string;
  onChange: (eventKeys: string[]) => void;
}) {
  const labelId = useId();
  const [search, setSearch] = useState('');
  const isSearching = search.trim() !== '';
  // The catalogue has a hundred events and more: categories start closed, but those already chosen from.
  const [opened, setOpened] = useState<Set<string>>(
    () =>
      new Set(
        categories
          .filter((category) => category.events.some((event) => value.includes(event.key)))
          .map((category) => category.id),
      ),
  );
  const toggleOpen = (id: string) =>
    setOpened((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const shown = filterCategories(categories, search);
  const chosen = new Set(value);
  const setMany = (keys: string[], on: boolean) => {
    const next = new Set(value);
    for (const key of keys) {
      if (on) next.add(key);
      else next.delete(key);
    }
    onChange([...next]);
  };

  return (
    <Stack gap={6}>
      <div>
        <Text size="md" fw={500} id={labelId}>
          Events
        </Text>
        <Text size="sm" c="dimmed">
          {value.length === 1 ? '1 event selected' : `${value.length} events selected`}
        </Text>
      </div>
      <TextInput
        label="Search events"
        size="sm"
        placeholder="Name or key"
        type="search"
        autoComplete="off"
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      <ScrollArea.Autosize mah={300} type="auto" offsetScrollbars>
        <Stack gap="md" role="group" aria-labelledby={labelId}>
          {shown.length === 0 ? (
            <Text size="sm" c="dimmed">
              {categories.length === 0 ? 'The event catalogue is empty.' : 'No event matches the search.'}
            </Text>
          ) : null}
          {shown.map((category) => {
            const keys = category.events.map((event) => event.key);
            const count = keys.filter((key) => chosen.has(key)).length;
            // A search shows every match; otherwise a category opens on request.
            const isOpen = isSearching || opened.has(category.id);
            const listId = `${labelId}-${category.id}`;
            return (
              <Stack key={category.id} gap={6} role="group" aria-label={category.name}>
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Checkbox
                    style={{ flex: 1, minWidth: 0 }}
                    label={<Text span fw={600} size="sm">{`All ${category.name} events`}</Text>}
                    description={`${count} of ${keys.length} selected`}
                    checked={count === keys.length}
                    indeterminate={count > 0 && count < keys.length}
                    onChange={(event) => setMany(keys, event.currentTarget.checked)}
                  />
                  {isSearching ? null : (
                    <Button
                      style={{ flexShrink: 0 }}
                      size="compact-sm"
                      variant="subtle"
                      aria-expanded={isOpen}
                      aria-controls={listId}
                      aria-label={`${isOpen ? 'Hide' : 'Show'} the ${category.name} events`}
                      onClick={() => toggleOpen(category.id)}
                    >
                      {isOpen ? 'Hide' : 'Show'}
                    </Button>
                  )}
                </Group>
                {isOpen ? (
                  <Stack gap={6} pl="lg" id={listId}>
                    {category.events.map((event) => (
                      <Checkbox
                        key={event.key}
                        label={event.displayName}
                        description={event.key}
                        checked={chosen.has(event.key)}
                        onChange={(change) => setMany([event.key], change.currentTarget.checked)}
                      />
                    ))}
                  </Stack>
                ) : null}
              </Stack>
            );
          })}
        </Stack>
      </ScrollArea.Autosize>
      {error ? (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}

/** One event of the catalogue, chosen by its display name, grouped by category (the channel dialogs). */
export function EventSelect({
  categories,
  exclude,
  value,
  error,
  disabled = false,
  onChange,
}: {
  categories: EventCategory[];
  /** Events that cannot be chosen again (already configured). */
  exclude?: ReadonlySet<string>;
  value: string | null;
  error?: string;
  disabled?: boolean;
  onChange: (key: string | null) => void;
}) {
  const groups = categories
    .map((category) => ({
      group: category.name,
      items: category.events
        .filter((event) => !exclude?.has(event.key))
        .map((event) => ({ value: event.key, label: event.displayName })),
    }))
    .filter((group) => group.items.length > 0);
  return (
    <Select
      size="md"
      label="Event"
      placeholder="Choose an event"
      searchable
      required
      disabled={disabled}
      {...(disabled ? {} : { 'data-autofocus': true })}
      nothingFoundMessage="No event matches"
      data={groups}
      value={value}
      error={error}
      onChange={onChange}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
