import { INSPECTION_FILE_MAX_BYTES } from '@rope/domain/events/schemas';
import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-client';
import { failureText } from '../../lib/failure-text';
import { messageText, serverFieldText } from '../../lib/messages';
import { dataOf, typedApi } from '../../lib/typed-api';
import type { EventBody } from './api';

/** The file picker's filter: the inspection format is XML (docs/inspection-xml.md). */
export const INSPECTION_ACCEPT = '.xml,application/xml,text/xml';
/** The API refuses larger files; checked here first so nothing is sent in vain. */
export const INSPECTION_MAX_BYTES = INSPECTION_FILE_MAX_BYTES;

export function isInspectionFile(file: Pick<File, 'name' | 'type'>): boolean {
  return /\.xml$/i.test(file.name) || file.type === 'application/xml' || file.type === 'text/xml';
}

/** POST /api/events/import/parse with the file as an XML body (a bad file answers 400 naming the problem). */
export function parseInspectionXml(xml: string, signal?: AbortSignal) {
  return dataOf(
    typedApi.POST('/api/events/import/parse', {
      body: xml,
      bodySerializer: (body) => body,
      headers: { 'Content-Type': 'application/xml' },
      signal,
    }),
  );
}

/**
 * Why the server refused a file, in the user's language; a refusal at one of the file's fields ("invalid at
 * damages.0.position: {{problem}}") gets that field's problem translated as well. Anything but a 4xx: the fallback.
 */
export function inspectionRefusalText(t: TFunction, error: unknown, fallback: string): string {
  const field = error instanceof ApiError ? error.key?.params?.field : undefined;
  if (!(error instanceof ApiError) || !error.key || typeof field !== 'string' || !error.fieldKeys?.[field]) {
    return failureText(t, error, fallback);
  }
  const problem = serverFieldText(t, error, field);
  return messageText(t, { ...error.key, params: { ...error.key.params, problem } }, error.message);
}

/**
 * Saves a reviewed import in one call, `POST /api/events/import`: the inspection and each damage it found in one
 * transaction on the server, all or nothing (a refused damage leaves no inspection behind). Damages found by the
 * inspection carry its time and cycles; the server keeps them as sent. Answers whether the rope's stored damages
 * changed.
 */
export async function saveInspection(
  ropeId: number,
  inspection: EventBody,
  damages: readonly EventBody[],
  onProgress: (done: number, total: number) => void,
): Promise<boolean> {
  const total = damages.length + 1;
  const rope = { id: ropeId };
  const saved = await dataOf(
    typedApi.POST('/api/events/import', {
      body: {
        ropeEvent: { rope, ...inspection },
        damages: damages.map((damage) => ({ rope, ...damage })),
      },
    }),
  );
  onProgress(total, total);
  return saved.ropeChanged;
}
