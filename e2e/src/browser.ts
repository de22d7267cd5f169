import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { repoRoot } from './server.ts';

const CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];

export const chromiumPath = CANDIDATES.find((path): path is string => Boolean(path && existsSync(path)));

/** Why browser tests cannot run here, or undefined when they can. Under CI=true a missing browser is a failure. */
export const browserMissing = chromiumPath
  ? undefined
  : 'Chromium not found (apt-get install chromium, or set CHROMIUM_PATH)';
if (browserMissing && process.env.CI === 'true') throw new Error(`CI needs a browser: ${browserMissing}`);

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export const screenshotDir = join(repoRoot, 'e2e/test-results/screenshots');

export function screenshotPath(name: string): string {
  mkdirSync(screenshotDir, { recursive: true });
  return join(screenshotDir, `${name}.png`);
}
