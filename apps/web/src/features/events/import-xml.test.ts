import type { TFunction } from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { inspectionRefusalText, isInspectionFile, parseInspectionXml } from './import-xml';

afterEach(() => vi.unstubAllGlobals());

describe('inspection import', () => {
  it('accepts XML files by name or type', () => {
    expect(isInspectionFile({ name: 'inspection.XML', type: '' })).toBe(true);
    expect(isInspectionFile({ name: 'export', type: 'text/xml' })).toBe(true);
    expect(isInspectionFile({ name: 'inspection.csv', type: 'text/csv' })).toBe(false);
  });

  it('posts the file as an XML body and answers the parsed events', async () => {
    const fetch = vi.fn(
      async (_request: Request) => new Response(JSON.stringify({ ropeEvent: { position: null }, damages: [] })),
    );
    vi.stubGlobal('fetch', fetch);
    await expect(parseInspectionXml('<inspection/>')).resolves.toEqual({ ropeEvent: { position: null }, damages: [] });
    const [request] = fetch.mock.calls[0] ?? [];
    expect(new URL(request?.url ?? '').pathname).toBe('/api/events/import/parse');
    expect(request?.method).toBe('POST');
    expect(request?.credentials).toBe('same-origin');
    expect(request?.headers.get('Content-Type')).toBe('application/xml');
    await expect(request?.text()).resolves.toBe('<inspection/>');
  });

  it('throws the server’s message for a bad file', async () => {
    const body = { code: 'VALIDATION', message: 'The file is not well-formed XML: x (line 2, column 3)' };
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify(body), { status: 400 }));
    const error = await parseInspectionXml('<inspection>').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(body.message);
    expect((error as ApiError).status).toBe(400);
  });

  it('says why a file was refused by its keys, the field’s problem translated into the message naming it', () => {
    // Echoes the key and values, so the test sees which translation was asked for.
    const t = ((key: string, values: Record<string, unknown> = {}) => {
      const { defaultValue: _english, ...params } = values;
      return Object.keys(params).length ? `${key}${JSON.stringify(params)}` : key;
    }) as unknown as TFunction;
    const atField = new ApiError(
      400,
      'VALIDATION',
      'The inspection file is invalid at damages.0.position: Invalid input',
      { 'damages.0.position': 'Invalid input' },
      {},
      {
        key: {
          key: 'app.errors.inspectionInvalidAt',
          params: { field: 'damages.0.position', problem: 'Invalid input' },
        },
        fieldKeys: { 'damages.0.position': { key: 'validation.invalidNumber' } },
      },
    );
    expect(inspectionRefusalText(t, atField, 'later')).toBe(
      'app.errors.inspectionInvalidAt{"field":"damages.0.position","problem":"validation.invalidNumber"}',
    );
    const doctype = new ApiError(
      400,
      'VALIDATION',
      'x',
      undefined,
      {},
      { key: { key: 'app.errors.inspectionDoctype' } },
    );
    expect(inspectionRefusalText(t, doctype, 'later')).toBe('app.errors.inspectionDoctype');
    expect(inspectionRefusalText(t, new ApiError(503, 'INTERNAL', 'x'), 'later')).toBe('later');
  });
});
