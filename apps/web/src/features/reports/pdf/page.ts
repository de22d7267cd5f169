import type { jsPDF } from 'jspdf';
import type { ReportFont } from './report-font';

/** A4 portrait in millimetres: margins, the body's top and bottom, and the footer's line. */
export const PAGE = { width: 210, height: 297, margin: 14, top: 16, bottom: 20, footer: 289 } as const;
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
export const TEXT_COLOUR: [number, number, number] = [33, 37, 41];
export const MUTED_COLOUR: [number, number, number] = [108, 117, 125];
export const HEAD_FILL: [number, number, number] = [41, 98, 155];

/** The y to go on at: a new page when what comes needs more room than is left. */
export function roomFor(doc: jsPDF, y: number, needed: number): number {
  if (y + needed <= PAGE.height - PAGE.bottom) return y;
  doc.addPage();
  return PAGE.top;
}

/** Where the last table drawn ended. */
export function tableEnd(doc: jsPDF): number {
  return (doc as unknown as { lastAutoTable: { finalY: number } }).lastAutoTable.finalY;
}

/** A line height in mm for a font size in points. */
export const lineHeight = (fontSize: number) => fontSize * 0.3528 * 1.2;

export function heading(
  doc: jsPDF,
  font: ReportFont,
  text: string,
  y: number,
  size = 11,
  x: number = PAGE.margin,
): number {
  const next = roomFor(doc, y, 14);
  doc.setFont(font.name, font.bold);
  doc.setFontSize(size);
  doc.setTextColor(...TEXT_COLOUR);
  doc.text(text, x, next + lineHeight(size) * 0.8);
  return next + lineHeight(size) + 1.5;
}
