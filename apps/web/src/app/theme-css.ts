import { MantineProvider } from '@mantine/core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { cssVariablesResolver, theme } from './theme';

export const THEME_CSS_HEADER =
  '/* Generated from src/app/theme.ts by `npx tsx apps/web/scripts/write-theme-css.ts`: do not edit. */\n';

/**
 * The CSS Mantine's provider writes into `<style>` elements at run time for this app's theme: the
 * theme's variables (those that differ from Mantine's defaults, light and dark) and the responsive
 * `hidden-from` / `visible-from` classes. The app serves them in its stylesheet instead (theme.css).
 */
export function mantineThemeCss(): string {
  const markup = renderToStaticMarkup(
    createElement(MantineProvider, { theme, cssVariablesResolver, children: null }),
  );
  const rules = [...markup.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map(([, css = '']) => css.trim());
  return `${THEME_CSS_HEADER}${rules.join('\n')}\n`;
}
