import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phonePhoto } from '../../apps/api/test/support/photo.ts';
import { FIELD_CODE_WARM } from '../../apps/web/src/features/field/field-code-mark.ts';
import deApp from '../../apps/web/src/i18n/locales/de-DE/app.json';
import deAuth from '../../apps/web/src/i18n/locales/de-DE/auth.json';
import deCommon from '../../apps/web/src/i18n/locales/de-DE/common.json';
import deDocuments from '../../apps/web/src/i18n/locales/de-DE/documents.json';
import deEvents from '../../apps/web/src/i18n/locales/de-DE/events.json';
import deField from '../../apps/web/src/i18n/locales/de-DE/field.json';
import deMaps from '../../apps/web/src/i18n/locales/de-DE/maps.json';
import deShell from '../../apps/web/src/i18n/locales/de-DE/shell.json';
import deTasks from '../../apps/web/src/i18n/locales/de-DE/tasks.json';
import {
  type DamageChartAnswer,
  damageWindow,
  decodeDamageChart,
} from '../../packages/domain/src/ropes/damage-chart-answer.ts';
import { browserMissing, keepScreenshot } from './browser.ts';
import {
  DEMO_ADMIN,
  pageApi,
  pageGet,
  signInAgainAsDemo,
  signInAsDemo,
  signInForCalls,
  useDemoServer,
} from './demo-session.ts';
import { collectPageErrors, revealDeferredSections, seriousAxeViolations } from './screen-check.ts';
import { DEFAULT_WORLD, newWorldContext, textInAnyLanguage } from './world.ts';

interface PlacedRope {
  id: number;
  name: string;
  installation: { id: number };
  area: { id: number };
  damages: { status: 'computed' | 'unknown' } | null;
}

/** Two positions just inside the rope's worst shortest window: two breaks there must raise its damage. */
async function insideWorstWindow(page: Page, ropeId: number): Promise<number[]> {
  const chart = decodeDamageChart(await pageGet<DamageChartAnswer>(page, `/ropes/${ropeId}/events/damage`));
  const values = chart.series[0]!.value;
  const start = damageWindow(chart, 0, values.indexOf(Math.max(...values))).position;
  return [0.001, 0.002].map((step) => Math.ceil((start + step) * 1000) / 1000);
}

/** The damage gauge's reading as it is read out ("Schaden 54 %"). */
const damageGauge = (page: Page) =>
  page.getByRole('img', { name: new RegExp(`^${deMaps.gauge.damage.split('{{')[0]}`) }).first();

const ropePath = (rope: PlacedRope) => `/areas/${rope.area.id}/installations/${rope.installation.id}/ropes/${rope.id}`;

/** What the device's store holds of each kind (features/field, lib/device-store.ts). */
function deviceRecords(page: Page): Promise<Record<string, number>> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('rope-cockpit');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const counts: Record<string, number> = {};
    for (const store of Array.from(db.objectStoreNames)) {
      counts[store] = await new Promise<number>((resolve) => {
        const request = db.transaction(store).objectStore(store).count();
        request.onsuccess = () => resolve(request.result);
      });
    }
    db.close();
    return counts;
  });
}

interface QueuedEvent {
  id: string;
  body: unknown;
}

/** The new events waiting in the device's queue, with the keys they are sent under. */
function queuedEventEntries(page: Page): Promise<QueuedEvent[]> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('rope-cockpit');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const entries = await new Promise<{ id: string; kind: string; body: unknown }[]>((resolve) => {
      const request = db.transaction('outbox').objectStore('outbox').getAll();
      request.onsuccess = () => resolve(request.result);
    });
    db.close();
    return entries.filter((entry) => entry.kind === 'createEvent').map(({ id, body }) => ({ id, body }));
  });
}

/** Sends a queued event again under its key, as the device's sync does. */
function resend(page: Page, entry: QueuedEvent): Promise<{ status: number; replayed: string | null }> {
  return page.evaluate(async ({ id, body }) => {
    const response = await fetch('/api/events', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': id },
      body: JSON.stringify(body),
    });
    return { status: response.status, replayed: response.headers.get('idempotent-replayed') };
  }, entry);
}

/** Records a wire break of 2 wires at `position` through the event dialog, with a photo from the camera if given. */
async function recordWireBreak(page: Page, position: number, photo?: Buffer) {
  await page.getByRole('button', { name: deEvents.toolbar.addDamage }).click();
  const dialog = page.getByRole('dialog', { name: deEvents.dialog.titleNew });
  // Typed key by key as a German inspector does, with a decimal comma.
  await dialog.getByLabel(deCommon.fields.position).pressSequentially(String(position).replace('.', ','));
  await dialog.getByRole('tab', { name: deEvents.tabs.specifics }).click();
  await dialog.getByLabel(deEvents.fields.damageCount).fill('2');
  if (photo) {
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: deField.photos.add }).click();
    await (await chooser).setFiles([{ name: 'Drahtbruch.jpg', mimeType: 'image/jpeg', buffer: photo }]);
    // Scaled on the device before it is listed.
    await dialog.getByTestId('event-photos').getByRole('listitem').waitFor();
    await keepScreenshot(dialog, 'field-event-photo-375');
  }
  await dialog.getByRole('button', { name: deCommon.actions.save }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByText(deField.outbox.queued).first().waitFor();
}

/** Waits until the page has loaded the field's code and its texts (features/field/warm-field-code.ts). */
async function untilFieldCodeWarm(page: Page) {
  await expect
    .poll(() => page.evaluate((mark) => performance.getEntriesByName(mark).length, FIELD_CODE_WARM), {
      timeout: 30_000,
    })
    .toBe(1);
}

/**
 * An inspector's phone (the German client at 375 px, no service worker: a first visit runs uncontrolled and loads the
 * field's code itself) and the office beside it (the admin, to tell what arrived and to change things meanwhile).
 */
async function phoneAndOffice(browser: Browser, url: string) {
  const device = await newWorldContext(browser, { width: 375, height: 740 });
  const tab = await device.newPage();
  const tabErrors = collectPageErrors(tab);
  const office = await newWorldContext(browser, {});
  const officePage = await office.newPage();
  await signInForCalls(officePage, url, DEMO_ADMIN);
  await signInAsDemo(tab, url, DEFAULT_WORLD.user);
  const { ropes } = await pageGet<{ ropes: PlacedRope[] }>(tab, '/ropes');
  /** Opens the rope's page with every section and waits for the field's code. */
  const openRope = async (rope: PlacedRope) => {
    await tab.goto(`${url}${ropePath(rope)}`);
    await tab.getByRole('heading', { level: 1, name: rope.name }).waitFor();
    await revealDeferredSections(tab);
    await untilFieldCodeWarm(tab);
  };
  const close = async () => {
    await office.close();
    await device.close();
  };
  return { device, tab, tabErrors, officePage, ropes, openRope, close };
}

// Issue 28: the inspector takes a rope into a valley without a signal; the German client in Zurich, on a phone.
describe.skipIf(Boolean(browserMissing))(
  `ropes taken into the field in Chromium${browserMissing ? ` (skipped: ${browserMissing})` : ''}`,
  () => {
    // Its own server: the test records events.
    const demo = useDemoServer();
    let context: BrowserContext;
    let page: Page;
    let errors: string[];
    beforeAll(async () => {
      context = await newWorldContext(demo.browser(), { width: 375, height: 740, serviceWorkers: 'allow' });
      page = await context.newPage();
      errors = collectPageErrors(page);
    });
    afterAll(() => context?.close());

    it('opens a rope kept for the field without a signal, with its age, and forgets it all on signing out', async () => {
      const url = demo.server().url;
      await signInAsDemo(page, url, DEFAULT_WORLD.user);
      const { ropes } = await pageGet<{ ropes: PlacedRope[] }>(page, '/ropes');
      // A rope with damages the rules can judge, so the device's figure offline has something to agree with.
      const rope = ropes.find((candidate) => candidate.damages?.status === 'computed')!;
      const other = ropes.find((candidate) => candidate.installation.id !== rope.installation.id);
      expect(other, 'a rope of another installation').toBeDefined();
      // The worker has the app's code: a reload without a signal draws the app, not Chromium's error page.
      await page.evaluate(() => navigator.serviceWorker.ready);

      await page.goto(`${url}${ropePath(rope)}`);
      await page.getByRole('heading', { level: 1, name: rope.name }).waitFor();
      const keep = page.getByRole('button', { name: deField.choice.rope });
      await keep.click();
      await expect.poll(() => keep.getAttribute('aria-pressed')).toBe('true');
      await revealDeferredSections(page);
      const events = page.getByRole('table', { name: deEvents.table.title });
      await events.locator('tbody tr').first().waitFor();
      const shownOnline = await events.locator('tbody tr').count();
      // Online nothing says how old the page is: it is current.
      expect(await page.getByTestId('data-age').count()).toBe(0);
      expect(await page.getByTestId('section-age').count()).toBe(0);

      await context.setOffline(true);
      try {
        await page.reload();
        await page.getByRole('status').getByText(deField.offline.title).waitFor();
        await page.getByRole('heading', { level: 1, name: rope.name }).waitFor();
        // When the server answered, in the inspector's language and time zone.
        expect(await page.getByTestId('data-age').textContent()).toMatch(/^Stand \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/);
        expect(await keep.getAttribute('aria-pressed')).toBe('true');
        await revealDeferredSections(page);
        await expect.poll(() => events.locator('tbody tr').count()).toBe(shownOnline);
        // Each section says when its own figures came: the damage chart, the tasks, the events, the documents.
        await expect.poll(() => page.getByTestId('section-age').count()).toBe(4);
        for (const age of await page.getByTestId('section-age').allTextContents()) {
          expect(age).toMatch(/^Stand \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/);
        }
        // No part of the page waits for ever: each shows what was kept or says it comes back with a connection.
        await expect.poll(() => page.locator('.mantine-Loader-root').count(), { timeout: 15_000 }).toBe(0);
        expect(await seriousAxeViolations(page), 'the rope page offline').toEqual([]);
        await keepScreenshot(page, 'field-rope-offline-375', { fullPage: true });

        // A rope the device did not keep says so, instead of loading for ever.
        await page.goto(`${url}${ropePath(other!)}`);
        await page.getByText(deField.notKept).waitFor();
        expect(await seriousAxeViolations(page), 'a rope not kept, offline').toEqual([]);
      } finally {
        await context.setOffline(false);
      }

      // Two wire breaks recorded without a signal wait on the device, through a reload, and arrive once. The gauges
      // and chart include them at once, computed on the device as the server computes them.
      const positions = await insideWorstWindow(page, rope.id);
      const gaugeOnline = await damageGauge(page).getAttribute('aria-label');
      let gaugeOffline: string | null = null;
      let queuedEvents: QueuedEvent[] = [];
      await context.setOffline(true);
      try {
        await page.goto(`${url}${ropePath(rope)}`);
        await page.getByRole('heading', { level: 1, name: rope.name }).waitFor();
        await revealDeferredSections(page);
        // A phone's photo: 3000 x 2000 pixels stored sideways, upright by its EXIF orientation (the red half on top).
        const photo = await phonePhoto({ width: 3000, height: 2000, orientation: 6 });
        await recordWireBreak(page, positions[0]!, photo);
        await recordWireBreak(page, positions[1]!);
        const pending = page.getByTestId('pending-events').getByRole('listitem');
        await expect.poll(() => pending.count()).toBe(2);
        const withPhoto = pending.filter({ hasText: deField.outbox.photoCount_one.replace('{{count}}', '1') });
        await expect.poll(() => withPhoto.count()).toBe(1);
        await page.reload();
        await page.getByRole('heading', { level: 1, name: rope.name }).waitFor();
        await revealDeferredSections(page);
        await expect.poll(() => pending.count()).toBe(2);
        await expect.poll(() => withPhoto.count()).toBe(1);
        // The header's count of waiting entries leaves sign-out on the phone's screen.
        const signOut = await page.getByRole('button', { name: deShell.header.logout }).boundingBox();
        expect(signOut && signOut.x + signOut.width).toBeLessThanOrEqual(375);
        await page.getByTestId('gauges-pending').waitFor();
        await page.getByTestId('pending-damage-note').first().waitFor();
        expect(await page.getByTestId('pending-damage-note').first().textContent()).toBe(
          deField.pending.included_other.replace('{{count}}', '2'),
        );
        gaugeOffline = await damageGauge(page).getAttribute('aria-label');
        expect(gaugeOffline, 'two breaks in the worst window raise the damage').not.toBe(gaugeOnline);
        await keepScreenshot(page, 'field-pending-damage-375', { fullPage: true });
        await keepScreenshot(page.getByTestId('pending-events'), 'field-pending-events-375');
        // Two events and the photo waiting for the first.
        const count = page.getByRole('button', { name: deField.outbox.button_other.replace('{{count}}', '3') });
        await count.click();
        const panel = page.getByRole('dialog', { name: deField.outbox.title });
        await expect.poll(() => panel.getByTestId('outbox-entry').count()).toBe(3);
        await panel.getByText(deField.outbox.waitsForEvent).waitFor();
        queuedEvents = await queuedEventEntries(page);
        expect(queuedEvents).toHaveLength(2);
        expect(await seriousAxeViolations(page), 'the sync panel offline').toEqual([]);
        await keepScreenshot(page, 'field-sync-panel-375');
        await page.keyboard.press('Escape');
      } finally {
        await context.setOffline(false);
      }
      // Back online: the queue is sent, the table shows the events, the server has each once.
      await expect.poll(() => page.getByTestId('pending-events').count(), { timeout: 30_000 }).toBe(0);
      const listed = await pageGet<{ ropeEvents: { id: number; position: number }[] }>(
        page,
        `/ropes/${rope.id}/events?search=wireBreak&pageSize=0`,
      );
      for (const position of positions) {
        expect(
          listed.ropeEvents.filter((event) => event.position === position),
          `${position} among ${listed.ropeEvents.map((event) => event.position).join(' ')}`,
        ).toHaveLength(1);
      }
      await expect.poll(async () => (await deviceRecords(page)).outbox, { timeout: 30_000 }).toBe(0);
      // The queue sent again as it was (a device that missed the answers): the keys make it change nothing.
      for (const entry of queuedEvents) {
        const replay = await resend(page, entry);
        expect(replay).toMatchObject({ status: 200, replayed: 'true' });
      }
      const again = await pageGet<{ total: number }>(page, `/ropes/${rope.id}/events?search=wireBreak&pageSize=1`);
      expect(again.total).toBe(listed.ropeEvents.length);
      // The photo arrived once, on its event, scaled on the device to 2048 pixels at most and upright.
      const photographed = listed.ropeEvents.find((event) => event.position === positions[0])!;
      const { documents } = await pageGet<{ documents: { url: string; mimeType: string }[] }>(
        page,
        `/events/${photographed.id}/documents`,
      );
      expect(documents.map((document) => document.mimeType)).toEqual(['image/jpeg']);
      const stored = await page.evaluate(async (url) => {
        const bitmap = await createImageBitmap(await (await fetch(url)).blob(), { imageOrientation: 'none' });
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const context = canvas.getContext('2d')!;
        context.drawImage(bitmap, 0, 0);
        const [red, , blue] = context.getImageData(bitmap.width / 2, 10, 1, 1).data;
        return { width: bitmap.width, height: bitmap.height, redOnTop: red! > 200 && blue! < 60 };
      }, documents[0]!.url);
      expect(stored).toEqual({ width: 1365, height: 2048, redOnTop: true });
      // The server, having both, comes to the figure the device showed offline.
      await expect.poll(() => damageGauge(page).getAttribute('aria-label'), { timeout: 15_000 }).toBe(gaugeOffline);
      expect(await page.getByTestId('gauges-pending').count()).toBe(0);

      await page.goto(`${url}${ropePath(rope)}`);
      await page.getByRole('heading', { level: 1, name: rope.name }).waitFor();
      expect((await deviceRecords(page)).snapshots).toBeGreaterThan(0);
      // The field refresh keeps the latest events' photos: the wire break's photo shows without a signal.
      await expect.poll(async () => (await deviceRecords(page)).photos, { timeout: 30_000 }).toBeGreaterThan(0);
      // The browser's own cache may have let the thumbnail go by the time the inspector is on the line.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.clearBrowserCache');
      await cdp.detach();
      await context.setOffline(true);
      try {
        await page.reload();
        await page.getByRole('heading', { level: 1, name: rope.name }).waitFor();
        await revealDeferredSections(page);
        const oneDocument = deEvents.table.documents_one.replace('{{count}}', '1');
        const photographedRow = events
          .locator('tbody tr')
          .filter({ has: page.getByLabel(oneDocument, { exact: true }) })
          .first();
        await photographedRow.getByRole('button', { name: /^(Bearbeiten|Anzeigen)$/ }).click();
        await page.getByRole('button', { name: deDocuments.widget.eventTitle }).click();
        const gallery = page
          .getByRole('dialog', { name: deDocuments.widget.eventTitle })
          .getByTestId('document-gallery');
        const kept = gallery.locator('img[data-kept="true"]');
        await kept.waitFor();
        expect(await kept.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
        expect(await seriousAxeViolations(page), "an event's photos offline").toEqual([]);
        await keepScreenshot(page, 'field-event-photos-offline-375');
        const photosDialog = page.getByRole('dialog', { name: deDocuments.widget.eventTitle });
        await photosDialog.getByRole('button', { name: deCommon.actions.close, exact: true }).click();
        await photosDialog.waitFor({ state: 'detached' });

        // A second photo of the same break, taken on the line: it waits on the device for the event the server has.
        const eventDialog = page.getByRole('dialog', { name: deEvents.dialog.titleEdit });
        const chooser = page.waitForEvent('filechooser');
        await eventDialog.getByRole('button', { name: deField.photos.add }).click();
        const closer = await phonePhoto({ width: 1600, height: 1200, orientation: 1 });
        await (await chooser).setFiles([{ name: 'Drahtbruch-nah.jpg', mimeType: 'image/jpeg', buffer: closer }]);
        await eventDialog.getByTestId('event-photos').getByRole('listitem').waitFor();
        expect(await seriousAxeViolations(page), 'a photo added to a stored event offline').toEqual([]);
        await keepScreenshot(eventDialog, 'field-photo-to-stored-event-375');
        await eventDialog.getByRole('button', { name: deCommon.actions.save }).click();
        await eventDialog.waitFor({ state: 'detached' });
        await page.getByText(deField.photos.queuedAlone).waitFor();
        expect((await deviceRecords(page)).outbox).toBe(1);
      } finally {
        await context.setOffline(false);
      }
      await expect.poll(async () => (await deviceRecords(page)).outbox, { timeout: 30_000 }).toBe(0);
      const afterTheLine = await pageGet<{ documents: unknown[] }>(page, `/events/${photographed.id}/documents`);
      expect(afterTheLine.documents).toHaveLength(2);

      await page.goto(`${url}${ropePath(rope)}`);
      await page.getByRole('heading', { level: 1, name: rope.name }).waitFor();
      await page.getByRole('button', { name: deShell.header.logout }).click();
      await page.waitForURL(/\/login/);
      expect(await deviceRecords(page)).toEqual({
        snapshots: 0,
        choices: 0,
        visits: 0,
        session: 0,
        outbox: 0,
        photos: 0,
      });

      // Without a signal nobody is signed in any more: the device shows nothing of the rope.
      await context.setOffline(true);
      try {
        await page.goto(`${url}${ropePath(rope)}`);
        await page.getByRole('alert').getByText(deAuth.session.error).waitFor();
        expect(await page.getByText(rope.name).count()).toBe(0);
      } finally {
        await context.setOffline(false);
      }
      expect(errors).toEqual([]);
    });

    it('queues a task status changed without a signal, shows the conflict with a change made meanwhile, and sends the choice once', async () => {
      const url = demo.server().url;
      // A device of its own: the first test signed out on the other.
      // No service worker: a first visit, before any reload, runs uncontrolled; the page loads the field's dialogs itself.
      const device = await newWorldContext(demo.browser(), { width: 375, height: 740 });
      const tab = await device.newPage();
      const tabErrors = collectPageErrors(tab);
      await signInAsDemo(tab, url, DEFAULT_WORLD.user);
      const { ropes } = await pageGet<{ ropes: PlacedRope[] }>(tab, '/ropes');
      const rope = ropes[0]!;
      const title = `Spleiss prüfen ${Date.now()}`;
      const note = 'Spleiss 2: drei Drahtbrüche auf 40 cm.';
      const created = await pageApi<{ task: { id: number } }>(tab, '/tasks', {
        method: 'POST',
        body: {
          task: {
            rope: { id: rope.id },
            attributes: { title, description: 'Drahtbrüche am Spleiss zählen.', dueAt: '2026-12-28T00:00:00+01:00' },
          },
        },
      });
      expect(created.status).toBe(200);
      const taskId = created.body.task.id;
      await tab.goto(`${url}${ropePath(rope)}`);
      await tab.getByRole('heading', { level: 1, name: rope.name }).waitFor();
      await revealDeferredSections(tab);
      const row = tab.getByRole('table', { name: deTasks.section.label }).getByRole('row').filter({ hasText: title });
      await row.waitFor();
      // Once the page has settled it loads the code of the dialogs used in the field and the texts that code names.
      await untilFieldCodeWarm(tab);
      const loaded = await tab.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
      for (const file of ['/task-dialog-', '/texts-de-DE-task-dialog-'])
        expect(
          loaded.some((name) => name.includes(file)),
          file,
        ).toBe(true);

      await device.setOffline(true);
      try {
        await row.getByRole('button', { name: deCommon.actions.edit }).click();
        const dialog = tab.getByRole('dialog', { name: deTasks.dialog.titleEdit });
        await dialog.getByRole('combobox', { name: deCommon.fields.status }).click();
        await tab.getByRole('option', { name: deTasks.status['in-progress'], exact: true }).click();
        await dialog.getByLabel(deTasks.dialog.note).fill(note);
        await dialog.getByRole('button', { name: deCommon.actions.save }).click();
        await dialog.waitFor({ state: 'detached' });
        await tab.getByText(deField.outbox.queued).first().waitFor();
        // The list shows the change as the device holds it, marked as not yet synced.
        await row.getByText(deField.outbox.taskPending).waitFor();
        expect(await row.textContent()).toContain(deTasks.status['in-progress']);
        // And the task's notes show the note written, marked as well.
        await row.getByRole('button', { name: deTasks.table.notes }).click();
        const notes = tab.getByRole('dialog', { name: deTasks.notes.title });
        const queuedNote = notes.locator('[data-queued-note]');
        await queuedNote.waitFor();
        expect(await queuedNote.textContent()).toContain(note);
        expect(await queuedNote.textContent()).toContain(deTasks.notes.notSynced);
        expect(await seriousAxeViolations(tab), 'the notes with one not yet synced').toEqual([]);
        await keepScreenshot(tab, 'field-task-notes-offline-375');
        await tab.keyboard.press('Escape');
        await notes.waitFor({ state: 'detached' });
      } finally {
        // Meanwhile a colleague in the office closes the task.
        const office = await newWorldContext(demo.browser(), {});
        const officePage = await office.newPage();
        await signInForCalls(officePage, url, DEMO_ADMIN);
        const closed = await pageApi(officePage, `/tasks/${taskId}`, {
          method: 'PATCH',
          body: { task: { attributes: { status: 'done' } } },
        });
        expect(closed.status).toBe(200);
        await office.close();
        await device.setOffline(false);
      }

      // Back online the change is not sent over the colleague's: both versions, and the inspector chooses.
      const count = tab.getByRole('button', { name: deField.outbox.button_one.replace('{{count}}', '1') });
      await count.click();
      const panel = tab.getByRole('dialog', { name: deField.outbox.title });
      const entry = panel.getByTestId('outbox-entry');
      const serverSays = deField.outbox.onServer.replace('{{status}}', deTasks.status.done);
      await entry.getByText(serverSays).waitFor({ timeout: 30_000 });
      await entry.getByText(deField.outbox.onDevice.replace('{{status}}', deTasks.status['in-progress'])).waitFor();
      expect(await seriousAxeViolations(tab), 'the sync panel with a conflict').toEqual([]);
      await keepScreenshot(tab, 'field-task-conflict-375');
      await entry.getByRole('button', { name: deField.outbox.keepMine }).click();
      await expect.poll(() => panel.getByTestId('outbox-entry').count(), { timeout: 30_000 }).toBe(0);
      await tab.keyboard.press('Escape');
      const { tasks } = await pageGet<{ tasks: { id: number; attributes: { status: string } }[] }>(
        tab,
        `/ropes/${rope.id}/tasks`,
      );
      expect(tasks.find((task) => task.id === taskId)?.attributes.status).toBe('in-progress');
      const { notes } = await pageGet<{ notes: { note: string }[] }>(tab, `/tasks/${taskId}/notes`);
      expect(notes.filter((written) => written.note === note)).toHaveLength(1);
      expect((await deviceRecords(tab)).outbox).toBe(0);
      expect(tabErrors).toEqual([]);
      await device.close();
    });

    it('asks before signing out with entries waiting; they wait through an ended session for the same inspector, unseen by another user of the device', async () => {
      const url = demo.server().url;
      const { device, tab, tabErrors, officePage, ropes, openRope, close } = await phoneAndOffice(demo.browser(), url);
      const rope = ropes.find((candidate) => candidate.damages?.status === 'computed') ?? ropes[0]!;
      const position = Math.round((4.5 + (Date.now() % 1000) / 1000) * 1000) / 1000;
      const onServer = async () =>
        (
          await pageGet<{ ropeEvents: { position: number }[] }>(
            officePage,
            `/ropes/${rope.id}/events?search=wireBreak&pageSize=0`,
          )
        ).ropeEvents.filter((event) => event.position === position).length;
      await openRope(rope);
      const count = tab.getByRole('button', { name: deField.outbox.button_one.replace('{{count}}', '1') });
      await device.setOffline(true);
      try {
        await recordWireBreak(tab, position);
        await count.waitFor();
        // Signing out asks first; staying keeps the entry.
        await tab.getByRole('button', { name: deShell.header.logout }).click();
        const question = tab.getByRole('dialog', { name: deField.outbox.signOutTitle });
        await question.getByText(deField.outbox.signOutConfirm_one.replace('{{count}}', '1')).waitFor();
        expect(await seriousAxeViolations(tab), 'the question before signing out').toEqual([]);
        await keepScreenshot(tab, 'field-sign-out-question-375');
        // The dialog's X is named as Cancel too (it does the same): the button that says it.
        await question
          .getByRole('button', { name: deCommon.actions.cancel })
          .filter({ hasText: deCommon.actions.cancel })
          .click();
        await question.waitFor({ state: 'detached' });
        expect(tab.url()).not.toMatch(/\/login/);
        expect((await deviceRecords(tab)).outbox).toBe(1);
        // Meanwhile the session ends (it expired, or was ended from another device).
        await device.clearCookies();
      } finally {
        await device.setOffline(false);
      }
      // Back online the app finds the session ended and goes to the login form (on its own when a call is refused, or
      // at this reload, whichever comes first); the entry waits for its inspector.
      await tab.reload().catch(() => undefined);
      await tab.waitForURL(/\/login/);
      await tab.locator('input[autocomplete="username"]').waitFor();
      expect((await deviceRecords(tab)).outbox).toBe(1);
      expect(await onServer()).toBe(0);

      // Another user of the device signs in: nothing of the inspector's shows, nothing is sent in their name.
      await signInAgainAsDemo(tab, url, 'clientadmin@example.com');
      await tab.goto(`${url}${ropePath(rope)}`);
      await tab.getByRole('heading', { level: 1, name: rope.name }).waitFor();
      await revealDeferredSections(tab);
      // Drawn in their own language: the rows of the rope's tables are in, whatever they are called.
      await expect.poll(() => tab.locator('tbody tr').count(), { timeout: 30_000 }).toBeGreaterThan(0);
      expect(await tab.getByTestId('pending-events').count()).toBe(0);
      expect(await count.count()).toBe(0);
      expect(await onServer()).toBe(0);
      // Their signing out asks nothing (nothing of theirs waits) and leaves the inspector's entry where it was.
      await tab.getByRole('button', { name: textInAnyLanguage('shell:header.logout') }).click();
      await tab.waitForURL(/\/login/);
      expect((await deviceRecords(tab)).outbox).toBe(1);

      // The inspector signs in again: the entry goes, once.
      await signInAgainAsDemo(tab, url, DEFAULT_WORLD.user);
      await expect.poll(onServer, { timeout: 30_000 }).toBe(1);
      await expect.poll(() => deviceRecords(tab).then((records) => records.outbox), { timeout: 30_000 }).toBe(0);
      expect(tabErrors).toEqual([]);
      await close();
    });

    it('shows an event refused because its rope was archived meanwhile beside what the device holds, and sends it once the rope is back', async () => {
      const url = demo.server().url;
      const { device, tab, tabErrors, officePage, ropes, openRope, close } = await phoneAndOffice(demo.browser(), url);
      const rope = ropes.at(-1)!;
      const position = Math.round((2.5 + (Date.now() % 1000) / 1000) * 1000) / 1000;
      const shownPosition = new Intl.NumberFormat('de-DE', {
        minimumFractionDigits: 2,
        maximumFractionDigits: 3,
      }).format(position);
      const archive = (isDeleted: boolean) =>
        pageApi(officePage, `/ropes/${rope.id}`, { method: 'PATCH', body: { rope: { isDeleted } } });
      await openRope(rope);
      await device.setOffline(true);
      try {
        await recordWireBreak(tab, position);
      } finally {
        // Meanwhile the office archives the rope.
        expect((await archive(true)).status).toBe(200);
        await device.setOffline(false);
      }
      try {
        await tab.getByRole('button', { name: deField.outbox.button_one.replace('{{count}}', '1') }).click();
        const panel = tab.getByRole('dialog', { name: deField.outbox.title });
        const entry = panel.getByTestId('outbox-entry');
        // The server's side (why it refused) beside the device's (what was recorded), and the choice.
        await entry.getByText(deApp.errors.archivedReadOnly).waitFor({ timeout: 30_000 });
        expect(await entry.getAttribute('data-state')).toBe('failed');
        await entry.getByText(`${deCommon.fields.position}: ${shownPosition}`).waitFor();
        await entry.getByText(`${deEvents.fields.damageCount}: 2`).waitFor();
        expect(await seriousAxeViolations(tab), 'an event refused for its archived rope').toEqual([]);
        await keepScreenshot(tab, 'field-refused-archived-375');
        // Kept, not sent, until the inspector chooses.
        expect((await deviceRecords(tab)).outbox).toBe(1);
        // Restored, it goes when sent again, once.
        expect((await archive(false)).status).toBe(200);
        await entry.getByRole('button', { name: deField.outbox.resend }).click();
        await expect.poll(() => panel.getByTestId('outbox-entry').count(), { timeout: 30_000 }).toBe(0);
      } finally {
        await archive(false);
      }
      const { ropeEvents } = await pageGet<{ ropeEvents: { position: number }[] }>(
        officePage,
        `/ropes/${rope.id}/events?search=wireBreak&pageSize=0`,
      );
      expect(ropeEvents.filter((event) => event.position === position)).toHaveLength(1);
      expect(tabErrors).toEqual([]);
      await close();
    });

    it('sends the queue from the service worker when the browser calls for a sync with the app closed', async () => {
      const url = demo.server().url;
      const device = await newWorldContext(demo.browser(), { width: 375, height: 740, serviceWorkers: 'allow' });
      const tab = await device.newPage();
      const tabErrors = collectPageErrors(tab);
      await signInAsDemo(tab, url, DEFAULT_WORLD.user);
      await tab.evaluate(() => navigator.serviceWorker.ready);
      const { ropes } = await pageGet<{ ropes: PlacedRope[] }>(tab, '/ropes');
      const rope = ropes.find((candidate) => candidate.damages?.status === 'computed') ?? ropes[0]!;
      await tab.goto(`${url}${ropePath(rope)}`);
      await tab.getByRole('heading', { level: 1, name: rope.name }).waitFor();
      await revealDeferredSections(tab);
      // Whole millimetres, as the other tests here: 1.5 + 0.987 is 2.4869999999999997, which the form keeps as 2.487,
      // and the event was then never found (one timestamp in ten; two CI runs failed on it, 2026-12-02).
      const position = Math.round((1.5 + (Date.now() % 1000) / 1000) * 1000) / 1000;
      await device.setOffline(true);
      try {
        await recordWireBreak(tab, position, await phonePhoto({ width: 1200, height: 900, orientation: 1 }));
        expect(await queuedEventEntries(tab)).toHaveLength(1);
        // The app is closed before the signal comes back (in the pocket).
        await tab.close();
      } finally {
        await device.setOffline(false);
      }
      // DevTools stands in for the browser's own call once the network is back: a tab outside the app, so no window
      // of the app is open.
      const outside = await device.newPage();
      const devtools = await device.newCDPSession(outside);
      const registrations = new Promise<{ registrationId: string; scopeURL: string }[]>((resolve) =>
        devtools.on('ServiceWorker.workerRegistrationUpdated', (event) => resolve(event.registrations)),
      );
      await devtools.send('ServiceWorker.enable');
      const registration = (await registrations).find((candidate) => candidate.scopeURL.startsWith(url));
      expect(registration, 'the app has a service worker').toBeDefined();
      await devtools.send('ServiceWorker.dispatchSyncEvent', {
        origin: new URL(url).origin,
        registrationId: registration!.registrationId,
        tag: 'rope-outbox',
        lastChance: false,
      });

      // The server has the event once, with its photo, sent under the session the browser holds.
      const cookie = (await device.cookies(url)).map(({ name, value }) => `${name}=${value}`).join('; ');
      const recorded = async () => {
        const response = await fetch(`${url}/api/ropes/${rope.id}/events?search=wireBreak&pageSize=0`, {
          headers: { cookie },
        });
        const { ropeEvents } = (await response.json()) as { ropeEvents: { id: number; position: number }[] };
        return ropeEvents.filter((event) => event.position === position);
      };
      // The worker sends once per call, and a server error makes it wait for the browser's next call, so what the
      // server logged is shown on failure.
      await expect
        .poll(async () => (await recorded()).length, { timeout: 60_000 })
        .toBe(1)
        .catch((error: unknown) => {
          const logged = (demo.server().output?.() ?? '').split('\n').filter(Boolean).slice(-20).join('\n');
          throw new Error(`the event did not reach the server; the server logged:\n${logged}`, { cause: error });
        });
      const [event] = await recorded();
      const documents = async () => {
        const response = await fetch(`${url}/api/events/${event!.id}/documents`, { headers: { cookie } });
        return ((await response.json()) as { documents: { mimeType: string }[] }).documents;
      };
      await expect.poll(async () => (await documents()).length, { timeout: 60_000 }).toBe(1);
      expect((await documents())[0]?.mimeType).toBe('image/jpeg');

      // Reopened, the app finds its queue empty: nothing is sent twice.
      const reopened = await device.newPage();
      await reopened.goto(`${url}${ropePath(rope)}`);
      await reopened.getByRole('heading', { level: 1, name: rope.name }).waitFor();
      await expect.poll(async () => (await deviceRecords(reopened)).outbox, { timeout: 15_000 }).toBe(0);
      expect(await recorded()).toHaveLength(1);
      expect(tabErrors).toEqual([]);
      await device.close();
    });
  },
);
