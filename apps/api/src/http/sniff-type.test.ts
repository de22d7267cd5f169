import { DOCUMENT_TYPES } from '@rope/domain/documents/schemas';
import { fileTypeFromBuffer } from 'file-type';
import { describe, expect, it } from 'vitest';
import { png } from '../../test/support/images.ts';
import { PDF } from '../../test/support/multipart.ts';
import { sniffType } from './sniff-type.ts';

const CSV = ['text/csv'];
const header = 'Titel;Beschreibung;Fällig\r\nMagnetprüfung;Jährlich;15.12.2026\r\n';
// Excel's "Unicode text": UTF-16, little-endian, after its byte-order mark.
const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(header, 'utf16le')]);

describe('a file type by content', () => {
  it('takes text for the accepted text type even when its first bytes read as another signature', async () => {
    // The signatures alone take these texts for an MPEG audio frame and a bitmap.
    expect((await fileTypeFromBuffer(utf16))?.mime).toBe('audio/mpeg');
    expect(await sniffType(utf16, CSV)).toEqual({ mime: 'text/csv', ext: 'csv', text: header });
    expect(await sniffType(utf16, DOCUMENT_TYPES)).toEqual({ mime: 'text/plain', ext: 'txt', text: header });
    const bitmapLike = Buffer.from('BM;Titel;Beschreibung\nA;B;C\n');
    expect((await fileTypeFromBuffer(bitmapLike))?.mime).toBe('image/bmp');
    expect(await sniffType(bitmapLike, CSV)).toMatchObject({
      mime: 'text/csv',
      text: 'BM;Titel;Beschreibung\nA;B;C\n',
    });
  });

  it('reads Windows-1252 text, as a German Excel saves CSV', async () => {
    const bytes = Buffer.from([0x46, 0xe4, 0x6c, 0x6c, 0x69, 0x67, 0x3b, 0x53, 0x70, 0x6c, 0x65, 0x69, 0xdf]);
    expect(await sniffType(bytes, CSV)).toEqual({ mime: 'text/csv', ext: 'csv', text: 'Fällig;Spleiß' });
  });

  it('takes the signature of an accepted type first: an all-ASCII PDF is a PDF, not text', async () => {
    expect(await sniffType(PDF, DOCUMENT_TYPES)).toEqual({ mime: 'application/pdf', ext: 'pdf' });
    expect(await sniffType(png(4, 4), DOCUMENT_TYPES)).toEqual({ mime: 'image/png', ext: 'png' });
  });

  it('finds nothing for bytes of a type not accepted, or text where no text is accepted', async () => {
    expect(await sniffType(png(4, 4), CSV)).toBeUndefined();
    expect(await sniffType(Buffer.from('plain\u0000text'), DOCUMENT_TYPES)).toBeUndefined();
    expect(await sniffType(Buffer.from(header), ['image/png', 'image/jpeg'])).toBeUndefined();
  });
});
