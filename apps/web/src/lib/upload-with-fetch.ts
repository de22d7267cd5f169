import { ApiError, toApiError } from './api-client';
import { type AnswerOf, type UploadOptions, type UploadPath, urlOf } from './typed-api';

/**
 * uploadWithProgress without the progress, through fetch: for the service worker, which has no XMLHttpRequest (it
 * sends the photos queued on the device while the app is closed). Same rules, no redirect to the sign-in.
 */
export async function uploadWithFetch<P extends UploadPath>(
  path: P,
  body: FormData,
  options: UploadOptions<P>,
): Promise<AnswerOf<P, 'post'>> {
  let response: Response;
  try {
    response = await globalThis.fetch(urlOf(path, options.params), {
      method: 'POST',
      body,
      headers: { Accept: 'application/json', ...options.headers },
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof Error && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', 'The upload did not reach the server');
  }
  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw toApiError(response, data);
  if (data === undefined) throw new ApiError(response.status, 'BAD_RESPONSE', `Expected JSON from ${path}`);
  return data as AnswerOf<P, 'post'>;
}
