import { createTheme, DEFAULT_THEME, type LoaderProps, type NumberInputProps } from '@mantine/core';
import { readableVariantColors } from './theme-contrast';

/**
 * The layout's breakpoints (sm 768, md 1024, lg 1200, xl 1536 px) in em, as Mantine expects.
 * Colours are chosen for WCAG AA: the primary blue at shade 8 (5:1 on white, shade 6 is 3.6:1), black or white
 * text on filled colours by luminance, darker text where a palette is too light (theme-contrast.ts).
 * Each screen's title is its one h1, drawn at the size of an h2.
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  autoContrast: true,
  // Someone who asked their system for less motion (WCAG 2.3.3) gets dialogs, menus and popovers without transitions.
  respectReducedMotion: true,
  // White text needs a background luminance below 0.18 for 4.5:1, black text one above 0.175.
  luminanceThreshold: 0.18,
  variantColorResolver: readableVariantColors,
  defaultRadius: 'sm',
  headings: { sizes: { h1: DEFAULT_THEME.headings.sizes.h2 } },
  breakpoints: {
    xs: '36em',
    sm: '48em',
    md: '64em',
    lg: '75em',
    xl: '96em',
  },
  components: {
    // A number outside min/max stays as typed and the form says why, instead of being changed silently on blur.
    // Written without NumberInput.extend: importing the component here would put it (and react-number-format) into
    // the first download of every screen.
    // A decimal comma typed (German, French, Spanish) is a decimal point: "101,25" was 10125 m before, the comma
    // dropped. No input groups thousands with a comma (those that group use an apostrophe).
    NumberInput: {
      defaultProps: { clampBehavior: 'none', allowedDecimalSeparators: ['.', ','] } satisfies Partial<NumberInputProps>,
    },
    // A loader is named by its aria-label ("Loading chart"), which a span may carry only with a role: a status,
    // which screen readers also announce when it appears.
    Loader: { defaultProps: { role: 'status' } satisfies Partial<LoaderProps> & { role: string } },
  },
});
