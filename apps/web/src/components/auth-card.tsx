import type { ReactNode } from 'react';
import { BrandWordmark } from './brand-wordmark';
import { rem, Stack, Text, type Style } from './plain-ui';
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
 * The login-box look: brand on a soft background, one centred card (Mantine's Paper: its class names and
 * variables, as ./plain-ui does for the rest). The heading is a Text rendered as h1 rather than Title.
 */
export function AuthCard({ title, subtitle, children, footer, logo, primaryColor }: AuthCardProps) {
  return (
    <main
      className={classes.page}
      data-account-primary={primaryColor ? '' : undefined}
      style={primaryColor ? ({ '--account-primary': primaryColor } as Style) : undefined}
    >
      <StaticShellHandoff />
      <Stack align="center" gap="lg" className={classes.column}>
        {logo ? <img src={logo} alt="Company logo" className={classes.logo} /> : <BrandWordmark />}
        <div
          style={
            {
              '--paper-radius': 'var(--mantine-radius-lg)',
              '--paper-shadow': 'var(--mantine-shadow-md)',
            } as Style
          }
          className={`${classes.card} m_1b7284a3 mantine-Paper-root`}
          data-with-border="true"
        >
          <Stack gap="lg">
            {(title || subtitle) && (
              <Stack gap={6}>
                {title && (
                  <Text
                    component="h1"
                    style={{
                      margin: 0,
                      fontSize: rem(24),
                      fontWeight: 700,
                      textAlign: 'center',
                      lineHeight: 1.3,
                    }}
                  >
                    {title}
                  </Text>
                )}
                {subtitle && (
                  <Text dimmed size="sm" style={{ textAlign: 'center' }}>
                    {subtitle}
                  </Text>
                )}
              </Stack>
            )}
            {children}
          </Stack>
        </div>
        {footer && (
          <Stack gap={6} align="center" className={classes.footer}>
            {footer}
          </Stack>
        )}
      </Stack>
    </main>
  );
}
