// What the browser showed when a test failed, printed beside the failure: a test that waited in vain for something
// on a screen says only what it waited for, and CI keeps nothing but what the run printed. For each page still open
// in the file's browsers: its address, the dialogs open on it, the text it showed, whether a service worker controls
// it, the requests that failed and the errors it logged lately; and a picture of it in
// e2e/test-results/screenshots (taken on a failure in CI too).
import { beforeEach } from 'vitest';
import { openPages, pageTroubles, screenshotPath } from './browser.ts';

const TEXT_SHOWN = 1_500;
const EACH_PAGE_MS = 5_000;

beforeEach(({ task, onTestFailed }) => {
  onTestFailed(() => recordOpenPages(task.name));
});

async function recordOpenPages(testName: string) {
  const pages = openPages().filter((page) => !page.isClosed());
  const slug = testName.replace(/[^a-z0-9]+/gi, '-').slice(0, 80);
  const lines = [`what the browser showed when "${testName}" failed (${pages.length} open pages):`];
  for (const [index, page] of pages.entries()) {
    const shown = await withinTime(
      page.evaluate((limit) => {
        const dialogs = [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')].map(
          (dialog) => dialog.getAttribute('aria-label') ?? dialog.querySelector('h1, h2, h3')?.textContent ?? '?',
        );
        // biome-ignore lint/performance/useDomNodeTextContent: what was shown, not the hidden nodes' text
        const text = (document.body?.innerText ?? '').replace(/\s+/g, ' ').trim();
        const worker = navigator.serviceWorker?.controller ? 'controls the page' : 'does not control the page';
        return { dialogs, text: text.slice(0, limit), worker, online: navigator.onLine };
      }, TEXT_SHOWN),
    );
    const picture = screenshotPath(`failed-${slug}-${index + 1}`);
    const pictured = await withinTime(page.screenshot({ path: picture, fullPage: true }));
    lines.push(
      `  page ${index + 1}: ${page.url()}`,
      `    dialogs: ${shown ? shown.dialogs.join(' | ') || 'none' : 'not read'}`,
      `    service worker: ${shown?.worker ?? 'not read'}; online: ${shown?.online ?? 'not read'}`,
      `    went wrong lately: ${pageTroubles(page).join('\n      ') || 'nothing seen'}`,
      `    text: ${shown ? shown.text : 'not read (the page did not answer)'}`,
      `    picture: ${pictured === undefined ? 'not taken' : picture}`,
    );
  }
  console.error(lines.join('\n'));
}

/** The answer of `work`, or undefined when it fails or takes longer than a page that still answers would. */
async function withinTime<T>(work: Promise<T>): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), EACH_PAGE_MS);
  });
  try {
    return await Promise.race([work.catch(() => undefined), late]);
  } finally {
    clearTimeout(timer);
  }
}
