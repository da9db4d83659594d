import { Stack, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';

/** "We sent you an email" confirmation body. */
export function CheckInbox({ children }: { children: ReactNode }) {
  return (
    <Stack gap="md" align="center" ta="center">
      <ThemeIcon size={56} radius="xl" variant="light" color="brand" aria-hidden="true">
        <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
          <rect x="3" y="5" width="18" height="14" rx="2" />
          <path d="m3 7 9 6 9-6" />
        </svg>
      </ThemeIcon>
      <Text c="dimmed" size="sm">
        {children}
      </Text>
    </Stack>
  );
}
