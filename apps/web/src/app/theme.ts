import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

// Brizo green, light to dark.
const brand: MantineColorsTuple = [
  '#e9f7ef',
  '#d5ecdf',
  '#aad8bf',
  '#7cc39c',
  '#56b17f',
  '#3ea66c',
  '#2f9a5e',
  '#1f7a4d',
  '#166b42',
  '#075c35',
];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 7,
  colors: { brand },
  defaultRadius: 'md',
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  components: {
    Button: { defaultProps: { size: 'md' } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
    // A dialog's <header> sits outside any sectioning element, so it counted as a second banner
    // landmark beside the page's own header (axe: landmark-no-duplicate-banner) while a dialog was open.
    ModalHeader: { defaultProps: { role: 'none' } },
  },
});

/**
 * Text in a colour must read at 4.5:1 or more (WCAG AA) on white and on that colour's light background
 * (light badges, alerts, subtle buttons). Mantine's light scheme writes `c="green"` text in shade 6
 * (#40c057, 2.2:1), errors in red 6 (#fa5252, 3.3:1) and light badges in shade 9 on shade 1 (green
 * 3.8:1, orange 3.6:1): these shades replace them for every such use.
 */
export const TEXT_SHADES: Readonly<Record<string, string>> = {
  red: '#c92a2a',
  pink: '#a61e4d',
  grape: '#862e9c',
  violet: '#5f3dc4',
  indigo: '#364fc7',
  blue: '#1864ab',
  cyan: '#0b6b7d',
  teal: '#0b6e5a',
  green: '#1e6b30',
  lime: '#3f6b08',
  yellow: '#8a5200',
  orange: '#a8380b',
  gray: '#495057',
  dark: '#25262b',
  brand: '#075c35',
};

// Mantine's default 'dimmed' grey (#868e96) reads at 3.3:1 on white; secondary text must reach 4.5:1 (WCAG AA).
export const cssVariablesResolver: CSSVariablesResolver = (resolvedTheme) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': resolvedTheme.colors.gray[7] ?? '#495057',
    '--mantine-color-error': TEXT_SHADES.red ?? '#c92a2a',
    ...Object.fromEntries(
      Object.entries(TEXT_SHADES).flatMap(([color, shade]) => [
        [`--mantine-color-${color}-text`, shade],
        [`--mantine-color-${color}-light-color`, shade],
        [`--mantine-color-${color}-outline`, shade],
      ]),
    ),
  },
  dark: {},
});
