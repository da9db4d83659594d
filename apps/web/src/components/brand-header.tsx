import { Box, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { BrandWordmark } from './brand-wordmark';
import classes from './brand-header.module.css';

/** The product pages' header: the brand, and optionally who is signed in. */
export function BrandHeader({ email, actions }: { email?: string; actions?: ReactNode }) {
  return (
    <Box component="header" className={classes.header}>
      <Group justify="space-between" wrap="nowrap" className={classes.inner}>
        <BrandWordmark size="md" />
        <Group gap="md" wrap="nowrap">
          {email && (
            <Text size="sm" c="dimmed" visibleFrom="xs" truncate maw={260}>
              {email}
            </Text>
          )}
          {actions}
        </Group>
      </Group>
    </Box>
  );
}
