import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { jsPDF } from 'jspdf';
import { autoTable } from 'jspdf-autotable';
import { describe, expect, it } from 'vitest';
import { embedUnicodeFont, type ReportFont, STANDARD_FONT, withoutGlyphNames } from './report-font';
import { keepFontList, skipArabicParserForOtherScripts } from './text-speedups';

const fontFile = readFileSync(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'));
const unicodeFont = withoutGlyphNames(
  fontFile.buffer.slice(fontFile.byteOffset, fontFile.byteOffset + fontFile.byteLength),
);

const TEXTS = [
  'Drahtbruch bei 1.234,5 m – Spleißzustände geprüft',
  'Usure des fils extérieurs, corrosion légère à l’entrée',
  'Rotura de alambre, señal de desgaste en la polea',
  'Pęknięcie drutu, źle założona łącznica – Łódź',
  'Трещина проволоки',
  '索道の点検 ✓ 😀',
  'سلك مكسور عند البكرة',
  'mixed: Seil 3 – سلك لا',
];

/**
 * A small report page as the report draws one (a heading, a text and a table with a bold header), in the standard
 * fonts or with DejaVu Sans embedded.
 */
function draw(speedUps: boolean, unicode: boolean): string {
  const doc = new jsPDF({ unit: 'mm', format: 'a4', compress: true, putOnlyUsedFonts: true });
  if (speedUps) keepFontList(doc);
  const font: ReportFont = unicode ? embedUnicodeFont(doc, unicodeFont) : STANDARD_FONT;
  doc.setCreationDate(new Date(Date.UTC(2026, 11, 4, 10, 0, 0)));
  doc.setFileId('0123456789ABCDEF0123456789ABCDEF');
  doc.setFont(font.name, font.bold);
  doc.text('Report of all damages', 14, 20);
  doc.setFont(font.name, 'normal');
  doc.text(TEXTS.slice(0, 4), 14, 30, { maxWidth: 120 });
  autoTable(doc, {
    startY: 60,
    head: [['Position', 'Description']],
    body: TEXTS.map((text, index) => [String(index * 10.5), text]),
    styles: { font: font.name },
    headStyles: { fontStyle: font.bold },
  });
  return doc.output();
}

describe('faster text in reports', () => {
  it('writes the same document with the Arabic parser skipped for other scripts and the font list kept', () => {
    const before = [draw(false, false), draw(false, true)];
    skipArabicParserForOtherScripts();
    skipArabicParserForOtherScripts();
    expect(draw(true, false)).toBe(before[0]);
    expect(draw(true, true)).toBe(before[1]);
  });

  it('still reshapes Arabic letters, and leaves every other text as it was', () => {
    skipArabicParserForOtherScripts();
    const parse = (jsPDF.API as unknown as { processArabic: (text: string) => string }).processArabic;
    const original = (jsPDF.API as unknown as { __arabicParser__: { processArabic: (text: string) => string } })
      .__arabicParser__.processArabic;
    for (const text of TEXTS) expect(parse(text), text).toBe(original(text));
    expect(parse('سلك')).not.toBe('سلك');
    const payload = { text: ['Seil', ['سلك', 1, 2]] };
    expect(parse(payload as never)).toEqual(original({ text: ['Seil', ['سلك', 1, 2]] } as never));
  });

  it('answers the font list of the moment: a font added afterwards is in it', () => {
    const doc = new jsPDF();
    keepFontList(doc);
    const first = doc.getFontList();
    expect(doc.getFontList()).toBe(first);
    expect(Object.keys(first)).toContain('helvetica');
    const { name } = embedUnicodeFont(doc, unicodeFont);
    expect(doc.getFontList()[name]).toEqual(['normal']);
  });
});
