import { lazy, type ComponentType } from 'react';

/**
 * A lazily loaded part of a login-box page that is built from Mantine's components (a password lifecycle
 * step, the passkeys, a passwordless step): it loads with Mantine's theme provider and renders under it.
 * The login box's pages themselves use plain elements (src/components/plain-ui.tsx) and no provider,
 * which would otherwise be in their chunks for these parts alone (issue 17).
 */
export function lazyWithTheme<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  return lazy(async () => {
    const [{ ThemeProvider }, Component] = await Promise.all([import('./theme-provider'), load()]);
    function Themed(props: Props) {
      return (
        <ThemeProvider>
          <Component {...props} />
        </ThemeProvider>
      );
    }
    return { default: Themed };
  });
}
