import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { jsPDF } from 'jspdf';
import { describe, expect, it } from 'vitest';
import { embedUnicodeFont, withoutGlyphNames } from './report-font';

const fontPath = createRequire(import.meta.url).resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');

function tables(font: ArrayBuffer): Map<string, Uint8Array> {
  const view = new DataView(font);
  const entries = Array.from({ length: view.getUint16(4) }, (_, index) => {
    const at = 12 + 16 * index;
    const tag = String.fromCharCode(...new Uint8Array(font, at, 4));
    return [tag, new Uint8Array(font, view.getUint32(at + 8), view.getUint32(at + 12))] as const;
  });
  return new Map(entries);
}

describe('the embedded Unicode font', () => {
  const original = readFileSync(fontPath);
  const font = original.buffer.slice(original.byteOffset, original.byteOffset + original.byteLength);

  it('drops the glyph names and keeps every other table as it was', () => {
    const stripped = withoutGlyphNames(font);
    const before = tables(font);
    const after = tables(stripped);
    expect([...after.keys()]).toEqual([...before.keys()]);
    for (const [tag, bytes] of before) if (tag !== 'post') expect(after.get(tag)).toEqual(bytes);
    expect(after.get('post')!.length).toBe(32);
    expect(new DataView(after.get('post')!.slice().buffer).getUint32(0)).toBe(0x00030000);
    expect(stripped.byteLength).toBeLessThan(font.byteLength - 60_000);
  });

  it('prints Polish, Czech and Greek text with the glyphs used', () => {
    const doc = new jsPDF({ compress: true });
    const { name } = embedUnicodeFont(doc, withoutGlyphNames(font));
    doc.setFont(name, 'normal');
    doc.text('Łódź Žluťoučký Ærø Ψ', 10, 10);
    const pdf = doc.output();
    expect(pdf).toContain('/BaseFont /DejaVuSans');
    expect(pdf).toContain('/ToUnicode');
    // Only the glyphs used travel: far below the 740 KB file.
    expect(pdf.length).toBeLessThan(60_000);
  });
});
