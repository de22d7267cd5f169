import type { ReportField } from '@rope/domain/reports/model';
import type { jsPDF } from 'jspdf';
import { autoTable } from 'jspdf-autotable';
import { MUTED_COLOUR, PAGE, TEXT_COLOUR, tableEnd } from './page';
import type { ReportFont } from './report-font';

const LABEL_SHARE = 0.42;

/** Label and value pairs as a borderless two-column block at x, width wide. */
export function drawFields(
  doc: jsPDF,
  font: ReportFont,
  fields: readonly ReportField[],
  y: number,
  x: number = PAGE.margin,
  width: number = PAGE.width - 2 * PAGE.margin,
): number {
  if (fields.length === 0) return y;
  autoTable(doc, {
    startY: y,
    theme: 'plain',
    body: fields.map((field) => [field.label, field.value]),
    margin: { left: x, right: PAGE.width - x - width, top: PAGE.top, bottom: PAGE.bottom },
    tableWidth: width,
    styles: {
      font: font.name,
      fontSize: 8.5,
      cellPadding: { top: 0.6, bottom: 0.6, left: 0, right: 2 },
      textColor: TEXT_COLOUR,
    },
    columnStyles: { 0: { cellWidth: Math.min(width * LABEL_SHARE, 44), textColor: MUTED_COLOUR } },
  });
  return tableEnd(doc);
}
