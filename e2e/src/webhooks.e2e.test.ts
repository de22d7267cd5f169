import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import deApp from '../../apps/web/src/i18n/locales/de-DE/app.json';
import deCommon from '../../apps/web/src/i18n/locales/de-DE/common.json';
import deShell from '../../apps/web/src/i18n/locales/de-DE/shell.json';
import deValidation from '../../apps/web/src/i18n/locales/de-DE/validation.json';
import deWebhooks from '../../apps/web/src/i18n/locales/de-DE/webhooks.json';
import { browserMissing, keepScreenshot, launchBrowser } from './browser.ts';
import { pageGet, signInAsDemo } from './demo-session.ts';
import {
  axeRuleViolations,
  OUTLINE_AND_TARGET_RULES,
  seriousAxeViolations,
  skippedHeadingLevels,
  switchLanguage,
} from './screen-check.ts';
import { type RunningServer, startServer } from './server.ts';
import { GERMAN_ADMIN_IN_ZURICH, GERMAN_CLIENT_IN_ZURICH, newWorldContext, type World } from './world.ts';

const GERMAN_CLIENT_ADMIN_IN_ZURICH: World = {
  ...GERMAN_ADMIN_IN_ZURICH,
  name: 'German client admin in Zurich',
  user: 'clientadmin@example.com',
};

const texts = deWebhooks;

/** A delivery as the receiver got it. */
interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver on loopback, as an integrator builds one: it answers 200 with a small JSON body. */
async function startReceiver(): Promise<{ server: Server; url: string; downUrl: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => {
      // Only the cockpit's POSTs are deliveries: anything else reaching the port (seen once: a request with an empty
      // body before the test message) is answered and not kept.
      if (request.method === 'POST') received.push({ headers: request.headers, body });
      // A receiver that is down: its deliveries wait for their retries.
      const failing = request.url?.startsWith('/down') ?? false;
      response.writeHead(failing ? 503 : 200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(failing ? { error: 'maintenance' } : { received: true }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    url: `http://127.0.0.1:${port}/hooks/rope-cockpit`,
    downUrl: `http://127.0.0.1:${port}/down/rope-cockpit`,
    received,
  };
}

/** Whether the delivery carries a Standard Webhooks signature made with this secret (`whsec_` and base64). */
function signedWith(delivery: Received, secret: string): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const content = `${delivery.headers['webhook-id']}.${delivery.headers['webhook-timestamp']}.${delivery.body}`;
  const expected = `v1,${createHmac('sha256', key).update(content).digest('base64')}`;
  return String(delivery.headers['webhook-signature'] ?? '')
    .split(' ')
    .includes(expected);
}

async function waitFor<T>(what: string, find: () => T | undefined, timeoutMs = 30_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** No serious axe finding, no heading level skipped, no target under 24 px. */
async function checkScreen(page: Page, name: string) {
  expect(await seriousAxeViolations(page), name).toEqual([]);
  expect(await axeRuleViolations(page, OUTLINE_AND_TARGET_RULES), name).toEqual([]);
  expect(await skippedHeadingLevels(page), name).toEqual([]);
}

/** Nothing wider than the window: tables scroll in their own container. */
async function pageOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** A text of the locale files with its {{placeholders}} as any text. */
const pattern = (text: string) =>
  new RegExp(
    `^${text
      .split(/\{\{\w+\}\}/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.+')}$`,
  );

/** As the cockpit writes a time in German, in the browser's zone. */
const zurichTime = (iso: string) =>
  new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Zurich' }).format(
    new Date(iso),
  );

interface EndpointRow {
  id: number;
  url: string;
  lastDeliveryAt: string | null;
}

describe.skipIf(Boolean(browserMissing))(
  `the webhooks screens${browserMissing ? ` (skipped: ${browserMissing})` : ''}`,
  () => {
    // Not NODE_ENV=production (the other browser tests' mode): plain HTTP to a receiver on this machine is allowed
    // only in development, and production refuses loopback addresses (apps/api/src/modules/webhooks/address-policy.ts).
    let server: RunningServer;
    let browser: Browser;
    let receiver: Awaited<ReturnType<typeof startReceiver>>;
    beforeAll(async () => {
      [server, browser, receiver] = await Promise.all([
        startServer({ DEMO_DATA: 'true', NODE_ENV: 'development' }),
        launchBrowser(),
        startReceiver(),
      ]);
    });
    afterAll(async () => {
      await browser?.close();
      await new Promise((resolve) => receiver?.server.close(resolve));
      if (server) expect(await server.stop()).toBe(0);
    });

    async function signedInPage(width: number, world = GERMAN_CLIENT_ADMIN_IN_ZURICH) {
      const context = await newWorldContext(browser, { world, width, height: 900 });
      const page = await context.newPage();
      await signInAsDemo(page, server.url, world.user);
      await switchLanguage(page, 'de-DE');
      return { page, close: () => context.close() };
    }

    it('registers an endpoint, shows its secret once, sends a test that is delivered and signed, resends it, disables and enables it: German client admin in Zurich at 1280 px', {
      timeout: 300_000,
    }, async () => {
      const { page, close } = await signedInPage(1280);
      await page.goto(`${server.url}/webhooks`);
      await page.getByRole('heading', { level: 1, name: deShell.nav.webhooks }).waitFor();
      await page.getByRole('navigation').getByRole('link', { name: deShell.nav.webhooks }).waitFor();
      await page.getByText(texts.empty).waitFor();
      await checkScreen(page, 'the empty list');
      await keepScreenshot(page, 'webhooks-empty-1280');

      // The form's own checks, then the API's refusal of plain HTTP to an address elsewhere.
      await page.getByRole('button', { name: texts.add }).click();
      const dialog = page.getByRole('dialog', { name: texts.dialog.newTitle });
      await dialog.getByRole('button', { name: texts.dialog.create }).click();
      await dialog.getByText(deValidation.required).first().waitFor();
      await dialog.getByText(deValidation.selectRequired).first().waitFor();
      expect(await seriousAxeViolations(page), 'the dialog with its problems').toEqual([]);
      await keepScreenshot(page, 'webhooks-new-problems');
      const url = dialog.getByRole('textbox', { name: texts.fields.url });
      await url.fill('http://example.com/hooks');
      await dialog.getByLabel(texts.eventTypes.rope_event.created).check();
      await dialog.getByLabel(texts.eventTypes.task.done).check();
      await dialog.getByRole('button', { name: texts.dialog.create }).click();
      await dialog.getByText(deApp.errors.webhookUrlNotHttps).waitFor();

      await url.fill(receiver.url);
      await dialog.getByLabel(deCommon.fields.description).fill('Instandhaltungssystem');
      await dialog.getByRole('button', { name: texts.dialog.create }).click();
      const secretDialog = page.getByRole('dialog', { name: texts.dialog.createdTitle });
      const secret = (await secretDialog.getByTestId('webhook-secret').textContent())?.trim() ?? '';
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
      await secretDialog.getByText(texts.secret.copyNow).waitFor();
      expect(await seriousAxeViolations(page), 'the secret shown once').toEqual([]);
      await keepScreenshot(page, 'webhooks-secret');
      await secretDialog.getByRole('button', { name: deCommon.actions.close }).last().click();

      // The endpoint's page: its address as the title, its event types, no deliveries yet.
      await page.getByRole('heading', { level: 1, name: receiver.url }).waitFor();
      const endpointId = Number(new URL(page.url()).pathname.split('/').at(-1));
      expect(endpointId).toBeGreaterThan(0);
      await page.getByText(texts.eventTypes.rope_event.created, { exact: true }).waitFor();
      await page.getByText(texts.deliveries.empty).waitFor();
      await checkScreen(page, 'the endpoint without deliveries');
      await keepScreenshot(page, 'webhook-endpoint-1280', { fullPage: true });

      // A test message goes to the receiver, signed with the secret shown, and shows as delivered.
      await page.getByRole('button', { name: texts.actions.test }).click();
      const test = await waitFor('the test message', () => receiver.received[0]);
      expect(JSON.parse(test.body)).toMatchObject({ type: 'webhook.test' });
      expect(signedWith(test, secret), 'signed with the secret shown').toBe(true);
      const deliveries = page.getByRole('table', { name: texts.deliveries.title });
      await deliveries
        .locator('[data-status="delivered"]', { hasText: texts.deliveries.statuses.delivered })
        .waitFor({ timeout: 30_000 });
      await deliveries.getByText(texts.eventTypes.webhook.test).waitFor();
      await checkScreen(page, 'the endpoint with a delivery');
      await keepScreenshot(page, 'webhook-delivered-1280', { fullPage: true });

      // The delivery: its payload and its attempt; sent again under the same message id.
      await deliveries.getByRole('button', { name: pattern(texts.deliveries.open) }).click();
      const deliveryDialog = page.getByRole('dialog', { name: texts.delivery.title });
      await deliveryDialog.getByTestId('webhook-payload').getByText('"webhook.test"', { exact: false }).waitFor();
      const attempts = deliveryDialog.getByTestId('webhook-attempt');
      await attempts.first().getByText('HTTP 200').waitFor();
      await attempts.first().getByText(texts.delivery.triggers.auto).waitFor();
      await deliveryDialog.getByText('webhook-signature: v1,', { exact: false }).waitFor();
      expect(await seriousAxeViolations(page), 'the delivery').toEqual([]);
      await keepScreenshot(page, 'webhook-delivery');
      await deliveryDialog.getByRole('button', { name: texts.delivery.resend }).click();
      await deliveryDialog.getByRole('status').getByText(pattern(texts.delivery.resent)).waitFor();
      await waitFor('the resent message', () => receiver.received[1]);
      expect(receiver.received[1]?.headers['webhook-id']).toBe(test.headers['webhook-id']);
      await expect.poll(() => attempts.count()).toBe(2);
      await attempts.first().getByText(texts.delivery.triggers.resend).waitFor();
      await keepScreenshot(page, 'webhook-delivery-resent');
      await deliveryDialog.getByRole('button', { name: deCommon.actions.close }).click();
      await deliveryDialog.waitFor({ state: 'hidden' });

      // Disabled by hand and enabled again.
      await page.getByRole('button', { name: texts.actions.disable, exact: true }).click();
      await page.locator('main [data-status="manual"]', { hasText: texts.states.manual }).first().waitFor();
      await page.getByRole('button', { name: texts.actions.enable, exact: true }).waitFor();
      await checkScreen(page, 'the disabled endpoint');
      await keepScreenshot(page, 'webhook-disabled-1280');
      await page.getByRole('button', { name: texts.actions.enable, exact: true }).click();
      await page.locator('main [data-status="enabled"]', { hasText: texts.states.enabled }).first().waitFor();

      // A new secret, shown once; the old one signs beside it for a day.
      await page.getByRole('button', { name: texts.secret.rotate }).click();
      const confirm = page.getByRole('dialog', { name: texts.secret.rotateTitle });
      await confirm.getByText(texts.secret.rotateConfirm).waitFor();
      expect(await seriousAxeViolations(page), 'the rotation question').toEqual([]);
      await confirm.getByRole('button', { name: texts.secret.rotate }).click();
      const rotated = page.getByRole('dialog', { name: texts.secret.rotatedTitle });
      const newSecret = (await rotated.getByTestId('webhook-secret').textContent())?.trim() ?? '';
      expect(newSecret).toMatch(/^whsec_/);
      expect(newSecret).not.toBe(secret);
      await rotated.getByRole('button', { name: deCommon.actions.close }).last().click();
      await page.getByText(pattern(texts.secret.previousUntil)).waitFor();

      // The list: the endpoint with its last delivery, in Zurich's time as German writes it.
      await page.getByRole('link', { name: texts.back }).click();
      const list = page.getByRole('table', { name: deShell.nav.webhooks });
      await list.getByRole('link', { name: receiver.url }).waitFor();
      const { endpoints } = await pageGet<{ endpoints: EndpointRow[] }>(page, '/webhooks');
      const lastDeliveryAt = endpoints.find((endpoint) => endpoint.id === endpointId)?.lastDeliveryAt;
      expect(lastDeliveryAt).toBeTruthy();
      await list.getByText(zurichTime(lastDeliveryAt ?? '')).waitFor();
      await list.getByText('Instandhaltungssystem').waitFor();
      await checkScreen(page, 'the list');
      await keepScreenshot(page, 'webhooks-list-1280');
      await close();
    });

    it('reads at 375 px, then deletes the endpoint: German client admin in Zurich', {
      timeout: 180_000,
    }, async () => {
      const { page, close } = await signedInPage(375);
      await page.goto(`${server.url}/webhooks`);
      await page.getByRole('heading', { level: 1, name: deShell.nav.webhooks }).waitFor();
      await page.getByRole('link', { name: receiver.url }).waitFor();
      await checkScreen(page, 'the list at 375 px');
      expect(await pageOverflow(page), 'the list fits 375 px').toBeLessThanOrEqual(0);
      await keepScreenshot(page, 'webhooks-list-375', { fullPage: true });

      await page.getByRole('link', { name: receiver.url }).click();
      await page.getByRole('heading', { level: 1, name: receiver.url }).waitFor();
      await page.locator('[data-status="delivered"]').first().waitFor();
      await checkScreen(page, 'the endpoint at 375 px');
      expect(await pageOverflow(page), 'the endpoint fits 375 px').toBeLessThanOrEqual(0);
      await keepScreenshot(page, 'webhook-endpoint-375', { fullPage: true });

      await page.getByRole('button', { name: deCommon.actions.edit, exact: true }).click();
      const edit = page.getByRole('dialog', { name: texts.dialog.editTitle });
      await edit.getByLabel(texts.eventTypes.document.added).check();
      expect(await seriousAxeViolations(page), 'the edit dialog at 375 px').toEqual([]);
      await keepScreenshot(page, 'webhook-edit-375');
      await edit.getByRole('button', { name: deCommon.actions.save, exact: true }).click();
      await edit.waitFor({ state: 'hidden' });
      await page.getByText(texts.eventTypes.document.added, { exact: true }).waitFor();

      await page
        .getByRole('button', { name: pattern(texts.deliveries.open) })
        .first()
        .click();
      const deliveryDialog = page.getByRole('dialog', { name: texts.delivery.title });
      await deliveryDialog.getByTestId('webhook-attempt').first().waitFor();
      expect(await seriousAxeViolations(page), 'the delivery at 375 px').toEqual([]);
      await keepScreenshot(page, 'webhook-delivery-375');
      await deliveryDialog.getByRole('button', { name: deCommon.actions.close }).click();
      await deliveryDialog.waitFor({ state: 'hidden' });

      await page.getByRole('button', { name: deCommon.actions.delete, exact: true }).click();
      const confirm = page.getByRole('dialog', { name: texts.actions.deleteTitle });
      await confirm.getByRole('button', { name: deCommon.actions.delete }).click();
      await page.getByText(texts.empty).waitFor();
      expect(new URL(page.url()).pathname).toBe('/webhooks');
      await close();
    });

    it('lets the admin pick the mandator, tells the mandators apart, and shows a delivery waiting for its retry: German admin in Zurich', {
      timeout: 180_000,
    }, async () => {
      const { page, close } = await signedInPage(1280, GERMAN_ADMIN_IN_ZURICH);
      const { mandators } = await pageGet<{ mandators: { id: number; name: string }[] }>(page, '/mandators');
      const mandator = mandators[0];
      if (!mandator) throw new Error('no demo mandator');
      await page.goto(`${server.url}/webhooks`);
      await page.getByRole('heading', { level: 1, name: deShell.nav.webhooks }).waitFor();
      await page.getByText(texts.empty).waitFor();

      await page.getByRole('button', { name: texts.add }).click();
      const dialog = page.getByRole('dialog', { name: texts.dialog.newTitle });
      await dialog.getByRole('textbox', { name: texts.fields.url }).waitFor();
      await keepScreenshot(page, 'webhooks-new-admin');
      await dialog.getByLabel(deCommon.fields.mandator).first().click();
      await page.getByRole('option', { name: mandator.name, exact: true }).click();
      await dialog.getByRole('textbox', { name: texts.fields.url }).fill(receiver.downUrl);
      await dialog.getByRole('button', { name: texts.fields.selectAll }).click();
      await dialog.getByRole('button', { name: texts.dialog.create }).click();
      const secretDialog = page.getByRole('dialog', { name: texts.dialog.createdTitle });
      await secretDialog.getByTestId('webhook-secret').waitFor();
      await secretDialog.getByRole('button', { name: deCommon.actions.close }).last().click();
      await page.getByRole('heading', { level: 1, name: receiver.downUrl }).waitFor();
      await page.getByText(mandator.name, { exact: true }).waitFor();

      // The receiver is down: the test message waits for its next attempt, with the answer it got.
      const before = receiver.received.length;
      await page.getByRole('button', { name: texts.actions.test }).click();
      await waitFor('the failed attempt', () => (receiver.received.length > before ? true : undefined));
      const deliveries = page.getByRole('table', { name: texts.deliveries.title });
      await deliveries.getByText('HTTP 503').waitFor({ timeout: 30_000 });
      await deliveries.locator('[data-status="pending"]', { hasText: texts.deliveries.statuses.pending }).waitFor();
      await checkScreen(page, 'a delivery waiting for its retry');
      await keepScreenshot(page, 'webhook-pending-1280', { fullPage: true });

      // Only the waiting ones, then the delivered ones (none).
      await page.getByLabel(texts.deliveries.statusFilter, { exact: true }).first().click();
      await page.getByRole('option', { name: texts.deliveries.statuses.delivered, exact: true }).click();
      await page.getByText(texts.deliveries.empty).waitFor();

      await page.getByRole('link', { name: texts.back }).click();
      const list = page.getByRole('table', { name: deShell.nav.webhooks });
      await list.getByRole('columnheader', { name: deCommon.fields.mandator }).waitFor();
      await list.getByText(mandator.name, { exact: true }).waitFor();
      await page.getByLabel(deCommon.fields.mandator, { exact: true }).first().click();
      await page.getByRole('option', { name: mandator.name, exact: true }).click();
      await list.getByRole('link', { name: receiver.downUrl }).waitFor();
      await checkScreen(page, "the admin's list");
      await keepScreenshot(page, 'webhooks-list-admin-1280');

      // Deleted, so it does not go on trying.
      await list.getByRole('link', { name: receiver.downUrl }).click();
      await page.getByRole('button', { name: deCommon.actions.delete, exact: true }).click();
      await page
        .getByRole('dialog', { name: texts.actions.deleteTitle })
        .getByRole('button', { name: deCommon.actions.delete })
        .click();
      await page.getByText(texts.empty).waitFor();
      await close();
    });

    it('is not offered to the demo client: no menu entry, and the screen says who manages webhooks', async () => {
      const { page, close } = await signedInPage(1280, GERMAN_CLIENT_IN_ZURICH);
      await page.goto(`${server.url}/webhooks`);
      await page.getByText(texts.forbidden).waitFor();
      await expect(page.getByRole('link', { name: deShell.nav.webhooks }).count()).resolves.toBe(0);
      await expect(page.locator('h1').count()).resolves.toBe(1);
      await keepScreenshot(page, 'webhooks-refused');
      await close();
    });
  },
);
