import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { isInspectionFile, parseInspectionXml } from './import-xml';

afterEach(() => vi.unstubAllGlobals());

describe('inspection import', () => {
  it('accepts XML files by name or type', () => {
    expect(isInspectionFile({ name: 'inspection.XML', type: '' })).toBe(true);
    expect(isInspectionFile({ name: 'export', type: 'text/xml' })).toBe(true);
    expect(isInspectionFile({ name: 'inspection.csv', type: 'text/csv' })).toBe(false);
  });

  it('posts the file as an XML body and answers the parsed events', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ ropeEvent: { position: null }, damages: [] })));
    vi.stubGlobal('fetch', fetch);
    await expect(parseInspectionXml('<inspection/>')).resolves.toEqual({ ropeEvent: { position: null }, damages: [] });
    expect(fetch).toHaveBeenCalledWith(
      '/api/events/import/parse',
      expect.objectContaining({
        method: 'POST',
        body: '<inspection/>',
        credentials: 'same-origin',
        headers: expect.objectContaining({ 'Content-Type': 'application/xml' }),
      }),
    );
  });

  it('throws the server’s message for a bad file', async () => {
    const body = { code: 'VALIDATION', message: 'The file is not well-formed XML: x (line 2, column 3)' };
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify(body), { status: 400 }));
    const error = await parseInspectionXml('<inspection>').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(body.message);
    expect((error as ApiError).status).toBe(400);
  });
});
