import { createCockpitClient, type Middleware } from '@rope/api-client';
import { ApiError, redirectToLogin, toApiError } from './api-client';

/**
 * The web's client typed by the API's OpenAPI document (@rope/api-client), under the same rules as apiFetch: the
 * page's origin, redirects never followed, a 401 sends the user to the sign-in, every failure is an ApiError with
 * the answer's message keys.
 */
const failuresAsApiErrors: Middleware = {
  async onResponse({ response }) {
    if (response.type === 'opaqueredirect') {
      redirectToLogin();
      throw new ApiError(401, 'UNAUTHENTICATED', 'Redirected to a sign-in');
    }
    if (response.ok) return undefined;
    if (response.status === 401) redirectToLogin();
    const body: unknown = await response.json().catch(() => undefined);
    throw toApiError(response, body);
  },
  onError({ error }) {
    if (error instanceof Error && error.name === 'AbortError') return error;
    return new ApiError(0, 'NETWORK', error instanceof Error ? error.message : String(error));
  },
};

export const typedApi = createCockpitClient({
  credentials: 'same-origin',
  redirect: 'manual',
  headers: { Accept: 'application/json' },
});
typedApi.use(failuresAsApiErrors);

/** The data of a call: a failure has thrown already (failuresAsApiErrors). */
export async function dataOf<T>(call: Promise<{ data?: T }>): Promise<T> {
  return (await call).data as T;
}
