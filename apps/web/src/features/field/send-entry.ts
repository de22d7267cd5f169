import type { operations } from '@rope/api-client';
import type { OutboxEntry } from '../../lib/device-store';
import { dataOf, typedApi } from '../../lib/typed-api';
import { sendTaskChange } from './send-task-change';

type CreateEventBody = operations['createEvent']['requestBody']['content']['application/json'];

/** Sends a queued write with its id as the Idempotency-Key (the API does it once however often it arrives). */
export function sendEntry(entry: OutboxEntry): Promise<unknown> {
  const header = { 'idempotency-key': entry.id };
  switch (entry.kind) {
    case 'createEvent':
      return dataOf(typedApi.POST('/api/events', { params: { header }, body: entry.body as CreateEventBody }));
    case 'patchTask':
      return sendTaskChange(entry);
  }
}
