import { Box, Group, Pagination, Text } from '@mantine/core';

const CONTROL_NAMES = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
} as const;

/**
 * Where a paged list is, and the way to another page: a labelled navigation whose arrow buttons say
 * what they do (Mantine's have no name: a screen reader read them as "button").
 */
export function PagePicker({
  label,
  page,
  pageCount,
  onPageChange,
  summary,
}: {
  /** What is paged ('Users'): the navigation is '<label> pages'. */
  label: string;
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  /** Replaces 'Page n of m'. */
  summary?: string;
}) {
  return (
    <Group justify="space-between" gap="xs">
      <Text size="sm" c="dimmed">
        {summary ?? `Page ${page} of ${pageCount}`}
      </Text>
      <Box component="nav" aria-label={`${label} pages`}>
        <Pagination
          value={page}
          total={pageCount}
          onChange={onPageChange}
          size="sm"
          getControlProps={(control) => ({ 'aria-label': CONTROL_NAMES[control] })}
          getItemProps={(item) => ({
            'aria-label': `Page ${item}`,
            'aria-current': item === page ? 'page' : undefined,
          })}
        />
      </Box>
    </Group>
  );
}
