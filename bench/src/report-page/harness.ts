// The report bench's page: the web client's report drawing and the domain's report model, bundled for an empty page
// in Chromium (report-pdf.ts builds and loads it). Two arms: the damage report as the app makes it, and a bare
// jsPDF + autotable document of the same rows.
import { jsPDF } from 'jspdf';
import { autoTable } from 'jspdf-autotable';
import { embedUnicodeFont, withoutGlyphNames } from '../../../apps/web/src/features/reports/pdf/report-font.ts';
import { type RenderInput, renderReport } from '../../../apps/web/src/features/reports/pdf/report-pdf.ts';
import { yieldToMain } from '../../../apps/web/src/features/reports/pdf/yield-to-main.ts';
import { buildReport, type ReportInput } from '../../../packages/domain/src/reports/build-report.ts';
import type { ReportLabels } from '../../../packages/domain/src/reports/labels.ts';
import { needsUnicodeFont } from '../../../packages/domain/src/reports/winansi.ts';
import { damageChartAnswer } from '../../../packages/domain/src/ropes/damage-chart-answer.ts';
import { computeRopeDamage } from '../../../packages/domain/src/ropes/rope-damage.ts';
import { reportEvents } from './report-data.ts';

const labels: ReportLabels = {
  eventType: (type) => type.replace(/([A-Z])/g, ' $1').replace(/^./, (first) => first.toUpperCase()),
  actionStatus: (status) => status[0]!.toUpperCase() + status.slice(1),
  option: (_attribute, value) => value,
  ropeAttribute: (attribute) => attribute,
};

const encode = (values: Int32Array | Float32Array | Float64Array) => {
  const bytes = new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
};

let font: ArrayBuffer | undefined;

function input(rows: number, foreign: boolean): ReportInput {
  const rope = {
    name: foreign ? 'Haul rope Łódź Żółć Ærø Ψ' : 'Haul rope 1',
    attributes: {
      ropeType: 'strandedRope',
      ropeApplication: 'haulRope',
      standard: 'EN12927',
      nominalDiameter: 40,
      fillFactor: 0.384,
      outerWireDiameter: 2.6,
      ropeLength: 2000,
      installationYear: 2015,
      bendingCyclesUntilNow: 412_000,
    },
  } as const;
  const events = reportEvents(rows, foreign);
  const damage = damageChartAnswer(computeRopeDamage(rope.attributes, events), encode);
  return {
    kind: 'allDamages',
    area: { name: 'Zermatt', mandator: { name: 'Alpina Bergbahnen AG' } },
    installation: {
      name: 'Sunnegga Express',
      attributes: { baseUnit: 'metric', operatingSpeed: 5, installationLength: 1562, timezone: 'Europe/Zurich' },
    },
    rope,
    events,
    filter: { archived: false },
    damage,
    generatedAt: new Date(),
  };
}

/** Long tasks (over 50 ms) seen while `work` ran: the longest, in ms. */
async function longestTask<T>(work: () => Promise<T>): Promise<{ value: T; longest: number }> {
  const durations: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) durations.push(entry.duration);
  });
  observer.observe({ type: 'longtask' });
  // Started from a timer, as a click starts it in the app: work run by the bench's evaluate call is not a task the
  // observer sees.
  const value = await new Promise<T>((resolve, reject) => setTimeout(() => work().then(resolve, reject), 0));
  await new Promise((resolve) => setTimeout(resolve, 100));
  observer.disconnect();
  return { value, longest: Math.max(0, ...durations) };
}

const bench = {
  setFont(base64: string) {
    const binary = atob(base64);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
    font = withoutGlyphNames(bytes.buffer);
  },
  /** The app's damage report: model, chart image, font when a name needs it, drawing in pieces. */
  async report(rows: number, foreign: boolean) {
    const data = input(rows, foreign);
    const start = performance.now();
    const { value: blob, longest } = await longestTask(async () => {
      // As makeReport does after its fetches: the model, then the drawing chunk's work.
      const model = buildReport(data, labels);
      await yieldToMain();
      const damage = data.damage as RenderInput['damage'];
      return renderReport({
        model,
        damage,
        units: 'metric',
        photos: [],
        font: needsUnicodeFont(model) ? font : undefined,
      });
    });
    const ms = performance.now() - start - 100;
    return { ms, bytes: blob.size, longest };
  },
  /** A bare autotable document of the same rows in one go, with the same font when the rows need it. */
  async bare(rows: number, foreign: boolean) {
    const model = buildReport(input(rows, foreign), labels);
    const table = model.sections[0]!.table!;
    const start = performance.now();
    const { value: blob, longest } = await longestTask(async () => {
      const doc = new jsPDF({ unit: 'mm', format: 'a4', compress: true });
      const fontName = needsUnicodeFont(model) && font ? embedUnicodeFont(doc, font).name : 'helvetica';
      autoTable(doc, {
        head: [table.columns],
        body: table.rows.map((row) => row.cells),
        styles: { font: fontName, fontSize: 7.5 },
      });
      return doc.output('blob');
    });
    const ms = performance.now() - start - 100;
    return { ms, bytes: blob.size, longest };
  },
};

(globalThis as unknown as { bench: typeof bench }).bench = bench;
