import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import deCommon from '../../apps/web/src/i18n/locales/de-DE/common.json';
import deTasks from '../../apps/web/src/i18n/locales/de-DE/tasks.json';
import enCommon from '../../apps/web/src/i18n/locales/en-US/common.json';
import enTasks from '../../apps/web/src/i18n/locales/en-US/tasks.json';
import enValidation from '../../apps/web/src/i18n/locales/en-US/validation.json';
import { browserMissing, keepScreenshot } from './browser.ts';
import { openSignedIn, pageApi, pageGet, signInAsDemo, signInForCalls, useDemoServer } from './demo-session.ts';
import {
  revealDeferredSections,
  seriousAxeViolations,
  switchLanguage,
  switchUserLanguage,
  waitForScreen,
} from './screen-check.ts';
import { ENGLISH_ADMIN_IN_UTC, GERMAN_ADMIN_IN_ZURICH, GERMAN_CLIENT_IN_ZURICH, newWorldContext } from './world.ts';

interface RopeRow {
  id: number;
  isDeleted?: boolean;
  installation: { id: number };
  area?: { id: number };
}

/** The page of a demo rope that can be changed (neither it nor its installation archived). */
async function writableRopePath(page: Page): Promise<string> {
  const { ropes } = await pageGet<{ ropes: RopeRow[] }>(page, '/ropes');
  for (const rope of ropes.filter((candidate) => !candidate.isDeleted)) {
    const { installation } = await pageGet<{ installation: { isDeleted?: boolean; area: { id: number } } }>(
      page,
      `/installations/${rope.installation.id}`,
    );
    if (installation.isDeleted) continue;
    const areaId = rope.area?.id ?? installation.area.id;
    return `/areas/${areaId}/installations/${rope.installation.id}/ropes/${rope.id}`;
  }
  throw new Error('no writable demo rope');
}

describe.skipIf(Boolean(browserMissing))(
  `rope tasks in Chromium${browserMissing ? ` (skipped: ${browserMissing})` : ''}`,
  () => {
    const demo = useDemoServer();

    it('creates a task in the dialog, lists it, shows its note, and deletes it after the confirmation', async () => {
      const context = await newWorldContext(demo.browser(), { world: ENGLISH_ADMIN_IN_UTC, width: 1400, height: 1000 });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await signInForCalls(page, demo.server().url);
      await openSignedIn(page, demo.server().url, await writableRopePath(page));

      const section = page.getByRole('heading', { name: enTasks.section.title, exact: true });
      await section.waitFor();
      // The tasks are below the fold: they load when scrolled near.
      await revealDeferredSections(page);
      const table = page.getByRole('table', { name: enTasks.section.label });
      await table.waitFor();

      // Recurring conditions: two rows of one type are refused with the spec's text.
      await page.getByRole('button', { name: enTasks.section.add }).click();
      const recurring = page.getByRole('dialog', { name: enTasks.dialog.titleNew });
      await recurring.getByLabel(enTasks.dialog.isRecurring).check();
      for (const index of [0, 1]) {
        await recurring.getByRole('button', { name: enTasks.dialog.addCondition }).click();
        await recurring.getByLabel(enCommon.fields.type, { exact: true }).nth(index).click();
        await page.getByRole('option', { name: enTasks.conditionTypes.periodDays, exact: true }).click();
        await recurring.getByLabel(enCommon.fields.threshold, { exact: true }).nth(index).fill('30');
      }
      await recurring.getByRole('button', { name: enCommon.actions.save }).click();
      await recurring.getByText(enValidation.nonUniqueType).waitFor();
      await keepScreenshot(page, 'rope-task-dialog');
      await recurring.getByRole('button', { name: enCommon.actions.cancel }).click();
      await recurring.waitFor({ state: 'detached' });

      // Saving an empty form shows the rules' texts; then a task with a note.
      await page.getByRole('button', { name: enTasks.section.add }).click();
      const dialog = page.getByRole('dialog', { name: enTasks.dialog.titleNew });
      await dialog.getByRole('button', { name: enCommon.actions.save }).click();
      await dialog.getByText(enValidation.required).first().waitFor();
      const title = `E2E check ${Date.now()}`;
      await dialog.getByLabel(enCommon.fields.title, { exact: false }).first().fill(title);
      await dialog.getByLabel(enCommon.fields.description).fill('Check the splice for broken wires.');
      await dialog.getByLabel(enTasks.dialog.dueAt).fill('2020-01-15');
      await dialog.getByLabel(enTasks.dialog.note).fill('Wires look fine so far.');
      await dialog.getByRole('button', { name: enCommon.actions.save }).click();
      await dialog.waitFor({ state: 'detached' });

      const row = table.getByRole('row').filter({ hasText: title });
      await row.waitFor();
      expect(await row.textContent()).toContain(enTasks.status.new);
      // A due date in the past: the warning badge.
      expect(await row.textContent()).toContain(enTasks.table.pastDue);

      await row.getByRole('button', { name: enTasks.table.notes }).click();
      const notes = page.getByRole('dialog', { name: enTasks.notes.title });
      await notes.getByText('Wires look fine so far.').waitFor();
      await notes.getByRole('button', { name: enCommon.actions.close }).click();
      await notes.waitFor({ state: 'detached' });

      await section.scrollIntoViewIfNeeded();
      await keepScreenshot(page, 'rope-tasks');

      await row.getByRole('button', { name: enCommon.actions.delete }).click();
      const confirm = page.getByRole('dialog', { name: enTasks.delete.title });
      await confirm.getByText(enTasks.delete.confirm).waitFor();
      await confirm.getByRole('button', { name: enCommon.actions.delete, exact: true }).click();
      await row.waitFor({ state: 'detached' });
      expect(errors).toEqual([]);
    });

    it('lets a client choose assignees in the task dialog: no refused call, the field is there', async () => {
      const context = await newWorldContext(demo.browser(), { width: 1400, height: 1000 });
      const page = await context.newPage();
      await signInAsDemo(page, demo.server().url, GERMAN_CLIENT_IN_ZURICH.user);
      const refused: string[] = [];
      page.on('response', (response) => {
        if (response.url().includes('/api/') && response.status() >= 400) refused.push(response.url());
      });
      await page.goto(`${demo.server().url}${await writableRopePath(page)}`);
      await page.getByRole('heading', { name: deTasks.section.title, exact: true }).waitFor();
      await revealDeferredSections(page);
      await page.getByRole('button', { name: deTasks.section.add }).click();
      const dialog = page.getByRole('dialog', { name: deTasks.dialog.titleNew });
      const assignees = dialog.getByLabel(deTasks.table.assignees);
      await assignees.waitFor();
      await assignees.click();
      await page.getByRole('option', { name: 'Laura Biner' }).waitFor();
      await keepScreenshot(page, 'rope-task-dialog-client');
      expect(refused).toEqual([]);
      await context.close();
    });

    // Issue 23: a task due by bending cycles was never flagged on a rope with measured counts, and a date due on the
    // 28th read as the 27th east of UTC. Here as the client sees it: German, in Zurich.
    it('flags a task due by bending cycles past due at the current count, and shows a due date on its own day', async () => {
      const context = await newWorldContext(demo.browser(), { width: 1280, height: 1000 });
      const page = await context.newPage();
      await signInForCalls(page, demo.server().url, GERMAN_CLIENT_IN_ZURICH.user);
      const path = await writableRopePath(page);
      const ropeId = Number(path.split('/').pop());
      const { bendingCycles } = await pageGet<{ bendingCycles: number | null }>(page, `/ropes/${ropeId}/bendingCycles`);
      expect(bendingCycles, 'the demo rope has a current bending-cycles count').toBeGreaterThan(1000);
      const stamp = Date.now();
      const byCycles = `Biegewechsel ${stamp}`;
      const byDate = `Sichtkontrolle ${stamp}`;
      const create = (title: string, attributes: Record<string, unknown>) =>
        pageApi<{ task: { id: number } }>(page, '/tasks', {
          method: 'POST',
          body: { task: { rope: { id: ropeId }, attributes: { title, description: 'E2E', ...attributes } } },
        });
      const threshold = Math.floor((bendingCycles ?? 0) / 1000) * 1000;
      expect((await create(byCycles, { dueCondition: { type: 'bendingCycles', threshold } })).status).toBe(200);
      // Midnight in Zurich on 28 December of next year: 23:00 UTC on the 27th.
      const year = new Date().getFullYear() + 1;
      expect((await create(byDate, { dueAt: `${year}-12-28T00:00:00+01:00` })).status).toBe(200);

      await openSignedIn(page, demo.server().url, path);
      await waitForScreen(page);
      const table = page.getByRole('table', { name: deTasks.section.label });
      const cyclesRow = table.getByRole('row').filter({ hasText: byCycles });
      await cyclesRow.waitFor();
      expect(await cyclesRow.textContent()).toContain(deTasks.table.pastDue);
      const dateRow = table.getByRole('row').filter({ hasText: byDate });
      expect(await dateRow.textContent()).toContain(`28.12.${year}`);
      expect(await dateRow.textContent()).not.toContain(deTasks.table.pastDue);
      await context.close();
    });

    it('shows every badge of the tasks table whole at 1024 px, in English and in German', async () => {
      const context = await newWorldContext(demo.browser(), { world: ENGLISH_ADMIN_IN_UTC, width: 1024, height: 900 });
      const page = await context.newPage();
      await signInForCalls(page, demo.server().url);
      const path = await writableRopePath(page);
      const ropeId = Number(path.split('/').pop());
      const created = await pageApi<{ task: { id: number } }>(page, '/tasks', {
        method: 'POST',
        body: {
          task: {
            rope: { id: ropeId },
            attributes: {
              title: 'Plan rope replacement',
              description: 'Order the new haul rope.',
              isInternal: true,
              dueAt: '2020-01-15T00:00:00Z',
            },
          },
        },
      });
      expect(created.status).toBe(200);
      const patched = await pageApi(page, `/tasks/${created.body.task.id}`, {
        method: 'PATCH',
        body: { task: { attributes: { status: 'in-progress' } } },
      });
      expect(patched.status).toBe(200);
      for (const [language, texts] of [
        ['EN', enTasks],
        ['DE', deTasks],
      ] as const) {
        await openSignedIn(page, demo.server().url, path);
        if (language === 'DE') await switchLanguage(page, 'de-DE');
        // The tasks section loads when scrolled near: waitForScreen waits for the page, then reveals it.
        await waitForScreen(page);
        const table = page.getByRole('table', { name: texts.section.label });
        const row = table.getByRole('row').filter({ hasText: texts.status['in-progress'] }).first();
        await row.waitFor();
        const cut = await table
          .locator('.mantine-Badge-label')
          .evaluateAll((labels) =>
            labels.filter((label) => label.scrollWidth > label.clientWidth).map((label) => label.textContent),
          );
        expect(cut, `${language}: badges cut short`).toEqual([]);
        await row.scrollIntoViewIfNeeded();
        await keepScreenshot(page, `rope-tasks-1024-${language.toLowerCase()}`);
      }
      // The language is the admin's own: give it back.
      await switchUserLanguage(page, 'en-US');
      await context.close();
    });

    it('uploads a German Excel file and exports the tasks as German Excel reads them, in Zurich', async () => {
      // Exports need a privileged role: the admin, in the default world's browser; the admin's own language is English.
      const context = await newWorldContext(demo.browser(), { world: GERMAN_ADMIN_IN_ZURICH });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await signInForCalls(page, demo.server().url);
      const path = await writableRopePath(page);
      await openSignedIn(page, demo.server().url, path);
      await switchLanguage(page, 'de-DE');
      await waitForScreen(page);

      await page.getByRole('button', { name: deTasks.upload.button }).click();
      const dialog = page.getByRole('dialog', { name: deTasks.upload.title });
      await dialog.getByText(`Titel (${deTasks.upload.required})`).waitFor();
      await dialog.getByText(/15\.12\.2026/).waitFor();
      expect(await seriousAxeViolations(page, '[role="dialog"]')).toEqual([]);
      await keepScreenshot(page, 'tasks-upload-dialog-de-1280');

      const [template] = await Promise.all([
        page.waitForEvent('download'),
        dialog.getByRole('link', { name: deTasks.upload.template }).click(),
      ]);
      const templateText = readFileSync(await template.path(), 'utf8');
      expect(templateText.startsWith('\uFEFF"Titel";"Beschreibung";"Status";"Fällig"')).toBe(true);

      // As German Excel saves "CSV (Trennzeichen-getrennt)": Windows-1252 (Latin-1 for these letters), `;`, no quotes.
      const title = `Seilprüfung E2E ${Date.now()}`;
      const file = Buffer.from(
        `Titel;Beschreibung;Fällig;Status;Fällig bei Biegewechseln\r\n${title};Drähte zählen, Maß prüfen;15.12.2026;In Bearbeitung;1.234.000\r\n`,
        'latin1',
      );
      await dialog
        .locator('input[type="file"]')
        .setInputFiles({ name: 'aufgaben.csv', mimeType: 'text/csv', buffer: file });
      await dialog.getByRole('status').filter({ hasText: '1 Aufgabe wurde erstellt.' }).waitFor();
      await dialog.getByRole('button', { name: deCommon.actions.close }).click();
      await dialog.waitFor({ state: 'detached' });

      const [exported] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: deCommon.actions.exportCsv }).click(),
      ]);
      const csv = readFileSync(await exported.path(), 'utf8');
      expect(csv.startsWith('\uFEFF"Seil-ID";"Seil";"Anlage";"Gebiet";"Titel"')).toBe(true);
      const row = csv.split('\r\n').find((line) => line.includes(title));
      expect(row).toContain(`"${title}";"Drähte zählen, Maß prüfen";"In Bearbeitung";"15.12.2026";"1234000"`);

      // The events table as German Excel reads it: written in the browser, times in the browser's zone.
      const [events] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: deCommon.actions.exportCsv }).click(),
      ]);
      const eventsCsv = readFileSync(await events.path(), 'utf8');
      expect(eventsCsv.startsWith('\uFEFF"Zeitpunkt (Europe/Zurich)";"Ereignisart";"Typ";"Position [m]"')).toBe(true);
      expect(eventsCsv).not.toMatch(/"(enums|events|common)\.\w/);

      await page.setViewportSize({ width: 375, height: 800 });
      await page.getByRole('button', { name: deTasks.upload.button }).click();
      await dialog.getByText(`Titel (${deTasks.upload.required})`).waitFor();
      // Checked once the modal has faded in: halfway, its colours are not yet its own.
      await page.waitForFunction(() =>
        Array.from(document.querySelectorAll('[role="dialog"], [role="dialog"] *')).every(
          (element) => element.getAnimations().length === 0,
        ),
      );
      await page.waitForTimeout(300);
      expect(await seriousAxeViolations(page, '[role="dialog"]')).toEqual([]);
      await keepScreenshot(page, 'tasks-upload-dialog-de-375');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      // The language is the admin's own: give it back.
      await switchUserLanguage(page, 'en-US');
      expect(errors).toEqual([]);
      await context.close();
    });
  },
);
