import type { OutboxFile } from '../../lib/device-store';
import { uploadWithProgress } from '../../lib/typed-api';
import { uploadWithFetch } from '../../lib/upload-with-fetch';

/**
 * Uploads photos to an event under `key` as the Idempotency-Key: a resend after a lost answer stores them once and
 * answers the first result. The fields go before the files, as the API asks.
 */
export function uploadEventPhotos(eventId: number, files: readonly OutboxFile[], key: string) {
  const body = new FormData();
  body.append('targetType', 'event');
  body.append('targetId', String(eventId));
  for (const file of files) body.append('files', file.blob, file.name);
  // The service worker sends them too, while the app is closed: it has fetch but no XMLHttpRequest.
  const upload = typeof XMLHttpRequest === 'function' ? uploadWithProgress : uploadWithFetch;
  return upload('/api/documents', body, { headers: { 'Idempotency-Key': key } });
}
