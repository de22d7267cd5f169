/** A rope's tasks. Other modules reach it through this file only. */
export { emitTaskWebhook } from './webhooks.ts';
