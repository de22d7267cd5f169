import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import enApp from '../../apps/web/src/i18n/locales/en-US/app.json';
import enCharts from '../../apps/web/src/i18n/locales/en-US/charts.json';
import enCommon from '../../apps/web/src/i18n/locales/en-US/common.json';
import enDocuments from '../../apps/web/src/i18n/locales/en-US/documents.json';
import enSearch from '../../apps/web/src/i18n/locales/en-US/search.json';
import enShell from '../../apps/web/src/i18n/locales/en-US/shell.json';
import enValidation from '../../apps/web/src/i18n/locales/en-US/validation.json';
import { browserMissing, keepScreenshot } from './browser.ts';
import { openSignedIn, pageGet, signInAsDemo, signInForCalls, useDemoServer } from './demo-session.ts';
import { findHierarchy, openInApp, seriousAxeViolations, waitForScreen } from './screen-check.ts';
import { ENGLISH_ADMIN_IN_UTC, newWorldContext } from './world.ts';

/** A demo PDF padded after its end to `size` bytes, so the upload takes long enough to show its progress. */
async function pdfOf(page: Page, size: number): Promise<Buffer> {
  const { documents } = await pageGet<{ documents: { url: string; mimeType: string }[] }>(page, '/documents');
  const pdf = documents.find((document) => document.mimeType === 'application/pdf');
  if (!pdf) throw new Error('no demo PDF among the general documents');
  const base64 = await page.evaluate(async (url) => {
    const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
    let text = '';
    for (const byte of bytes) text += String.fromCharCode(byte);
    return btoa(text);
  }, pdf.url);
  const body = Buffer.from(base64, 'base64');
  return Buffer.concat([body, Buffer.from(`\n%${'x'.repeat(Math.max(0, size - body.length - 3))}\n`)]);
}
/** A 1x1 PNG with bytes after its end, which image decoders ignore. */
function pngOf(size: number): Buffer {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  return Buffer.concat([png, Buffer.alloc(Math.max(0, size - png.length))]);
}

/**
 * Rows that fit the list: none reaches past the right edge of what the list shows (so it never scrolls sideways) and
 * no name is cut off. At 375 px truncated names once widened the whole list beyond the screen.
 */
async function rowsFit(page: Page): Promise<string[]> {
  return page.getByTestId('documents-panel').evaluate((panel) => {
    const shown = panel.querySelector('.mantine-ScrollArea-viewport') ?? panel;
    const right = shown.getBoundingClientRect().right;
    return Array.from(panel.querySelectorAll('li[data-document-id]')).flatMap((row) => {
      const name = row.querySelector('button p');
      const cut = name && name.scrollWidth > name.clientWidth + 1;
      return row.getBoundingClientRect().right > right + 0.5 || cut ? [row.textContent ?? ''] : [];
    });
  });
}

async function shoot(page: Page, name: string) {
  await keepScreenshot(page, `${name}-${page.viewportSize()?.width ?? 0}`, { fullPage: true });
}

/** Slows the upload, so its progress bar can be seen and checked. */
async function throttleUpload(context: BrowserContext, page: Page, bytesPerSecond: number) {
  const session = await context.newCDPSession(page);
  await session.send('Network.enable');
  await session.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
  return session;
}

describe.skipIf(Boolean(browserMissing))(
  `documents, projects and search in Chromium${browserMissing ? ` (skipped: ${browserMissing})` : ''}`,
  () => {
    const demo = useDemoServer();

    /** Signed in at the start screen, or at `path` opened in full (the start screen then not drawn for nothing). */
    async function open(width = 1280, email?: string, path?: string) {
      const context = await newWorldContext(demo.browser(), { world: ENGLISH_ADMIN_IN_UTC, width, height: 900 });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      if (path) {
        await signInForCalls(page, demo.server().url, email);
        await openSignedIn(page, demo.server().url, path);
      } else {
        await signInAsDemo(page, demo.server().url, email);
      }
      // The start page first: a navigation during its redirect would be overridden by it.
      await waitForScreen(page);
      return { context, page, errors };
    }

    it('uploads two files with progress to an installation, shows them bold and first, previews, re-languages and deletes', {
      timeout: 120_000,
    }, async () => {
      const { context, page, errors } = await open();
      const { areaId, installationId } = await findHierarchy(page);
      await openInApp(page, `/areas/${areaId}/installations/${installationId}`);
      await waitForScreen(page);
      const panel = page.getByTestId('documents-panel');
      await panel.waitFor();

      const stamp = Date.now();
      const pdfName = `E2E inspection ${stamp}.pdf`;
      const pngName = `E2E photo ${stamp}.png`;
      const pdf = await pdfOf(page, 600_000);
      const cdp = await throttleUpload(context, page, 400_000);
      const chooser = page.waitForEvent('filechooser');
      await panel.getByRole('button', { name: enDocuments.upload.button }).click();
      await (await chooser).setFiles([
        { name: pdfName, mimeType: 'application/pdf', buffer: pdf },
        { name: pngName, mimeType: 'image/png', buffer: pngOf(300_000) },
      ]);
      const progress = panel.getByRole('progressbar', { name: enDocuments.upload.progress });
      await progress.waitFor();
      await keepScreenshot(page, 'documents-upload-progress-1280');
      await progress.waitFor({ state: 'detached', timeout: 30_000 });
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });

      // Both new: bold, and the first two rows of the list.
      const rows = panel.locator('li[data-document-id]');
      await rows.filter({ hasText: pdfName }).waitFor();
      await rows.filter({ hasText: pngName }).waitFor();
      const firstTwo = await rows.evaluateAll((items) => items.slice(0, 2).map((item) => item.textContent ?? ''));
      expect(firstTwo.some((text) => text.includes(pdfName))).toBe(true);
      expect(firstTwo.some((text) => text.includes(pngName))).toBe(true);
      const weight = await panel
        .getByRole('button', { name: enDocuments.actions.open.replace('{{name}}', pdfName) })
        .locator('p')
        .evaluate((element) => getComputedStyle(element).fontWeight);
      expect(Number(weight)).toBeGreaterThanOrEqual(700);
      await shoot(page, 'documents-installation');

      // The filter is case-insensitive on names.
      await panel.getByLabel(enDocuments.widget.filter).fill(`e2e INSPECTION ${stamp}`);
      await expect.poll(() => rows.count()).toBe(1);
      await panel.getByLabel(enDocuments.widget.filter).fill('');

      // Preview in place: the PDF in a frame, the image as an image.
      await panel.getByRole('button', { name: enDocuments.actions.open.replace('{{name}}', pdfName) }).click();
      const viewer = page.getByRole('dialog', { name: pdfName });
      await viewer.getByTestId('document-preview-pdf').waitFor();
      expect(await viewer.getByTestId('document-preview-pdf').getAttribute('src')).toMatch(
        /\/api\/documents\/\d+\?language=ENU/,
      );
      await page.waitForTimeout(500);
      await keepScreenshot(page, 'documents-preview-pdf-1280');
      await viewer.getByRole('button', { name: enDocuments.viewer.close }).click();
      await viewer.waitFor({ state: 'detached' });
      await panel.getByRole('button', { name: enDocuments.actions.open.replace('{{name}}', pngName) }).click();
      const imageViewer = page.getByRole('dialog', { name: pngName });
      const image = imageViewer.getByTestId('document-preview-image');
      await image.waitFor();
      await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBe(1);
      await imageViewer.getByRole('button', { name: enDocuments.viewer.close }).click();
      await imageViewer.waitFor({ state: 'detached' });

      // Languages: add German to the PDF.
      await panel.getByRole('button', { name: `${enDocuments.actions.languages}: ${pdfName}` }).click();
      const languages = page.getByRole('dialog', { name: enDocuments.languages.title.replace('{{name}}', pdfName) });
      await languages.getByLabel(enDocuments.languages.DES).check();
      await page.waitForTimeout(300);
      await keepScreenshot(page, 'documents-languages-1280');
      await languages.getByRole('button', { name: enCommon.actions.save }).click();
      await languages.waitFor({ state: 'detached' });
      await rows.filter({ hasText: pdfName }).getByTitle(enDocuments.languages.DES).waitFor();

      // Full screen view of the list.
      await panel.getByRole('button', { name: enCharts.damage.fullScreen }).click();
      const full = page.getByRole('dialog', { name: enCommon.fields.documents });
      await full.locator('li[data-document-id]').first().waitFor();
      await full.getByRole('button', { name: enDocuments.widget.closeFullScreen }).click();
      await full.waitFor({ state: 'detached' });

      // Delete both, each confirmed.
      for (const name of [pdfName, pngName]) {
        await panel.getByRole('button', { name: `${enCommon.actions.delete}: ${name}` }).click();
        const confirm = page.getByRole('dialog', { name: enDocuments.actions.deleteTitle });
        await confirm.getByRole('button', { name: enCommon.actions.delete }).click();
        await rows.filter({ hasText: name }).waitFor({ state: 'detached' });
      }
      expect(await seriousAxeViolations(page)).toEqual([]);
      await context.close();
      expect(errors).toEqual([]);
    });

    it('shows a free user the general documents as the start page, and lets an admin edit folders', {
      timeout: 120_000,
    }, async () => {
      for (const width of [1280, 375]) {
        const free = await open(width, 'free@example.com');
        await free.page.waitForURL((address) => address.pathname.startsWith('/general-documents'));
        await waitForScreen(free.page);
        await free.page.getByRole('heading', { name: enShell.nav.generalDocuments, level: 1 }).waitFor();
        await free.page.getByTestId('documents-panel').locator('li[data-document-id]').first().waitFor();
        expect(await rowsFit(free.page), `rows wider than the panel or names cut off at ${width} px`).toEqual([]);
        expect(await free.page.getByLabel(enDocuments.general.edit).count()).toBe(0);
        await free.page.getByRole('link', { name: /Manuals/ }).click();
        await free.page.getByRole('link', { name: /Maintenance/ }).click();
        await free.page.getByText('Haul rope maintenance manual.pdf').waitFor();
        await free.page.mouse.move(0, 0);
        await shoot(free.page, 'general-documents-free');
        expect(await seriousAxeViolations(free.page)).toEqual([]);
        await free.context.close();
        expect(free.errors).toEqual([]);
      }

      const { context, page, errors } = await open(1280, undefined, '/general-documents');
      await page.getByLabel(enDocuments.general.edit).check();
      await page.getByRole('button', { name: enDocuments.general.addFolder }).click();
      const dialog = page.getByRole('dialog', { name: enDocuments.general.addFolder });
      const name = `E2E folder ${Date.now()}`;
      await dialog.getByLabel(enDocuments.folderForm.name).fill(name);
      await dialog.getByRole('button', { name: enCommon.actions.save }).click();
      // A translation for every other language is required.
      await dialog.getByText(enValidation.folderTranslationRequired).first().waitFor();
      await page.waitForTimeout(300);
      await keepScreenshot(page, 'general-documents-folder-dialog-1280');
      for (const language of ['DES', 'FRS', 'ESP'] as const) {
        const label = enDocuments.folderForm.translation.replace('{{language}}', enDocuments.languages[language]);
        await dialog.getByLabel(label).fill(`${name} ${language}`);
      }
      await dialog.getByRole('button', { name: enCommon.actions.save }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('link', { name: new RegExp(name) }).waitFor();
      await shoot(page, 'general-documents-admin-edit');
      await page.getByRole('button', { name: `${enDocuments.general.deleteFolder}: ${name}` }).click();
      const confirm = page.getByRole('dialog', { name: enDocuments.general.deleteFolder });
      await confirm.getByText(enDocuments.general.deleteMessage).waitFor();
      await confirm.getByRole('button', { name: enCommon.actions.delete }).click();
      await page.getByRole('link', { name: new RegExp(name) }).waitFor({ state: 'detached' });
      await context.close();
      expect(errors).toEqual([]);
    });

    it('opens a folder deep link with that folder selected and only its documents', { timeout: 90_000 }, async () => {
      const { context, page, errors } = await open();
      const { folders } = await pageGet<{ folders: { id: number; displayName: string; documentCount: number }[] }>(
        page,
        '/folders',
      );
      const { documents: every } = await pageGet<{ documents: unknown[] }>(page, '/documents');
      const folder = folders.find((candidate) => candidate.documentCount > 0 && candidate.documentCount < every.length);
      expect(folder, 'a demo folder holding some of the general documents').toBeDefined();
      if (!folder) return;
      const { documents } = await pageGet<{ documents: { id: number; name: string }[] }>(
        page,
        `/documents?folderId=${folder.id}`,
      );
      const document = documents[0]!;
      const panel = page.getByTestId('documents-panel');
      const rows = panel.locator('li[data-document-id]');
      const shown = async () => {
        await panel
          .getByRole('heading', { name: enDocuments.general.documentsIn.replace('{{name}}', folder.displayName) })
          .waitFor();
        await expect.poll(() => rows.count()).toBe(documents.length);
        const ids = await rows.evaluateAll((items) => items.map((item) => Number(item.dataset.documentId)));
        expect(ids.sort()).toEqual(documents.map((entry) => entry.id).sort());
        const selected = page.getByRole('navigation', { name: enDocuments.general.folders }).locator('[aria-current]');
        expect(await selected.textContent()).toContain(folder.displayName);
      };

      // Loaded from its address, as a link from outside opens it: the folder, then the spec's section link with a
      // document, whose folder is its third segment.
      await page.goto(`${demo.server().url}/general-documents/${folder.id}`);
      await waitForScreen(page);
      await shown();
      await page.goto(`${demo.server().url}/general-documents/0/${folder.id}/${document.id}`);
      await page.getByRole('dialog', { name: document.name }).waitFor();
      await page.getByRole('button', { name: enDocuments.viewer.close }).click();
      await page.waitForURL((address) => address.pathname === `/general-documents/${folder.id}`);
      await shown();
      await page.goto(`${demo.server().url}/general-documents/999999`);
      // The title is app.errors.noSuchFolder, by reference.
      await page.getByText(enApp.errors.noSuchFolder).waitFor();
      expect(await panel.count()).toBe(0);
      await context.close();
      expect(errors).toEqual([]);
    });

    it('opens a project with its contact-manager ribbon, newest documents and a deep link', {
      timeout: 90_000,
    }, async () => {
      for (const width of [1280, 375]) {
        const { context, page, errors } = await open(width, undefined, '/documents');
        await page.getByRole('heading', { name: enDocuments.projects.newest }).waitFor();
        await shoot(page, 'projects');
        const { projects } = await pageGet<{ projects: { id: number; installationNumber: string }[] }>(
          page,
          '/habel/installations',
        );
        const project = projects[0];
        expect(project, 'the demo data holds a project').toBeDefined();
        if (!project) return;
        const { documents } = await pageGet<{ documents: { id: number; name: string; canDelete: boolean }[] }>(
          page,
          `/habel/installations/${project.installationNumber}/documents`,
        );
        const document = documents[0];
        expect(document?.canDelete).toBe(false);
        await openInApp(page, `/documents/${project.id}/${document?.id}`);
        await waitForScreen(page);
        const ribbon = page.getByTestId('contact-ribbon');
        await ribbon.waitFor();
        expect(await ribbon.getByRole('link').count()).toBeGreaterThan(0);
        await page.getByRole('dialog', { name: document?.name }).waitFor();
        await page.waitForTimeout(500);
        await keepScreenshot(page, `project-deep-link-${width}`);
        await page.getByRole('button', { name: enDocuments.viewer.close }).click();
        await page.getByRole('dialog', { name: document?.name }).waitFor({ state: 'detached' });
        await shoot(page, 'project');
        expect(await seriousAxeViolations(page)).toEqual([]);
        await context.close();
        expect(errors).toEqual([]);
      }
    });

    it('searches from the shell and on the search page', { timeout: 90_000 }, async () => {
      const { context, page, errors } = await open();
      const { areas } = await pageGet<{ areas: { id: number; name: string }[] }>(page, '/areas');
      const area = areas[0];
      expect(area).toBeDefined();
      if (!area) return;
      const box = page.getByRole('textbox', { name: enSearch.box });
      await box.fill(area.name.slice(0, 5).toLowerCase());
      const result = page.getByRole('link', { name: new RegExp(area.name) }).first();
      await result.waitFor();
      await keepScreenshot(page, 'search-shell-1280');
      await box.press('Enter');
      await page.waitForURL((address) => address.pathname === '/search');
      await page.getByRole('table', { name: enSearch.results }).waitFor();
      await shoot(page, 'search-page');
      await page.getByLabel(enSearch.filter).fill('');
      await page.getByText(enSearch.noFilter).waitFor();
      await page.getByLabel(enSearch.filter).fill('zzzqqqxxx');
      await page.getByText(enDocuments.widget.noMatch).waitFor();
      await page.getByLabel(enSearch.filter).fill(area.name);
      // The result's name is its link.
      await page
        .getByRole('table', { name: enSearch.results })
        .getByRole('link', { name: area.name, exact: true })
        .first()
        .click();
      await page.waitForURL((address) => address.pathname === `/areas/${area.id}`);
      await context.close();
      expect(errors).toEqual([]);

      const narrow = await open(375, undefined, '/search?filter=haul');
      await narrow.page.getByRole('table', { name: enSearch.results }).waitFor();
      await shoot(narrow.page, 'search-page');
      await narrow.context.close();
    });
  },
);
