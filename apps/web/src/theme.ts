import { createTheme, type MantineColorsTuple } from '@mantine/core';

const brand: MantineColorsTuple = [
  '#e8f1ff',
  '#d0e0fd',
  '#a0bef6',
  '#6c9af0',
  '#427bea',
  '#2767e7',
  '#1c64d9',
  '#0f4bc1',
  '#0442ad',
  '#00389a',
];

/**
 * Mantine's grays, with gray.6 (the "dimmed" text colour) darkened from #868e96 to #666d74 so secondary text
 * reads at 4.5:1 or better on white, gray.0 and gray.1 backgrounds (WCAG AA).
 */
const gray: MantineColorsTuple = [
  '#f8f9fa',
  '#f1f3f5',
  '#e9ecef',
  '#dee2e6',
  '#ced4da',
  '#adb5bd',
  '#666d74',
  '#495057',
  '#343a40',
  '#212529',
];

/**
 * Mantine's reds with shade 6 (error text, red buttons) darkened from #fa5252 to #d12b2b so error messages read
 * at 4.5:1 or better on white and gray.0 (WCAG AA).
 */
const red: MantineColorsTuple = [
  '#fff5f5',
  '#ffe3e3',
  '#ffc9c9',
  '#ffa8a8',
  '#ff8787',
  '#f25c5c',
  '#d12b2b',
  '#bd2525',
  '#a61f1f',
  '#8f1b1b',
];

/** One theme for the whole app: brand blue, system fonts (nothing to download), rounded cards. */
export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 6, dark: 5 },
  colors: { brand, gray, red },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif',
  headings: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif',
    fontWeight: '700',
  },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Card: { defaultProps: { radius: 'lg', withBorder: true } },
    // Links inside text must not rely on colour alone (WCAG 1.4.1); navigation lists may opt out.
    Anchor: { defaultProps: { underline: 'always' } },
  },
});
