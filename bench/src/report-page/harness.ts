// The report bench's page: the web client's report drawing and the domain's report model, bundled for an empty page
// on the cockpit's origin in Chromium (report-pdf.ts builds and loads it). Two arms: the damage report as the app
// makes it, from its calls to the server on, and a bare jsPDF + autotable document of the same rows.
import { jsPDF } from 'jspdf';
import { autoTable } from 'jspdf-autotable';
import { embedUnicodeFont, withoutGlyphNames } from '../../../apps/web/src/features/reports/pdf/report-font.ts';
import { type RenderInput, renderReport } from '../../../apps/web/src/features/reports/pdf/report-pdf.ts';
import { yieldToMain } from '../../../apps/web/src/features/reports/pdf/yield-to-main.ts';
import { buildReport, type ReportInput } from '../../../packages/domain/src/reports/build-report.ts';
import type { ReportLabels } from '../../../packages/domain/src/reports/labels.ts';
import { needsUnicodeFont } from '../../../packages/domain/src/reports/winansi.ts';

const labels: ReportLabels = {
  eventType: (type) => type.replace(/([A-Z])/g, ' $1').replace(/^./, (first) => first.toUpperCase()),
  actionStatus: (status) => status[0]!.toUpperCase() + status.slice(1),
  option: (_attribute, value) => value,
  ropeAttribute: (attribute) => attribute,
};

let font: ArrayBuffer | undefined;

type Views = Pick<ReportInput, 'area' | 'installation' | 'rope'>;
type ServerData = Pick<ReportInput, 'events' | 'damage' | 'currentCycles'>;

/** The rope, its installation and area as the rope page holds them when the report is asked for. */
const views = new Map<number, Views>();
/** What the server answered the first time, for the bare document of the same rows. */
const answered = new Map<number, ServerData>();

async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(path, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return (await response.json()) as T;
}

/**
 * The calls makeReport makes for a report of all damages of an unfiltered table (apps/web/src/features/reports/
 * make-report.ts): every page of the events, the damage answer and the current count, at once.
 */
async function reportCalls(ropeId: number): Promise<ServerData> {
  // ropeEventsQueryString of the web client for an unfiltered table's every page.
  const query = '?page=1&pageSize=0';
  const [events, damage, cycles] = await Promise.all([
    getJson<{ ropeEvents: ReportInput['events'] }>(`/api/ropes/${ropeId}/events${query}`),
    getJson<NonNullable<ReportInput['damage']>>(`/api/ropes/${ropeId}/events/damage`),
    getJson<Omit<NonNullable<ReportInput['currentCycles']>, 'at'>>(`/api/ropes/${ropeId}/bendingCycles`),
  ]);
  return { events: events.ropeEvents, damage, currentCycles: { ...cycles, at: new Date() } };
}

function input(ropeId: number, data: ServerData): ReportInput {
  return {
    kind: 'allDamages',
    ...views.get(ropeId)!,
    ...data,
    filter: { archived: false, search: '', damageFilter: null },
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
  /** Reads the rope's views, as the rope page has them, and the report's data once for the bare document. */
  async prepare(ropeId: number) {
    const { rope } = await getJson<{ rope: ReportInput['rope'] & { installation: { id: number } } }>(
      `/api/ropes/${ropeId}`,
    );
    const { installation } = await getJson<{ installation: ReportInput['installation'] & { area: { id: number } } }>(
      `/api/installations/${rope.installation.id}`,
    );
    const { area } = await getJson<{ area: ReportInput['area'] }>(`/api/areas/${installation.area.id}`);
    views.set(ropeId, { rope, installation, area });
    const data = await reportCalls(ropeId);
    answered.set(ropeId, data);
    return { events: data.events.length };
  },
  /** The app's damage report: its calls to the server, the model, the chart image, the font when a name needs it, the drawing in pieces. */
  async report(ropeId: number) {
    const start = performance.now();
    const { value: blob, longest } = await longestTask(async () => {
      const data = await reportCalls(ropeId);
      const model = buildReport(input(ropeId, data), labels);
      await yieldToMain();
      return renderReport({
        model,
        damage: data.damage as RenderInput['damage'],
        units: 'metric',
        photos: [],
        font: needsUnicodeFont(model) ? font : undefined,
      });
    });
    const ms = performance.now() - start - 100;
    return { ms, bytes: blob.size, longest };
  },
  /** A bare autotable document of the same rows in one go, with the same font when the rows need it. */
  async bare(ropeId: number) {
    const model = buildReport(input(ropeId, answered.get(ropeId)!), labels);
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
