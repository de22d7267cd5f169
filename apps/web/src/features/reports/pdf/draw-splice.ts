import type { SpliceDiagram } from '@rope/domain/reports/model';
import type { SpliceBand } from '@rope/domain/ropes/splices';
import type { jsPDF } from 'jspdf';
import { CONTENT_WIDTH, MUTED_COLOUR, PAGE, roomFor, TEXT_COLOUR } from './page';
import type { ReportFont } from './report-font';

const HEIGHT_MM = 20;
const BANDS: Record<SpliceBand, [number, number, number]> = {
  green: [47, 158, 68],
  yellow: [240, 140, 0],
  red: [224, 49, 49],
};

/**
 * The splice along the rope: a bar from its start to its end, each part a mark where it lies (knots taller) in its
 * band's colour, grey where the band is unknown, its name above.
 */
export function drawSplice(doc: jsPDF, font: ReportFont, diagram: SpliceDiagram, start: number): number {
  if (diagram.parts.length === 0 || !(diagram.to > diagram.from)) return start;
  const y = roomFor(doc, start, HEIGHT_MM) + 8;
  const x = (position: number) =>
    PAGE.margin +
    ((Math.min(diagram.to, Math.max(diagram.from, position)) - diagram.from) / (diagram.to - diagram.from)) *
      CONTENT_WIDTH;
  doc.setFillColor(...MUTED_COLOUR);
  doc.rect(PAGE.margin, y - 0.6, CONTENT_WIDTH, 1.2, 'F');
  doc.setFont(font.name, 'normal');
  doc.setFontSize(5.5);
  diagram.parts.forEach((part, index) => {
    const at = x(part.position);
    const half = part.knot ? 3 : 1.8;
    doc.setFillColor(...(part.tone ? BANDS[part.tone] : MUTED_COLOUR));
    doc.rect(at - 0.6, y - half, 1.2, 2 * half, 'F');
    doc.setTextColor(...TEXT_COLOUR);
    // Alternate heights keep the names of parts close together apart.
    doc.text(part.name, at, index % 2 ? y + half + 2.4 : y - half - 1, { align: 'center' });
  });
  return y + 8;
}
