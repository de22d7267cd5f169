import { ApiError, redirectToLogin, toApiError } from './api-client';

/**
 * POSTs a multipart form under /api, reporting the bytes sent: fetch cannot tell upload progress (request streams
 * need HTTP/2 and duplex), XMLHttpRequest's upload events can. The one way the web uploads files. As apiFetch: answers
 * the JSON body, or rejects with the ApiError the server's refusal describes (its message and key), and a 401 sends
 * the user to the login screen. A stopped upload rejects too, so no caller waits for it forever.
 */
export function postForm<T>(
  path: string,
  body: FormData,
  onProgress: (loaded: number, total: number) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api${path}`);
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
        resolve(data as T);
        return;
      }
      if (request.status === 401) redirectToLogin();
      reject(toApiError({ status: request.status, statusText: request.statusText }, data));
    });
    request.addEventListener('error', () => reject(new ApiError(0, 'NETWORK', 'The upload did not reach the server')));
    request.addEventListener('abort', () => reject(new ApiError(0, 'NETWORK', 'The upload was stopped')));
    request.send(body);
  });
}
