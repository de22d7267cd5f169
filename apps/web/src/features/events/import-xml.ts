import { INSPECTION_FILE_MAX_BYTES } from '@rope/domain/events/schemas';
import type { ParsedInspection } from '@rope/domain/events/views';
import type { TFunction } from 'i18next';
import { ApiError, apiFetch, toApiError } from '../../lib/api-client';
import { failureText } from '../../lib/failure-text';
import { messageText, serverFieldText } from '../../lib/messages';
import type { EventBody } from './api';

/** The file picker's filter: the inspection format is XML (docs/inspection-xml.md). */
export const INSPECTION_ACCEPT = '.xml,application/xml,text/xml';
/** The API refuses larger files; checked here first so nothing is sent in vain. */
export const INSPECTION_MAX_BYTES = INSPECTION_FILE_MAX_BYTES;

export function isInspectionFile(file: Pick<File, 'name' | 'type'>): boolean {
  return /\.xml$/i.test(file.name) || file.type === 'application/xml' || file.type === 'text/xml';
}

/**
 * POST /api/events/import/parse with the file as an XML body. apiFetch sends JSON or FormData only, so this one
 * call uses fetch itself, with the same cookie and error handling (a bad file answers 400 naming the problem).
 */
export async function parseInspectionXml(xml: string, signal?: AbortSignal): Promise<ParsedInspection> {
  let response: Response;
  try {
    response = await fetch('/api/events/import/parse', {
      method: 'POST',
      headers: { 'Content-Type': 'application/xml', Accept: 'application/json' },
      body: xml,
      credentials: 'same-origin',
      redirect: 'manual',
      signal,
    });
  } catch (error) {
    if (error instanceof Error && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', error instanceof Error ? error.message : String(error));
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (!response.ok) throw toApiError(response, body);
  if (body === undefined) throw new ApiError(response.status, 'BAD_RESPONSE', 'Expected JSON from the import');
  return body as ParsedInspection;
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
  const saved = await apiFetch<{ ropeChanged: boolean }>('/events/import', {
    method: 'POST',
    body: {
      ropeEvent: { rope, ...inspection },
      damages: damages.map((damage) => ({ rope, ...damage })),
    },
  });
  onProgress(total, total);
  return saved.ropeChanged;
}
