import { describe, expect, it } from 'vitest';
import { documentFileUrl, filterDocuments, newFirst, previewKind, toLocation, uploadPercent } from './document-logic';

describe('document logic', () => {
  it('previews PDF in a frame, images and video in place, anything else as a download', () => {
    expect(previewKind({ mimeType: 'application/pdf', preview: true })).toBe('pdf');
    expect(previewKind({ mimeType: 'image/png', preview: true })).toBe('image');
    expect(previewKind({ mimeType: 'video/mp4', preview: true })).toBe('video');
    expect(previewKind({ mimeType: 'image/tiff', preview: false })).toBe('download');
    expect(previewKind({ mimeType: 'text/plain', preview: false })).toBe('download');
  });

  it('filters names case-insensitively, ignoring blanks around the filter', () => {
    const documents = [{ name: 'Splice PROTOCOL.pdf' }, { name: 'Manual.pdf' }, { name: 'Flégère.jpg' }];
    expect(filterDocuments(documents, '  protocol ').map((d) => d.name)).toEqual(['Splice PROTOCOL.pdf']);
    expect(filterDocuments(documents, 'FLÉG').map((d) => d.name)).toEqual(['Flégère.jpg']);
    expect(filterDocuments(documents, '')).toHaveLength(3);
  });

  it('puts new documents first and keeps the order otherwise', () => {
    const list = [
      { id: 1, isNew: false },
      { id: 2, isNew: true },
      { id: 3, isNew: false },
      { id: 4, isNew: true },
    ];
    expect(newFirst(list).map((d) => d.id)).toEqual([2, 4, 1, 3]);
  });

  it('asks for the file in the reader language when it exists, else in its first', () => {
    const document = { url: '/api/documents/7', languages: ['ENU', 'DES'] as const };
    expect(documentFileUrl({ ...document, languages: [...document.languages] }, 'DES')).toBe(
      '/api/documents/7?language=DES',
    );
    expect(documentFileUrl({ ...document, languages: [...document.languages] }, 'FRS', true)).toBe(
      '/api/documents/7?language=ENU&download=1',
    );
  });

  it('writes languages in their canonical order', () => {
    expect(toLocation(['ESP', 'ENU'])).toBe('ENU,ESP');
    expect(toLocation([])).toBe('');
  });

  it('reports upload progress in whole percent, bounded', () => {
    expect(uploadPercent(0, 0)).toBe(0);
    expect(uploadPercent(512, 1024)).toBe(50);
    expect(uploadPercent(2048, 1024)).toBe(100);
  });
});
