import { createTheme } from '@mantine/core';

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
});
