import { WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT } from '@rope/domain/webhooks/event-types';

const header = (name: string, description: string, example: string) => ({
  name,
  in: 'header',
  required: true,
  description,
  schema: { type: 'string' },
  example,
});

/** What every delivery carries (Standard Webhooks); docs/webhooks.md shows how to verify it. */
const HEADERS = [
  header('webhook-id', 'The message id: the same on every attempt and resend, to deduplicate by', 'msg_2Xk9...'),
  header('webhook-timestamp', 'When this attempt was signed, in seconds since 1970', '1764576000'),
  header(
    'webhook-signature',
    'Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`, one per signing secret (two during a rotation)',
    'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
  ),
];

const words = (type: string) => type.replace('_', ' ').replace('.', ': ').replace('_', ' ');

/**
 * The OpenAPI 3.1 `webhooks` section: one POST per event type the cockpit sends to a registered endpoint, so a
 * client generated from the document knows the messages as well as the calls.
 */
export function describeWebhooks() {
  return Object.fromEntries(
    [...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT].map((type) => [
      type,
      {
        post: {
          operationId: `webhook_${type.replace('.', '_')}`,
          summary: `Sent on ${words(type)}`,
          tags: ['webhooks'],
          parameters: HEADERS,
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/WebhookPayload' } } },
          },
          responses: {
            '200': { description: 'Received: any 2xx. Anything else, a redirect or no answer in 10 s is retried' },
          },
          security: [],
        },
      },
    ]),
  );
}
