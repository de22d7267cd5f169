import type { ReportKind } from '@rope/domain/reports/kinds';
import type { ReportModel, ReportSection } from '@rope/domain/reports/model';
import { REPORT_TEXTS } from '@rope/domain/reports/texts';
import { jsPDF } from 'jspdf';
import type { ReportImage } from './damage-chart-image';
import { drawFields } from './draw-fields';
import { drawSplice } from './draw-splice';
import { drawTable, type TableLayout } from './draw-table';
import { speedUpFlate } from './fast-flate';
import { CONTENT_WIDTH, heading, lineHeight, MUTED_COLOUR, PAGE, roomFor, TEXT_COLOUR } from './page';
import { embedUnicodeFont, type ReportFont, STANDARD_FONT } from './report-font';
import { keepFontList, skipArabicParserForOtherScripts } from './text-speedups';
import { yieldToMain } from './yield-to-main';

export interface ReportPhoto extends ReportImage {
  name: string;
}

export interface ReportAssets {
  /** The damage chart per reference length (damage reports). */
  chart?: ReportImage;
  /** The attached photos of a single report's event. */
  photos: ReportPhoto[];
  /** DejaVu Sans, when some text is beyond the standard fonts. */
  font?: ArrayBuffer;
}

/** Column widths per body table, mm; 0 takes the rest. */
const LAYOUTS: Record<'damages' | 'repairs' | 'splices', Omit<TableLayout, 'font'>> = {
  damages: { fontSize: 7.5, widths: [11, 20, 19, 18, 12, 11, 13, 14, 0] },
  repairs: { fontSize: 8, widths: [12, 23, 28, 20, 0, 30, 16] },
  splices: { fontSize: 6.5, widths: [9, 10, 15, 12, 11, 11, 14, 11, 22, 12, 11, 0] },
};
const LAYOUT_OF: Record<ReportKind, keyof typeof LAYOUTS> = {
  allDamages: 'damages',
  damage: 'damages',
  allRepairs: 'repairs',
  repair: 'repairs',
  splice: 'splices',
};
const CHART_HEIGHT_MM = 62;
const PHOTO_WIDTH_MM = 88;
const PHOTO_MAX_HEIGHT_MM = 90;
const WARNING_COLOUR: [number, number, number] = [201, 42, 42];

/** Progress: 0..1, the body's rows carrying most of the work. */
export type ReportProgress = (fraction: number) => void;

/**
 * The report as a PDF: header with installation and rope, filter, rope condition and damage chart (damage reports),
 * the body, the German duty-of-care paragraph, place, date and signature lines, and on every page "Page n of m"
 * with the generation time. Long tables are drawn in pieces that yield to the page.
 */
export async function drawReport(model: ReportModel, assets: ReportAssets, onProgress?: ReportProgress): Promise<Blob> {
  speedUpFlate();
  skipArabicParserForOtherScripts();
  const doc = new jsPDF({ unit: 'mm', format: 'a4', compress: true, putOnlyUsedFonts: true });
  keepFontList(doc);
  doc.setProperties({ title: model.title, creator: 'Rope Cockpit' });
  const font = assets.font ? embedUnicodeFont(doc, assets.font) : STANDARD_FONT;
  if (assets.font) await yieldToMain();
  const totalRows = Math.max(
    1,
    model.sections.reduce((sum, section) => sum + (section.table?.rows.length ?? 0), 0),
  );
  let rowsDone = 0;
  const report = (fraction: number) => onProgress?.(Math.min(1, fraction));

  const top = title(doc, font, model);
  // Installation and rope side by side: short enough to share the first page.
  const half = CONTENT_WIDTH / 2 - 3;
  const rightX = PAGE.margin + CONTENT_WIDTH / 2 + 3;
  heading(doc, font, REPORT_TEXTS.installation, top);
  const fieldsTop = heading(doc, font, REPORT_TEXTS.rope, top, 11, rightX);
  const leftEnd = drawFields(doc, font, model.installation, fieldsTop, PAGE.margin, half);
  const rightEnd = drawFields(doc, font, model.rope, fieldsTop, rightX, half);
  let y = Math.max(leftEnd, rightEnd) + 4;
  await yieldToMain();
  y = heading(doc, font, REPORT_TEXTS.filter, y);
  y = drawFields(doc, font, model.filter, y) + 4;
  if (model.condition.length > 0) {
    y = heading(doc, font, REPORT_TEXTS.condition, y);
    y = drawFields(doc, font, model.condition, y) + 4;
  }
  if (model.withChart && assets.chart) {
    y = heading(doc, font, REPORT_TEXTS.chart, y);
    y = roomFor(doc, y, CHART_HEIGHT_MM);
    const width = Math.min(CONTENT_WIDTH, (CHART_HEIGHT_MM * assets.chart.width) / assets.chart.height);
    doc.addImage(assets.chart.dataUrl, 'JPEG', PAGE.margin, y, width, CHART_HEIGHT_MM, undefined, 'FAST');
    y += CHART_HEIGHT_MM + 4;
  }
  report(0.05);
  await yieldToMain();

  const layout = { ...LAYOUTS[LAYOUT_OF[model.kind]], font };
  for (const section of model.sections) {
    y = heading(doc, font, section.heading, y);
    y = drawFields(doc, font, section.fields, y) + (section.fields.length ? 2 : 0);
    if (section.diagram) y = drawSplice(doc, font, section.diagram, y);
    if (section.table) {
      const before = rowsDone;
      y = await drawTable(doc, section.table, layout, y, (drawn) => {
        rowsDone = before + drawn;
        report(0.05 + (0.85 * rowsDone) / totalRows);
      });
    }
    y = warnings(doc, font, section, y);
    if (section.photosOf !== undefined && assets.photos.length > 0) y = await photos(doc, font, assets.photos, y);
  }
  y = dutyOfCare(doc, font, model, y + 2);
  signatureLines(doc, font, model, y + 4);
  await yieldToMain();
  footers(doc, font, model);
  report(0.95);
  await yieldToMain();
  const blob = doc.output('blob');
  report(1);
  return blob;
}

function title(doc: jsPDF, font: ReportFont, model: ReportModel): number {
  doc.setFont(font.name, font.bold);
  doc.setFontSize(16);
  doc.setTextColor(...TEXT_COLOUR);
  doc.text(model.title, PAGE.margin, PAGE.top + 4);
  doc.setFont(font.name, 'normal');
  doc.setFontSize(8.5);
  doc.setTextColor(...MUTED_COLOUR);
  doc.text(REPORT_TEXTS.generated(model.generatedAt), PAGE.width - PAGE.margin, PAGE.top + 4, { align: 'right' });
  doc.setDrawColor(...MUTED_COLOUR);
  doc.line(PAGE.margin, PAGE.top + 7, PAGE.width - PAGE.margin, PAGE.top + 7);
  return PAGE.top + 11;
}

function warnings(doc: jsPDF, font: ReportFont, section: ReportSection, start: number): number {
  let y = start;
  doc.setFont(font.name, font.bold);
  doc.setFontSize(9);
  for (const warning of section.warnings) {
    y = roomFor(doc, y, 6);
    doc.setTextColor(...WARNING_COLOUR);
    doc.text(warning, PAGE.margin, y + 3.5);
    y += 5;
  }
  doc.setTextColor(...TEXT_COLOUR);
  return section.warnings.length ? y + 2 : y;
}

async function photos(doc: jsPDF, font: ReportFont, list: readonly ReportPhoto[], start: number): Promise<number> {
  let y = heading(doc, font, REPORT_TEXTS.photos, start);
  doc.setFont(font.name, 'normal');
  doc.setFontSize(8);
  for (let index = 0; index < list.length; index += 2) {
    const row = list.slice(index, index + 2);
    const heights = row.map((photo) =>
      Math.min(PHOTO_MAX_HEIGHT_MM, (PHOTO_WIDTH_MM * photo.height) / Math.max(1, photo.width)),
    );
    const height = Math.max(...heights);
    y = roomFor(doc, y, height + 7);
    row.forEach((photo, column) => {
      const x = PAGE.margin + column * (PHOTO_WIDTH_MM + 6);
      const h = heights[column]!;
      const w = Math.min(PHOTO_WIDTH_MM, (h * photo.width) / Math.max(1, photo.height));
      doc.addImage(photo.dataUrl, 'JPEG', x, y, w, h, undefined, 'FAST');
      doc.setTextColor(...MUTED_COLOUR);
      doc.text(doc.splitTextToSize(photo.name, PHOTO_WIDTH_MM)[0] as string, x, y + h + 3.5);
    });
    y += height + 7;
    await yieldToMain();
  }
  doc.setTextColor(...TEXT_COLOUR);
  return y;
}

function dutyOfCare(doc: jsPDF, font: ReportFont, model: ReportModel, start: number): number {
  doc.setFont(font.name, 'normal');
  doc.setFontSize(9.5);
  const lines = doc.splitTextToSize(model.dutyOfCare.text, CONTENT_WIDTH) as string[];
  let y = roomFor(doc, start, lines.length * lineHeight(9.5) + 14);
  y = heading(doc, font, model.dutyOfCare.heading, y);
  doc.setFont(font.name, 'normal');
  doc.setFontSize(9.5);
  doc.setTextColor(...TEXT_COLOUR);
  doc.text(lines, PAGE.margin, y + 3);
  return y + lines.length * lineHeight(9.5) + 4;
}

function signatureLines(doc: jsPDF, font: ReportFont, model: ReportModel, start: number): void {
  const y = roomFor(doc, start, 24) + 14;
  const width = (CONTENT_WIDTH - 2 * 8) / model.signature.length;
  doc.setDrawColor(...TEXT_COLOUR);
  doc.setFont(font.name, 'normal');
  doc.setFontSize(9);
  model.signature.forEach((label, index) => {
    const x = PAGE.margin + index * (width + 8);
    doc.line(x, y, x + width, y);
    doc.text(label, x, y + 4.5);
  });
}

function footers(doc: jsPDF, font: ReportFont, model: ReportModel): void {
  const pages = doc.getNumberOfPages();
  for (let page = 1; page <= pages; page += 1) {
    doc.setPage(page);
    doc.setFont(font.name, 'normal');
    doc.setFontSize(8);
    doc.setTextColor(...MUTED_COLOUR);
    doc.text(REPORT_TEXTS.footer(model.title, model.generatedAt), PAGE.margin, PAGE.footer);
    doc.text(REPORT_TEXTS.page(page, pages), PAGE.width - PAGE.margin, PAGE.footer, { align: 'right' });
  }
}
