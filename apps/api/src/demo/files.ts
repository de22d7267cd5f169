import { PDFDocument, type PDFFont, rgb, StandardFonts } from 'pdf-lib';
import { PNG } from 'pngjs';

/** Standard PDF fonts only encode WinAnsi; anything else is reduced to plain ASCII. */
function encodable(font: PDFFont, text: string): string {
  try {
    font.encodeText(text);
    return text;
  } catch {
    return text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\x20-\x7e]/g, '-');
  }
}

/** A one-page A4 PDF with a title and some lines; fixed metadata keeps the bytes identical for a seed. */
export async function makePdf(title: string, lines: string[], date: Date): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setTitle(title);
  pdf.setProducer('Rope Cockpit demo data');
  pdf.setCreationDate(date);
  pdf.setModificationDate(date);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage([595.28, 841.89]);
  page.drawRectangle({ x: 0, y: 800, width: 595.28, height: 42, color: rgb(0.11, 0.29, 0.49) });
  page.drawText('ROPE COCKPIT', { x: 40, y: 815, size: 14, font: bold, color: rgb(1, 1, 1) });
  page.drawText(encodable(bold, title), { x: 40, y: 760, size: 16, font: bold, color: rgb(0.1, 0.1, 0.1) });
  let y = 730;
  for (const line of lines) {
    page.drawText(encodable(regular, line), { x: 40, y, size: 11, font: regular, color: rgb(0.2, 0.2, 0.2) });
    y -= 18;
  }
  page.drawText(`Demo document, ${date.toISOString().slice(0, 10)}`, {
    x: 40,
    y: 40,
    size: 8,
    font: regular,
    color: rgb(0.5, 0.5, 0.5),
  });
  return pdf.save();
}

/** A small gradient image (default 64 x 48) tinted by `hue` in degrees. */
export function makePng(hue: number, width = 64, height = 48): Uint8Array {
  const png = new PNG({ width, height });
  const base = hslToRgb(hue, 0.55, 0.5);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (width * y + x) << 2;
      const shade = 0.45 + (0.55 * (x + y)) / (width + height);
      png.data[i] = Math.round(base[0] * shade);
      png.data[i + 1] = Math.round(base[1] * shade);
      png.data[i + 2] = Math.round(base[2] * shade);
      png.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
  return [Math.round(255 * f(0)), Math.round(255 * f(8)), Math.round(255 * f(4))];
}
