import type { InstallationView } from '@rope/domain/hierarchy/views';
import { ApiError, toApiError } from '../../lib/api-client';

export const MAP_IMAGE_TYPES = 'image/jpeg,image/png';

/**
 * POST /installations/{id}/map-image as multipart with upload progress (fetch reports none), answering the
 * installation with its new image size; failures carry the server's message.
 */
export function uploadMapImage(
  installationId: number,
  file: File,
  onProgress: (percent: number) => void,
): Promise<InstallationView> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/installations/${installationId}/map-image`);
    request.setRequestHeader('Accept', 'application/json');
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onerror = () => reject(new ApiError(0, 'NETWORK', 'Network error'));
    request.onload = () => {
      let body: unknown;
      try {
        body = request.responseText ? JSON.parse(request.responseText) : undefined;
      } catch {
        body = undefined;
      }
      if (request.status >= 200 && request.status < 300 && body && typeof body === 'object' && 'installation' in body) {
        resolve((body as { installation: InstallationView }).installation);
      } else {
        reject(toApiError({ status: request.status, statusText: request.statusText }, body));
      }
    };
    const form = new FormData();
    form.append('file', file);
    request.send(form);
  });
}
