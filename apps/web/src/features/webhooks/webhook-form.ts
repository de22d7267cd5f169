import type { Message } from '@rope/domain/message';
import type { WebhookEventType } from '@rope/domain/webhooks/event-types';
import {
  type WebhookEndpointCreate,
  type WebhookEndpointPatch,
  webhookEndpointCreateSchema,
  webhookEndpointPatchSchema,
} from '@rope/domain/webhooks/schemas';
import type { DomainFormSpec } from '../../lib/domain-form';
import type { WebhookEndpoint } from './webhook-types';

export interface WebhookFormValues {
  /** The mandator's id as the select holds it; '' for none chosen. */
  mandatorId: string;
  url: string;
  description: string;
  eventTypes: WebhookEventType[];
}

export function initialWebhookValues(endpoint?: WebhookEndpoint, mandatorId = ''): WebhookFormValues {
  return {
    mandatorId: endpoint ? String(endpoint.mandatorId) : mandatorId,
    url: endpoint?.url ?? '',
    description: endpoint?.description ?? '',
    eventTypes: endpoint ? [...endpoint.eventTypes] : [],
  };
}

/** Whether the text reads as an address at all; the API decides the rest (HTTPS, public addresses). */
export function urlProblem(url: string): Message | undefined {
  const trimmed = url.trim();
  if (trimmed === '') return undefined;
  try {
    const parsed = new URL(trimmed);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:'
      ? undefined
      : { key: 'app.errors.webhookUrlInvalid' };
  } catch {
    return { key: 'app.errors.webhookUrlInvalid' };
  }
}

const rules = (values: WebhookFormValues) => ({ url: urlProblem(values.url) });
const createRules = (values: WebhookFormValues) => ({
  ...rules(values),
  mandatorId: values.mandatorId === '' ? { key: 'validation.selectRequired' } : undefined,
});

export const webhookCreateFormSpec: DomainFormSpec<WebhookFormValues, WebhookEndpointCreate> = {
  schema: webhookEndpointCreateSchema,
  toInput: (values) => ({
    mandatorId: values.mandatorId === '' ? undefined : Number(values.mandatorId),
    url: values.url,
    description: values.description,
    eventTypes: values.eventTypes,
  }),
  rules: createRules,
  entity: 'endpoint',
};

export const webhookPatchFormSpec: DomainFormSpec<WebhookFormValues, WebhookEndpointPatch> = {
  schema: webhookEndpointPatchSchema,
  toInput: (values) => ({ url: values.url, description: values.description, eventTypes: values.eventTypes }),
  rules,
  entity: 'endpoint',
};
