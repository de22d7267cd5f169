import type { DocumentTargetType } from '@rope/domain/documents/kinds';
import type { DocumentView } from '@rope/domain/documents/views';
import { ApiError, toApiError } from '../../lib/api-client';

export interface UploadTarget {
  targetType: DocumentTargetType;
  targetId: number;
}

/**
 * POST /api/documents with several files at once, reporting the bytes sent: fetch cannot tell upload progress
 * (request streams need HTTP/2 and duplex), XMLHttpRequest's upload events can. The fields go before the files,
 * so the server checks the target and the right before it reads a byte of a file.
 */
export function uploadDocuments(
  target: UploadTarget,
  files: readonly File[],
  onProgress: (loaded: number, total: number) => void,
  location?: string,
): Promise<DocumentView[]> {
  const body = new FormData();
  body.append('targetType', target.targetType);
  body.append('targetId', String(target.targetId));
  if (location) body.append('location', location);
  for (const file of files) body.append('files', file, file.name);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/documents');
    request.setRequestHeader('Accept', 'application/json');
    request.withCredentials = true;
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    });
    request.addEventListener('load', () => {
      let data: unknown;
      try {
        data = request.responseText ? JSON.parse(request.responseText) : undefined;
      } catch {
        data = undefined;
      }
      if (request.status >= 200 && request.status < 300) {
        const documents = (data as { documents?: DocumentView[] } | undefined)?.documents;
        resolve(documents ?? []);
        return;
      }
      if (request.status === 401) window.location.assign(`/login?next=${encodeURIComponent(window.location.pathname)}`);
      reject(toApiError({ status: request.status, statusText: request.statusText }, data));
    });
    request.addEventListener('error', () => reject(new ApiError(0, 'NETWORK', 'The upload did not reach the server')));
    request.addEventListener('abort', () => reject(new ApiError(0, 'NETWORK', 'The upload was stopped')));
    request.send(body);
  });
}
