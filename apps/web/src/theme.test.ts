import { Loader, MantineProvider } from '@mantine/core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

describe('theme', () => {
  it('gives every loader the status role its aria-label needs (axe: aria-prohibited-attr on a span)', () => {
    const html = renderToStaticMarkup(
      createElement(
        MantineProvider,
        { theme },
        createElement(Loader, { size: 'sm', 'aria-label': 'Diagramm wird geladen' }),
      ),
    );
    const loader = /<span[^>]*mantine-Loader-root[^>]*>/.exec(html)?.[0] ?? '';
    expect(loader).toContain('role="status"');
    expect(loader).toContain('aria-label="Diagramm wird geladen"');
  });

  it('takes a decimal comma as a decimal point in every number field (a German "101,25" is 101.25 m)', () => {
    const props = theme.components?.NumberInput?.defaultProps as { allowedDecimalSeparators?: string[] };
    expect(props.allowedDecimalSeparators).toEqual(['.', ',']);
  });
});
