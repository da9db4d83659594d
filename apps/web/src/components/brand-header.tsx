import { Box, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { BrandWordmark } from './brand-wordmark';
import classes from './brand-header.module.css';

/**
 * The product pages' header: the brand, and optionally who is signed in. On a narrow screen the email and
 * actions move under the brand instead of running off the edge; a long email is cut short with an
 * ellipsis and its full text stays in the title (and for screen readers, in the text itself).
 */
export function BrandHeader({ email, actions }: { email?: string; actions?: ReactNode }) {
  return (
    <Box component="header" className={classes.header}>
      <div className={classes.inner}>
        <BrandWordmark size="md" />
        {(email || actions) && (
          <div className={classes.end}>
            {email && (
              <Text
                size="sm"
                c="dimmed"
                truncate="end"
                title={email}
                className={classes.email}
                data-testid="header-email"
              >
                {email}
              </Text>
            )}
            {actions && (
              <Group gap="xs" wrap="nowrap" className={classes.actions}>
                {actions}
              </Group>
            )}
          </div>
        )}
      </div>
    </Box>
  );
}
