import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser } from './browser.ts';
import { repoRoot } from './server.ts';

// Renders the installed app's PNG icons from the product mark's SVGs (apps/web/public/icons), in the Chromium the
// browser tests use: run it after changing an SVG and commit the PNGs, so the build needs no image tool.
// Run: cd e2e && ../apps/api/node_modules/.bin/tsx src/render-app-icons.ts

const ICONS_DIR = join(repoRoot, 'apps/web/public/icons');

const RENDERINGS = [
  { source: 'icon.svg', target: 'icon-192.png', size: 192 },
  { source: 'icon.svg', target: 'icon-512.png', size: 512 },
  { source: 'icon-maskable.svg', target: 'icon-maskable-512.png', size: 512 },
  // iOS lays its own rounded corners over the icon and fills transparency with black: the full-bleed one fits.
  { source: 'icon-maskable.svg', target: 'apple-touch-icon.png', size: 180 },
];

const browser = await launchBrowser();
try {
  for (const { source, target, size } of RENDERINGS) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    const svg = readFileSync(join(ICONS_DIR, source)).toString('base64');
    await page.setContent(
      `<style>html, body { margin: 0; background: transparent; } img { display: block; }</style>` +
        `<img src="data:image/svg+xml;base64,${svg}" width="${size}" height="${size}" alt="">`,
    );
    await page.locator('img').evaluate((image: HTMLImageElement) => image.decode());
    await page.screenshot({ path: join(ICONS_DIR, target), omitBackground: true });
    await page.close();
    console.log(`${target}: ${size} x ${size} from ${source}`);
  }
} finally {
  await browser.close();
}
