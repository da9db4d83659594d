import { createTheme, type MantineColorsTuple } from '@mantine/core';

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
