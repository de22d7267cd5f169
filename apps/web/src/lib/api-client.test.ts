import { messageSchema } from '@rope/domain/messages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch, readServerMessage } from './api-client';

function mockFetch(response: Response | Error) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => {
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

describe('apiFetch', () => {
  it('prefixes /api, sends same-origin credentials and returns the parsed JSON', async () => {
    const fetchMock = mockFetch(json({ status: 'ok' }, 200));
    await expect(apiFetch('/health')).resolves.toEqual({ status: 'ok' });
    expect(fetchMock).toHaveBeenCalledOnce();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/health');
    expect(init?.credentials).toBe('same-origin');
  });

  it('sends a body as JSON', async () => {
    const fetchMock = mockFetch(new Response(null, { status: 204 }));
    await expect(apiFetch('/things', { method: 'POST', body: { name: 'a' } })).resolves.toBeUndefined();
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBe('{"name":"a"}');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });

  it('throws an ApiError with the code, message and fields of the error body', async () => {
    mockFetch(json({ code: 'VALIDATION', message: 'Invalid input', fields: { email: 'Required' } }, 400));
    const error = await apiFetch('/users').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION',
      message: 'Invalid input',
      fields: { email: 'Required' },
    });
  });

  it('reads the message keys of the answer and of each field', async () => {
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
    const error = await apiFetch('/users').catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      key: { key: 'validation.passwordMinLength', params: { min: 8 } },
      fieldKeys: { 'user.password': { key: 'validation.passwordMinLength', params: { min: 8 } } },
    });
    expect((error as ApiError).fieldKeys).not.toHaveProperty('user.email');
  });

  it('keeps the body of an error answer for callers that read it', async () => {
    mockFetch(json({ status: 'degraded' }, 503));
    const error = await apiFetch('/health').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 503, code: 'UNAVAILABLE', body: { status: 'degraded' } });
  });

  it('derives the code from the status when the answer is not JSON', async () => {
    mockFetch(new Response('<html>Bad gateway</html>', { status: 404, statusText: 'Not Found' }));
    await expect(apiFetch('/missing')).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'Not Found' });
  });

  it('reports 401 as UNAUTHENTICATED', async () => {
    mockFetch(json({ code: 'UNAUTHENTICATED', message: 'Sign in first' }, 401));
    await expect(apiFetch('/me')).rejects.toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
  });

  it('reports a failed connection as NETWORK', async () => {
    mockFetch(new TypeError('fetch failed'));
    await expect(apiFetch('/health')).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
  });

  it('reports a success answer that is not JSON as BAD_RESPONSE', async () => {
    mockFetch(new Response('<!doctype html>', { status: 200 }));
    await expect(apiFetch('/health')).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
  });
});

describe('readServerMessage', () => {
  it('takes and refuses what the domain’s messageSchema takes and refuses', () => {
    const samples: unknown[] = [
      { key: 'validation.required' },
      { key: 'validation.between', params: { min: 1, max: 'ten' } },
      { key: 'x'.repeat(200) },
      { key: 'x'.repeat(201) },
      { key: 3 },
      { params: { min: 1 } },
      { key: 'validation.min', params: { min: true } },
      { key: 'validation.min', params: [1] },
      { key: 'validation.min', params: null },
      'validation.required',
      null,
    ];
    for (const sample of samples) {
      const parsed = messageSchema.safeParse(sample);
      expect(readServerMessage(sample), JSON.stringify(sample)).toEqual(parsed.success ? parsed.data : undefined);
    }
  });
});
