import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { ACTION_STATUS_TONE, PAST_DUE_TONE, SMARTROPE_EVENT_TONE, TASK_STATUS_TONE } from '@rope/domain/status-tones';
import { describe, expect, it } from 'vitest';
import { theme } from '../theme';
import { contrastRatio, readableVariantColors } from '../theme-contrast';

const fullTheme = mergeMantineTheme(DEFAULT_THEME, theme);
const tones = [
  ...new Set([
    ...Object.values(ACTION_STATUS_TONE),
    ...Object.values(TASK_STATUS_TONE),
    ...Object.values(SMARTROPE_EVENT_TONE),
    PAST_DUE_TONE,
  ]),
];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('status colours', () => {
  it.each(tones)('a %s status badge (light variant) reads at 4.5:1 or better', (tone) => {
    const colours = readableVariantColors({ color: tone, theme: fullTheme, variant: 'light' });
    const background = fullTheme.colors[tone]?.[1] ?? '#ffffff';
    expect(contrastRatio(colours.color, background)).toBeGreaterThanOrEqual(4.5);
  });

  it('are decided in one place: no screen keeps its own status-to-colour map', () => {
    const ownMaps = sources(join(__dirname, '..')).filter((path) =>
      /\b(new|seen|repaired|done)['"]?\s*:\s*['"](red|orange|yellow|green|blue|gray)['"]/.test(
        readFileSync(path, 'utf8'),
      ),
    );
    expect(ownMaps).toEqual([]);
  });
});
