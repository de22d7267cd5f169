import type { ReportTable } from '@rope/domain/reports/model';
import type { SpliceBand } from '@rope/domain/ropes/splices';
import type { jsPDF } from 'jspdf';
import { autoTable, type CellHookData } from 'jspdf-autotable';
import { CONTENT_WIDTH, HEAD_FILL, lineHeight, MUTED_COLOUR, PAGE, roomFor, TEXT_COLOUR, tableEnd } from './page';
import type { ReportFont } from './report-font';
import { yieldToMain } from './yield-to-main';

/** Rows drawn between two yields: a few milliseconds of work each, so the page keeps answering. */
export const ROWS_PER_PIECE = 40;
const PADDING = 1.2;

const TONES: Record<SpliceBand, [number, number, number]> = {
  green: [211, 249, 216],
  yellow: [255, 243, 191],
  red: [255, 201, 201],
};

export interface TableLayout {
  font: ReportFont;
  fontSize: number;
  /** mm per column; the last one takes what is left of the content width when 0. */
  widths: number[];
}

function columnWidths(layout: TableLayout): number[] {
  const fixed = layout.widths.reduce((sum, width) => sum + width, 0);
  return layout.widths.map((width) => (width === 0 ? CONTENT_WIDTH - fixed : width));
}

/** The header row, drawn by hand so it repeats on every page however the rows were split into pieces. */
function drawHead(doc: jsPDF, columns: string[], widths: number[], layout: TableLayout, y: number): number {
  doc.setFont(layout.font.name, layout.font.bold);
  doc.setFontSize(layout.fontSize);
  const lines = columns.map((column, index) => doc.splitTextToSize(column, widths[index]! - 2 * PADDING) as string[]);
  const height = Math.max(...lines.map((entry) => entry.length)) * lineHeight(layout.fontSize) + 2 * PADDING;
  doc.setFillColor(...HEAD_FILL);
  doc.rect(PAGE.margin, y, CONTENT_WIDTH, height, 'F');
  doc.setTextColor(255, 255, 255);
  let x = PAGE.margin;
  lines.forEach((entry, index) => {
    doc.text(entry, x + PADDING, y + PADDING + lineHeight(layout.fontSize) * 0.78);
    x += widths[index]!;
  });
  doc.setTextColor(...TEXT_COLOUR);
  return height;
}

/**
 * A report table in pieces of ROWS_PER_PIECE rows, yielding to the page between them; fixed column widths keep the
 * pieces aligned as one table. Rows of a splice part are filled in their band's colour; the sums close the table.
 */
export async function drawTable(
  doc: jsPDF,
  table: ReportTable,
  layout: TableLayout,
  startY: number,
  onRows: (drawn: number) => void,
): Promise<number> {
  if (table.rows.length === 0) {
    doc.setFont(layout.font.name, 'normal');
    doc.setFontSize(9);
    doc.setTextColor(...MUTED_COLOUR);
    const y = roomFor(doc, startY, 8);
    doc.text(table.empty, PAGE.margin, y + 4);
    doc.setTextColor(...TEXT_COLOUR);
    return y + 8;
  }
  const widths = columnWidths(layout);
  const columnStyles = Object.fromEntries(widths.map((width, index) => [index, { cellWidth: width }]));
  let y = roomFor(doc, startY, 20);
  const headHeight = drawHead(doc, table.columns, widths, layout, y);
  y += headHeight;
  for (let first = 0; first < table.rows.length; first += ROWS_PER_PIECE) {
    const piece = table.rows.slice(first, first + ROWS_PER_PIECE);
    const last = first + ROWS_PER_PIECE >= table.rows.length;
    autoTable(doc, {
      startY: y,
      theme: 'striped',
      showHead: 'never',
      body: piece.map((row) => row.cells),
      foot: last && table.totals ? [table.totals] : undefined,
      showFoot: 'lastPage',
      rowPageBreak: 'avoid',
      margin: { left: PAGE.margin, right: PAGE.margin, top: PAGE.top + headHeight, bottom: PAGE.bottom },
      tableWidth: CONTENT_WIDTH,
      columnStyles,
      styles: {
        font: layout.font.name,
        fontSize: layout.fontSize,
        cellPadding: PADDING,
        textColor: TEXT_COLOUR,
        overflow: 'linebreak',
      },
      footStyles: { fillColor: [233, 236, 239], textColor: TEXT_COLOUR, fontStyle: layout.font.bold },
      didParseCell: (data: CellHookData) => {
        if (data.section !== 'body') return;
        const row = piece[data.row.index];
        if (row?.tone) data.cell.styles.fillColor = TONES[row.tone];
        if (row?.removed) data.cell.styles.textColor = MUTED_COLOUR;
      },
      // A removed damage's figures are struck through; its last cell, which says what removed it, stays readable.
      didDrawCell: (data: CellHookData) => {
        if (data.section !== 'body' || !piece[data.row.index]?.removed) return;
        if (data.column.index === table.columns.length - 1) strikeThrough(doc, data, layout.fontSize);
      },
      // A piece that runs onto a new page repeats the header there.
      willDrawPage: (data) => {
        if (data.pageNumber > 1) drawHead(doc, table.columns, widths, layout, PAGE.top);
      },
    });
    y = tableEnd(doc);
    onRows(Math.min(table.rows.length, first + ROWS_PER_PIECE));
    await yieldToMain();
  }
  return table.totalsNote ? drawNote(doc, layout, table.totalsNote, y + 1.5) : y + 3;
}

/** A line through each line of text of every cell of the row but the last, in the muted colour. */
function strikeThrough(doc: jsPDF, data: CellHookData, fontSize: number): void {
  doc.setDrawColor(...MUTED_COLOUR);
  doc.setLineWidth(0.2);
  for (const cell of Object.values(data.row.cells)) {
    if (cell === data.cell) continue;
    const lines = cell.text.filter((line) => line.trim() !== '');
    lines.forEach((line, index) => {
      const y = cell.y + PADDING + lineHeight(fontSize) * (index + 0.45);
      doc.line(cell.x + PADDING, y, cell.x + PADDING + doc.getTextWidth(line), y);
    });
  }
}

/** What the totals include, under the table. */
function drawNote(doc: jsPDF, layout: TableLayout, note: string, start: number): number {
  doc.setFont(layout.font.name, 'normal');
  doc.setFontSize(8);
  doc.setTextColor(...MUTED_COLOUR);
  const lines = doc.splitTextToSize(note, CONTENT_WIDTH) as string[];
  const y = roomFor(doc, start, lines.length * lineHeight(8) + 1);
  doc.text(lines, PAGE.margin, y + lineHeight(8) * 0.8);
  doc.setTextColor(...TEXT_COLOUR);
  return y + lines.length * lineHeight(8) + 3;
}
