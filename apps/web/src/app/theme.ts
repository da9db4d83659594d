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
  },
});

// Mantine's default 'dimmed' grey (#868e96) reads at 3.3:1 on white; secondary text must reach 4.5:1 (WCAG AA).
export const cssVariablesResolver: CSSVariablesResolver = (resolvedTheme) => ({
  variables: {},
  light: { '--mantine-color-dimmed': resolvedTheme.colors.gray[7] ?? '#495057' },
  dark: {},
});
