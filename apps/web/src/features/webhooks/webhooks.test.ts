import { LANGUAGES } from '@rope/domain/languages';
import { WEBHOOK_EVENT_TYPES } from '@rope/domain/webhooks/event-types';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { checkForm } from '../../lib/domain-form';
import {
  attemptErrorText,
  endpointState,
  eventTypeLabel,
  PENDING_REFRESH_MS,
  prettyBody,
  previousSecretSigns,
  refreshInterval,
} from './webhook-display';
import {
  initialWebhookValues,
  urlProblem,
  type WebhookFormValues,
  webhookCreateFormSpec,
  webhookPatchFormSpec,
} from './webhook-form';
import type { WebhookDelivery, WebhookEndpoint } from './webhook-types';

const files = import.meta.glob<Record<string, unknown>>('../../i18n/locales/*/*.json', {
  eager: true,
  import: 'default',
});

/** The web's texts of one language, as i18next holds them. */
async function translator(language: string) {
  const translation: Record<string, unknown> = {};
  for (const [path, json] of Object.entries(files)) {
    const [, lang, feature] = path.match(/\/locales\/([^/]+)\/(.+)\.json$/) ?? [];
    if (lang === language && feature) translation[feature] = json;
  }
  const instance = i18next.createInstance();
  await instance.init({ lng: language, fallbackLng: false, resources: { [language]: { translation } } });
  return instance.t;
}

const endpoint: WebhookEndpoint = {
  id: 4,
  mandatorId: 1,
  url: 'https://hooks.example.com/rope',
  description: 'Maintenance',
  eventTypes: ['rope_event.created', 'task.done'],
  enabled: true,
  disabledReason: null,
  disabledAt: null,
  ownerUserId: 3,
  previousSecretExpiresAt: null,
  pendingDeliveries: 0,
  lastDeliveryAt: null,
  createdAt: '2026-11-30T08:00:00.000Z',
};

const delivery = (status: WebhookDelivery['status'], nextAttemptAt: string | null): WebhookDelivery => ({
  id: 1,
  messageId: 'msg_1',
  eventType: 'webhook.test',
  status,
  attempts: 1,
  nextAttemptAt,
  lastStatusCode: null,
  lastError: null,
  createdAt: '2026-11-30T08:00:00.000Z',
  deliveredAt: null,
});

const values = (overrides: Partial<WebhookFormValues> = {}): WebhookFormValues => ({
  ...initialWebhookValues(undefined, '1'),
  url: 'https://hooks.example.com/rope',
  eventTypes: ['task.done'],
  ...overrides,
});

describe('webhook endpoints on the screen', () => {
  it('tells enabled, disabled by a person and disabled after failures apart', () => {
    expect(endpointState(endpoint)).toBe('enabled');
    expect(endpointState({ enabled: false, disabledReason: 'manual' })).toBe('manual');
    expect(endpointState({ enabled: false, disabledReason: 'failing' })).toBe('failing');
  });

  it('says the old secret signs only until its day is over', () => {
    const now = Date.parse('2026-12-01T12:00:00Z');
    expect(previousSecretSigns(endpoint, now)).toBe(false);
    expect(previousSecretSigns({ previousSecretExpiresAt: '2026-12-02T11:00:00Z' }, now)).toBe(true);
    expect(previousSecretSigns({ previousSecretExpiresAt: '2026-12-01T11:00:00Z' }, now)).toBe(false);
  });

  it('names every event type in every language, and one it does not know as it is', async () => {
    for (const language of LANGUAGES) {
      const t = await translator(language);
      const labels = [...WEBHOOK_EVENT_TYPES, 'webhook.test'].map((type) => eventTypeLabel(t, type));
      expect(
        labels.filter((label) => label.includes('.') || label.includes('$t(')),
        language,
      ).toEqual([]);
      expect(new Set(labels).size, language).toBe(labels.length);
    }
    const t = await translator('de-DE');
    expect(eventTypeLabel(t, 'rope_event.created')).toBe('Seilereignis erfasst');
    expect(eventTypeLabel(t, 'rope.exploded')).toBe('rope.exploded');
  });

  it('indents a JSON answer and leaves any other as it came', () => {
    expect(prettyBody('{"ok":true}')).toBe('{\n  "ok": true\n}');
    expect(prettyBody('accepted')).toBe('accepted');
  });

  it('asks again soon while a delivery is due, seldom while its retry is far off, not at all when none waits', () => {
    const now = Date.parse('2026-12-01T12:00:00Z');
    expect(refreshInterval([delivery('delivered', null)], now)).toBe(false);
    expect(refreshInterval([delivery('pending', null)], now)).toBe(PENDING_REFRESH_MS);
    expect(refreshInterval([delivery('pending', '2026-12-01T12:00:05Z')], now)).toBe(PENDING_REFRESH_MS);
    expect(refreshInterval([delivery('pending', '2026-12-01T14:00:00Z')], now)).toBeGreaterThan(PENDING_REFRESH_MS);
  });
});

describe('the webhook form', () => {
  it('sends what the API takes', () => {
    expect(checkForm(webhookCreateFormSpec, values({ description: ' Maintenance ' }))).toEqual({
      ok: true,
      data: {
        mandatorId: 1,
        url: 'https://hooks.example.com/rope',
        description: 'Maintenance',
        eventTypes: ['task.done'],
      },
    });
    expect(checkForm(webhookPatchFormSpec, initialWebhookValues(endpoint))).toMatchObject({
      ok: true,
      data: { url: endpoint.url, eventTypes: endpoint.eventTypes },
    });
  });

  it('asks for a mandator, an address and at least one event type', () => {
    const checked = checkForm(webhookCreateFormSpec, values({ mandatorId: '', url: '', eventTypes: [] }));
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.messages.mandatorId?.key).toBe('validation.selectRequired');
    expect(checked.messages.url?.key).toBe('validation.required');
    expect(checked.messages.eventTypes?.key).toBe('validation.selectRequired');
  });

  it('refuses what is no web address; HTTPS and the rest the API decides', () => {
    expect(urlProblem('hooks.example.com')?.key).toBe('app.errors.webhookUrlInvalid');
    expect(urlProblem('ftp://hooks.example.com')?.key).toBe('app.errors.webhookUrlInvalid');
    expect(urlProblem('http://127.0.0.1:8080/hooks')).toBeUndefined();
    expect(urlProblem('https://hooks.example.com')).toBeUndefined();
    const checked = checkForm(webhookPatchFormSpec, values({ url: 'not a url' }));
    expect(checked.ok ? undefined : checked.messages.url?.key).toBe('app.errors.webhookUrlInvalid');
  });
});

describe('why an attempt failed, in the user language', () => {
  it('says each failure the API records in German, and in every language without a missing key', async () => {
    const de = await translator('de-DE');
    expect(attemptErrorText(de, 'answered 503')).toBe('Der Empfänger antwortete mit HTTP 503');
    expect(attemptErrorText(de, 'timed out after 10000 ms')).toBe('Keine Antwort innerhalb von 10 s');
    expect(attemptErrorText(de, 'connect ECONNREFUSED 127.0.0.1:9')).toBe(
      'Keine Verbindung (connect ECONNREFUSED 127.0.0.1:9)',
    );
    for (const language of LANGUAGES) {
      const t = await translator(language);
      for (const error of [
        'answered 500',
        'answered 302: redirects are not followed',
        'refused: x',
        'timed out after 1 ms',
      ])
        expect(attemptErrorText(t, error), `${language}: ${error}`).not.toMatch(/webhooks\.failures/);
    }
  });
});
