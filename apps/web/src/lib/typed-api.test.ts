import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { dataOf, typedApi } from './typed-api';

function mockFetch(response: Response | Error) {
  const fetchMock = vi.fn(async (_request: Request) => {
    if (response instanceof Error) throw response;
    return response;
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function json(body: unknown, status: number) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

// The web's one client: what it sends, and every failure as an ApiError with the answer's message keys.
describe('typedApi', () => {
  it('calls the path on the page origin, same-origin credentials, no redirect followed, and answers the JSON', async () => {
    const fetchMock = mockFetch(json({ status: 'ok' }, 200));
    await expect(dataOf(typedApi.GET('/api/health'))).resolves.toEqual({ status: 'ok' });
    expect(fetchMock).toHaveBeenCalledOnce();
    const request = fetchMock.mock.calls[0]![0];
    expect(new URL(request.url).pathname).toBe('/api/health');
    expect(request.credentials).toBe('same-origin');
    expect(request.redirect).toBe('manual');
    expect(request.headers.get('Accept')).toBe('application/json');
  });

  it('sends a body as JSON', async () => {
    const fetchMock = mockFetch(json({ mandator: { id: 1, name: 'a' } }, 200));
    await typedApi.POST('/api/mandators', { body: { mandator: { name: 'a' } } });
    const request = fetchMock.mock.calls[0]![0];
    expect(await request.text()).toBe('{"mandator":{"name":"a"}}');
    expect(request.headers.get('Content-Type')).toBe('application/json');
  });

  it('throws an ApiError with the code, message, fields and message keys of the error body', async () => {
    mockFetch(
      json(
        {
          code: 'VALIDATION',
          message: 'user.password: Password must be at least 8 characters',
          key: 'validation.passwordMinLength',
          params: { min: 8 },
          fields: { 'user.password': 'Password must be at least 8 characters', 'user.email': 'Bad' },
          fieldKeys: {
            'user.password': { key: 'validation.passwordMinLength', params: { min: 8 } },
            'user.email': { nonsense: true },
          },
        },
        400,
      ),
    );
    const error = await typedApi.GET('/api/users').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION',
      fields: { 'user.password': 'Password must be at least 8 characters' },
      key: { key: 'validation.passwordMinLength', params: { min: 8 } },
      fieldKeys: { 'user.password': { key: 'validation.passwordMinLength', params: { min: 8 } } },
    });
    expect((error as ApiError).fieldKeys).not.toHaveProperty('user.email');
  });

  it('keeps the body of an error answer for callers that read it', async () => {
    mockFetch(json({ status: 'degraded' }, 503));
    const error = await typedApi.GET('/api/health').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 503, code: 'UNAVAILABLE', body: { status: 'degraded' } });
  });

  it('derives the code from the status when the answer is not JSON', async () => {
    mockFetch(new Response('<html>Bad gateway</html>', { status: 404, statusText: 'Not Found' }));
    await expect(typedApi.GET('/api/areas')).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('reports 401 as UNAUTHENTICATED, a failed connection as NETWORK, a page instead of JSON as BAD_RESPONSE', async () => {
    vi.stubGlobal('location', { origin: 'http://localhost', pathname: '/areas', search: '', assign: vi.fn() });
    mockFetch(json({ code: 'UNAUTHENTICATED', message: 'Sign in first' }, 401));
    await expect(typedApi.GET('/api/areas')).rejects.toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    mockFetch(new TypeError('fetch failed'));
    await expect(typedApi.GET('/api/health')).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
    mockFetch(new Response('<!doctype html>', { status: 200, headers: { 'Content-Type': 'text/html' } }));
    await expect(typedApi.GET('/api/health')).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
  });
});
