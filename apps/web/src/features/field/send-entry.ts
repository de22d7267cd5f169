import type { operations } from '@rope/api-client';
import type { OutboxEntry } from '../../lib/device-store';
import { dataOf, typedApi } from '../../lib/typed-api';
import { photosBodyOf } from './photo-entry';
import { uploadEventPhotos } from './send-photos';
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
    case 'uploadPhotos': {
      // The sync sends photos only once their event's entry handed them its id.
      const { eventId } = photosBodyOf(entry);
      if (eventId === null) return Promise.reject(new Error(`Photos ${entry.id} have no event yet`));
      return uploadEventPhotos(eventId, entry.files ?? [], entry.id);
    }
  }
}
