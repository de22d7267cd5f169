import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchHealth } from './api';

const healthy = {
  status: 'ok',
  database: { kind: 'pglite', ok: true },
  queue: { kind: 'inline', ok: true, pending: 0 },
  version: '0.1.0',
};

function mockFetch(body: unknown, status: number) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('fetchHealth', () => {
  it('returns the state of a healthy server', async () => {
    mockFetch(healthy, 200);
    await expect(fetchHealth()).resolves.toEqual(healthy);
  });

  it('returns the state of a degraded server from its 503 answer', async () => {
    const degraded = { ...healthy, status: 'degraded', queue: { kind: 'bullmq', ok: false, pending: 3 } };
    mockFetch(degraded, 503);
    await expect(fetchHealth()).resolves.toEqual(degraded);
  });

  it('fails on a 503 without a health body', async () => {
    mockFetch({ code: 'INTERNAL', message: 'Down' }, 503);
    await expect(fetchHealth()).rejects.toMatchObject({ status: 503, code: 'INTERNAL' });
  });

  it('fails on an answer of another shape', async () => {
    mockFetch({ status: 'fine' }, 200);
    await expect(fetchHealth()).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
  });
});
