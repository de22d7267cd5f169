import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { DEFAULT_THEME, defaultCssVariablesResolver, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';
import { contrastRatio, MIN_TEXT_CONTRAST, readableCssVariables, readableVariantColors } from './theme-contrast';

const fullTheme = mergeMantineTheme(DEFAULT_THEME, theme);

/** The light scheme's CSS variables as the app's MantineProvider writes them: Mantine's, then ours over them. */
function lightVariables(): Record<string, string> {
  const mantine = defaultCssVariablesResolver(fullTheme);
  const own = readableCssVariables(fullTheme);
  return { ...mantine.variables, ...mantine.light, ...own.variables, ...own.light };
}

/** A value with its `var(--name)` and `var(--name, fallback)` references replaced, down to a colour. */
function resolve(value: string, variables: Record<string, string>, depth = 0): string {
  if (depth > 10) throw new Error(`variables refer to each other: ${value}`);
  const replaced = value.replace(/var\((--[\w-]+)(?:,\s*([^()]+))?\)/g, (_, name: string, fallback?: string) => {
    const found = variables[name] ?? fallback;
    if (found === undefined) throw new Error(`no CSS variable ${name}`);
    return found;
  });
  return replaced === value ? value : resolve(replaced, variables, depth + 1);
}

/** The declarations of Mantine's own NavLink stylesheet, so the test follows it through upgrades. */
const navLinkCss = readFileSync(createRequire(import.meta.url).resolve('@mantine/core/styles/NavLink.css'), 'utf8');

function navLinkValue(pattern: RegExp, what: string): string {
  const found = pattern.exec(navLinkCss)?.[1]?.trim();
  if (!found) throw new Error(`NavLink.css no longer says ${what}`);
  return found;
}

/** What a sidebar item shows in the light scheme, at rest and under the pointer, active and inactive. */
function sidebarStates() {
  const variables = lightVariables();
  const own = (name: string) => navLinkValue(new RegExp(`${name}:\\s*([^;]+);`), name);
  const nav = { '--nl-bg': own('--nl-bg'), '--nl-hover': own('--nl-hover'), '--nl-color': own('--nl-color') };
  const inactiveHover = navLinkValue(
    /\[data-mantine-color-scheme='light'\]\)\s*\.m_f0824112:hover\s*{\s*background-color:\s*([^;]+);/,
    'the inactive hover background',
  );
  const all = { ...variables, ...nav };
  const colour = (value: string) => resolve(value, all);
  return [
    { state: 'inactive', text: colour('var(--mantine-color-text)'), background: colour('var(--mantine-color-body)') },
    { state: 'inactive, hovered', text: colour('var(--mantine-color-text)'), background: colour(inactiveHover) },
    { state: 'active', text: colour('var(--nl-color)'), background: colour('var(--nl-bg)') },
    { state: 'active, hovered', text: colour('var(--nl-color)'), background: colour('var(--nl-hover)') },
  ];
}

describe('sidebar items (light scheme, the only one the app has)', () => {
  it.each(sidebarStates())('$state: text $text on $background reads at 4.5:1 or better', ({ text, background }) => {
    expect(contrastRatio(text, background)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });

  it('the hovered active item is darker than the one at rest, so the check above is of a real hover', () => {
    const states = sidebarStates();
    const active = states.find((entry) => entry.state === 'active');
    const hovered = states.find((entry) => entry.state === 'active, hovered');
    expect(hovered?.background).not.toBe(active?.background);
  });
});

describe('light buttons and badges of every palette', () => {
  const variables = lightVariables();
  const palettes = Object.keys(fullTheme.colors).filter((name) => fullTheme.colors[name]?.length === 10);

  it.each(palettes)('%s: its text reads on the light tint at rest and hovered', (name) => {
    const colours = readableVariantColors({ color: name, theme: fullTheme, variant: 'light' });
    for (const background of [colours.background, colours.hover]) {
      expect(contrastRatio(colours.color, resolve(background, variables)), background).toBeGreaterThanOrEqual(
        MIN_TEXT_CONTRAST,
      );
    }
    // Components that read the variable instead of the resolver (NavLink) get the same.
    const fromVariable = resolve(`var(--mantine-color-${name}-light-color)`, variables);
    expect(contrastRatio(fromVariable, resolve(colours.hover, variables))).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });
});
