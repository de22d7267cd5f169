import fontUrl from 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf?url';
import type { jsPDF } from 'jspdf';

export const UNICODE_FONT = 'DejaVuSans';
const FILE = 'DejaVuSans.ttf';

/** jsPDF reads fonts from its virtual file system as binary strings. */
function binaryString(bytes: ArrayBuffer): string {
  const view = new Uint8Array(bytes);
  const parts: string[] = [];
  const step = 0x8000;
  for (let i = 0; i < view.length; i += step) parts.push(String.fromCharCode(...view.subarray(i, i + step)));
  return parts.join('');
}

/** The font a report prints in and the style its headings take. */
export interface ReportFont {
  name: string;
  bold: 'bold' | 'normal';
}

export const STANDARD_FONT: ReportFont = { name: 'helvetica', bold: 'bold' };

/**
 * Embeds DejaVu Sans (Latin, Greek, Cyrillic) for a report whose texts the standard fonts cannot print. jsPDF writes
 * only the glyphs used. Headings print regular: DejaVu Sans Bold would double the download and the embedding work.
 */
export function embedUnicodeFont(doc: jsPDF, font: ArrayBuffer): ReportFont {
  doc.addFileToVFS(FILE, binaryString(font));
  doc.addFont(FILE, UNICODE_FONT, 'normal');
  return { name: UNICODE_FONT, bold: 'normal' };
}

const POST_HEADER_BYTES = 32;

/**
 * The font without its glyph names: DejaVu Sans carries 62 KB of them in its `post` table, which jsPDF parses glyph by
 * glyph and copies whole into every subset, while no PDF reader uses them (the text maps through ToUnicode). The
 * table becomes version 3.0, its 32-byte header alone; every other table is copied as it is.
 */
export function withoutGlyphNames(font: ArrayBuffer): ArrayBuffer {
  const source = new DataView(font);
  const count = source.getUint16(4);
  const tables = Array.from({ length: count }, (_, index) => {
    const at = 12 + 16 * index;
    const tag = String.fromCharCode(...new Uint8Array(font, at, 4));
    return { at, tag, offset: source.getUint32(at + 8), length: source.getUint32(at + 12) };
  });
  const post = tables.find((table) => table.tag === 'post');
  if (!post || post.length <= POST_HEADER_BYTES) return font;
  post.length = POST_HEADER_BYTES;
  const padded = (length: number) => Math.ceil(length / 4) * 4;
  const start = 12 + 16 * count;
  const size = start + tables.reduce((sum, table) => sum + padded(table.length), 0);
  const bytes = new Uint8Array(size);
  bytes.set(new Uint8Array(font, 0, start));
  const target = new DataView(bytes.buffer);
  let offset = start;
  for (const table of [...tables].sort((a, b) => a.offset - b.offset)) {
    bytes.set(new Uint8Array(font, table.offset, table.length), offset);
    target.setUint32(table.at + 8, offset);
    target.setUint32(table.at + 12, table.length);
    if (table === post) target.setUint32(offset, 0x00030000);
    offset += padded(table.length);
  }
  return bytes.buffer;
}

/** The font file, fetched only when a report needs it (its own asset, never part of a script). */
export async function loadUnicodeFont(): Promise<ArrayBuffer> {
  const response = await fetch(fontUrl);
  if (!response.ok) throw new Error(`Font ${response.status}`);
  return withoutGlyphNames(await response.arrayBuffer());
}
