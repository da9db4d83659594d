import { Box, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { BrandWordmark } from './brand-wordmark';
import { StaticShellHandoff } from './static-shell';
import classes from './auth-card.module.css';

interface AuthCardProps {
  title?: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Links under the form (forgot password, contact sales ...). */
  footer?: ReactNode;
  /** The account's logo (custom login box, an image data URL) in place of the product's wordmark. */
  logo?: string | undefined;
  /** The account's primary colour for the primary actions (custom login box). */
  primaryColor?: string | undefined;
}

/**
 * The login-box look: brand on a soft background, one centred card. The heading is a Text
 * rendered as h1 rather than Title: one component less on the login page's critical path.
 */
export function AuthCard({ title, subtitle, children, footer, logo, primaryColor }: AuthCardProps) {
  return (
    <Box
      component="main"
      className={classes.page}
      data-account-primary={primaryColor ? '' : undefined}
      style={primaryColor ? { '--account-primary': primaryColor } : undefined}
    >
      <StaticShellHandoff />
      <Stack align="center" gap="lg" className={classes.column}>
        {logo ? <img src={logo} alt="Company logo" className={classes.logo} /> : <BrandWordmark />}
        <Paper className={classes.card} radius="lg" shadow="md" withBorder>
          <Stack gap="lg">
            {(title || subtitle) && (
              <Stack gap={6}>
                {title && (
                  <Text component="h1" fz={24} fw={700} lh={1.3} ta="center" m={0}>
                    {title}
                  </Text>
                )}
                {subtitle && (
                  <Text c="dimmed" size="sm" ta="center">
                    {subtitle}
                  </Text>
                )}
              </Stack>
            )}
            {children}
          </Stack>
        </Paper>
        {footer && (
          <Stack gap={6} align="center" className={classes.footer}>
            {footer}
          </Stack>
        )}
      </Stack>
    </Box>
  );
}
