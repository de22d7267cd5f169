import { describe, expect, it } from 'vitest';
import { decodeText, textEncodingOf } from './decode-text.ts';

describe('text uploads', () => {
  const umlauts = 'Maß: Größe über 5 € – „Öse“';

  it('reads UTF-8 with and without a byte-order mark', () => {
    const utf8 = Buffer.from(umlauts, 'utf8');
    expect(decodeText(utf8)).toBe(umlauts);
    expect(decodeText(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8]))).toBe(umlauts);
  });

  it('reads Windows-1252, with its euro sign, dash and quotes, when the bytes are not UTF-8', () => {
    // Bytes as Excel writes them on a German Windows.
    const bytes = Buffer.from([0x4d, 0x61, 0xdf, 0x3a, 0x20, 0x80, 0x20, 0x96, 0x20, 0x84, 0xd6, 0x93, 0xe4]);
    expect(textEncodingOf(bytes)).toBe('windows-1252');
    expect(decodeText(bytes)).toBe('Maß: € – „Ö“ä');
  });

  it('reads UTF-16 with a byte-order mark (Excel\'s "Unicode text")', () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`a\tb\r\n${umlauts}`, 'utf16le')]);
    expect(decodeText(le)).toBe(`a\tb\r\n${umlauts}`);
    const be = Buffer.from(Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from('ä', 'utf16le').swap16()]));
    expect(decodeText(be)).toBe('ä');
  });

  it('finds no text in binary bytes', () => {
    expect(decodeText(Buffer.from([0x41, 0x00, 0x42]))).toBeUndefined();
    expect(decodeText(Buffer.from('\x1b[31mred'))).toBeUndefined();
    expect(decodeText(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBeUndefined();
  });
});
