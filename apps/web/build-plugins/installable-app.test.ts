import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { NOT_FROM_APP_SHELL } from '../src/lib/app-shell';
import { theme } from '../src/theme';
import { THEME_COLOR, WEB_APP_MANIFEST } from './installable-app';

const webRoot = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));

/** Width and height from a PNG's header (IHDR, the first chunk). */
function pngSize(path: string): string {
  const png = readFileSync(path);
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`;
}

describe('the web app manifest', () => {
  it("takes the theme's primary colour as the app draws it, as index.html's theme-color does", () => {
    const primary = theme.primaryColor ?? DEFAULT_THEME.primaryColor;
    const shade = typeof theme.primaryShade === 'object' ? theme.primaryShade.light : theme.primaryShade;
    expect(THEME_COLOR).toBe(DEFAULT_THEME.colors[primary]?.[shade ?? 6]);
    const html = readFileSync(webRoot('index.html'), 'utf8');
    expect(html).toContain(`<meta name="theme-color" content="${THEME_COLOR}" />`);
  });

  it('names icons that exist at the sizes it states, a maskable one among them', () => {
    const icons = WEB_APP_MANIFEST.icons ?? [];
    for (const icon of icons) expect(pngSize(webRoot(`public${icon.src}`))).toBe(icon.sizes);
    expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    expect(pngSize(webRoot('public/icons/apple-touch-icon.png'))).toBe('180x180');
  });

  it('leaves every API path to the network, and only those', () => {
    const denied = (path: string) => NOT_FROM_APP_SHELL.some((pattern) => pattern.test(path));
    for (const path of ['/api', '/api/', '/api/areas', '/api/documents/1/file', '/api/saml/acs/x'])
      expect(denied(path), path).toBe(true);
    for (const path of ['/', '/areas', '/login', '/apiary', '/openapi', '/areas/1/api'])
      expect(denied(path), path).toBe(false);
  });
});
