import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserMissing, launchBrowser } from './browser.ts';
import { rulesBelowSerious, seriousAxeViolations } from './screen-check.ts';

/** A page with two serious findings (an image without a text, low contrast) and moderate ones (no main landmark). */
const PAGE = `<!doctype html><html lang="en"><head><title>axe</title></head><body>
  <h1>Ropes</h1>
  <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="10" height="10">
  <p style="color:#bbb;background:#fff">Discard limit reached</p>
</body></html>`;

describe.skipIf(Boolean(browserMissing))('the axe check every screen runs', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('leaves out only rules that can never be serious, and still finds what is', async () => {
    const skipped = rulesBelowSerious();
    expect(skipped).toEqual(expect.arrayContaining(['region', 'landmark-one-main', 'heading-order']));
    for (const serious of ['color-contrast', 'image-alt', 'button-name', 'label', 'link-name', 'aria-required-attr'])
      expect(skipped).not.toContain(serious);
    const page = await browser.newPage();
    await page.setContent(PAGE);
    const found = await seriousAxeViolations(page);
    expect(found.map((finding) => finding.id).sort()).toEqual(['color-contrast', 'image-alt']);
  });
});
