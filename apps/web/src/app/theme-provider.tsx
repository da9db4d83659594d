import {
  localStorageColorSchemeManager,
  MantineContext,
  MantineThemeProvider,
  useProviderColorScheme,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { cssVariablesResolver, theme } from './theme';

const colorSchemeManager = localStorageColorSchemeManager();
const getRootElement = () => document.documentElement;

/**
 * Mantine's provider for this app's theme, without the `<style>` elements MantineProvider writes at
 * run time: the theme's CSS variables and responsive classes are in the stylesheet (theme.css, generated
 * from the theme, a unit test keeps it in step). Computing and inserting them cost a long task at
 * start-up under Lighthouse's 4x CPU slowdown, and a restyle of the whole page (issue 10). Otherwise
 * what MantineProvider 9.7 sets up with its defaults: the same context values and colour-scheme
 * handling (light by default, the visitor's choice kept in localStorage).
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const { colorScheme, setColorScheme, clearColorScheme } = useProviderColorScheme({
    defaultColorScheme: 'light',
    manager: colorSchemeManager,
    getRootElement,
    forceColorScheme: undefined,
  });
  return (
    <MantineContext
      value={{
        colorScheme,
        setColorScheme,
        clearColorScheme,
        getRootElement,
        classNamesPrefix: 'mantine',
        cssVariablesResolver,
        cssVariablesSelector: ':root',
        withStaticClasses: true,
        deduplicateInlineStyles: false,
      }}
    >
      <MantineThemeProvider theme={theme}>{children}</MantineThemeProvider>
    </MantineContext>
  );
}
