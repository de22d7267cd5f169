import type { ReportModel } from '@rope/domain/reports/model';
import type { UnitSystem } from '@rope/domain/reports/units';
import type { DamageChartAnswer } from '@rope/domain/ropes/damage-chart-answer';
import { damageChartData } from '../../events';
import { damageChartImage } from './damage-chart-image';
import { drawReport, type ReportPhoto, type ReportProgress } from './draw-report';
import { yieldToMain } from './yield-to-main';

// The report's drawing side, one lazy chunk with jsPDF and its table plugin: loaded when a report is made.
export type { ReportPhoto } from './draw-report';
export { reportPhoto } from './photos';
export { loadUnicodeFont } from './report-font';

export interface RenderInput {
  model: ReportModel;
  /** The damage answer the model's condition came from: drawn as the chart when the model carries one. */
  damage?: DamageChartAnswer;
  units: UnitSystem;
  font?: ArrayBuffer;
  photos: ReportPhoto[];
}

/** The report's PDF: chart image, then the pages; each step its own task, so the page keeps answering. */
export async function renderReport(input: RenderInput, onProgress?: ReportProgress): Promise<Blob> {
  const data = input.model.withChart && input.damage ? damageChartData(input.damage) : null;
  await yieldToMain();
  const chart = data ? damageChartImage(data, input.units) : undefined;
  await yieldToMain();
  return drawReport(input.model, { chart, photos: input.photos, font: input.font }, onProgress);
}
