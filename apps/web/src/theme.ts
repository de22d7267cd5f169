import { createTheme, NumberInput } from '@mantine/core';

/** Breakpoints of the spec (sm 768, md 1024, lg 1200, xl 1536 px) in em, as Mantine expects. */
export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'sm',
  breakpoints: {
    xs: '36em',
    sm: '48em',
    md: '64em',
    lg: '75em',
    xl: '96em',
  },
  components: {
    // A number outside min/max stays as typed and the form says why, instead of being changed silently on blur.
    NumberInput: NumberInput.extend({ defaultProps: { clampBehavior: 'none' } }),
  },
});
