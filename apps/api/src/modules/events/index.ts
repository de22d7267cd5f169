/** A rope's events (inspections, measurements, changes). Other modules reach it through this file only. */
export { createEvent } from './create.ts';
export { columnsOf, findEvent } from './internal.ts';
export { emitRopeEventWebhooks } from './webhooks.ts';
