import type { RopeEventView } from '@rope/domain/events/views';
import type { AreaView, InstallationView, RopeView } from '@rope/domain/hierarchy/views';
import { buildReport, type ReportInput } from '@rope/domain/reports/build-report';
import { REPORT_FILE_NAME, type ReportKind } from '@rope/domain/reports/kinds';
import type { ReportLabels } from '@rope/domain/reports/labels';
import type { ReportModel } from '@rope/domain/reports/model';
import { unitSystemOf } from '@rope/domain/reports/units';
import { fitsStandardFonts, needsUnicodeFont } from '@rope/domain/reports/winansi';
import type { DamageChartAnswer } from '@rope/domain/ropes/damage-chart-answer';
import { ApiError } from '../../lib/api-client';
import { downloadBlob } from '../../lib/download';
import { dataOf, typedApi } from '../../lib/typed-api';
import { documentFileLanguage, fetchDocuments, previewKind } from '../documents';
import { fetchDamageChart, fetchRopeEvents, type RopeEventsQuery } from '../events';
import type { ReportPhoto } from './pdf/report-pdf';
import { loadEnglishReportLabels } from './report-labels';

export interface ReportRequest {
  kind: ReportKind;
  area: AreaView;
  installation: InstallationView;
  rope: RopeView;
  /** The event of a single report. */
  event?: RopeEventView;
  /** The events table's filters, for the reports of all damages or repairs (all pages are reported). */
  query?: Omit<RopeEventsQuery, 'page' | 'pageSize'>;
}

const DAMAGE_KINDS: readonly ReportKind[] = ['allDamages', 'damage'];

/** The table's events, every page, with its filters. */
async function tableEvents(ropeId: number, query: NonNullable<ReportRequest['query']>): Promise<RopeEventView[]> {
  return (await fetchRopeEvents(ropeId, { ...query, page: 1, pageSize: 0 })).ropeEvents;
}

/** The rope's events in service, unfiltered: which damages a later repair piece or shortening removed. */
async function ropeHistory(ropeId: number): Promise<RopeEventView[]> {
  return tableEvents(ropeId, { archived: false, search: '' });
}

type CurrentCycles = NonNullable<ReportInput['currentCycles']>;

/** The rope's current count, as its bending-cycles answer gives it (the one count tasks use too), and its source. */
async function currentCycles(ropeId: number): Promise<CurrentCycles> {
  const answer = await dataOf(
    typedApi.GET('/api/ropes/{id}/bendingCycles', { params: { path: { id: String(ropeId) } } }),
  );
  return { ...answer, at: new Date() };
}

/** What the server gave for a report: the events, the rope's history, its damage answer and current count. */
export interface ReportData {
  events: RopeEventView[];
  history?: RopeEventView[];
  damage?: DamageChartAnswer;
  cycles: CurrentCycles;
}

const unfiltered = (query: ReportRequest['query']) =>
  !query ||
  (!query.archived &&
    !query.search.trim() &&
    query.positionFrom === undefined &&
    query.positionTo === undefined &&
    !query.damageFilter);

/** The report's model: what the domain makes of the request and the data, with the English names of the choices. */
export function reportModel(
  request: ReportRequest,
  data: ReportData,
  labels: ReportLabels,
  generatedAt = new Date(),
): ReportModel {
  const { kind, rope, installation, area } = request;
  return buildReport(
    {
      kind,
      area,
      installation,
      rope,
      currentCycles: data.cycles,
      events: data.events,
      history: data.history,
      filter: {
        archived: request.query?.archived ?? false,
        search: request.query?.search,
        positionFrom: request.query?.positionFrom,
        positionTo: request.query?.positionTo,
        damageFilter: request.query?.damageFilter ?? null,
      },
      damage: data.damage,
      generatedAt,
    },
    labels,
  );
}

async function damageAnswer(ropeId: number, filter: RopeEventsQuery['damageFilter']): Promise<DamageChartAnswer> {
  return fetchDamageChart(ropeId, filter ? { damageFilter: filter } : {});
}

/** The images attached to the event, each shrunk to what the page prints. */
async function eventPhotos(
  eventId: number,
  toPhoto: (blob: Blob, name: string) => Promise<ReportPhoto | null>,
): Promise<ReportPhoto[]> {
  const list = await fetchDocuments({ kind: 'target', targetType: 'event', targetId: eventId });
  const images = list.documents.filter((document) => previewKind(document) === 'image');
  const photos = await Promise.all(
    images.map(async (document) => {
      const language = documentFileLanguage(document, list.language);
      const blob = await typedApi
        .GET('/api/documents/{id}', {
          params: { path: { id: String(document.id) }, query: language ? { language } : {} },
          parseAs: 'blob',
        })
        .then(({ data }) => data)
        // A photo the server does not hand out is left out of the report; no answer at all fails it.
        .catch((error: unknown) => {
          if (error instanceof ApiError && error.status > 0) return undefined;
          throw error;
        });
      return blob ? toPhoto(blob, document.name) : null;
    }),
  );
  return photos.filter((photo): photo is ReportPhoto => photo !== null);
}

/**
 * Makes a report in the browser and hands it to the download as Report.pdf: the domain decides what it says, the
 * lazily loaded drawing chunk (jsPDF) puts it on pages; the Unicode font is fetched only when a text needs it.
 */
export async function makeReport(request: ReportRequest, onProgress: (fraction: number) => void): Promise<void> {
  const { kind, rope, installation } = request;
  const single = request.event !== undefined;
  const withDamage = DAMAGE_KINDS.includes(kind);
  // A damage's removal is read from the whole history; an unfiltered table of a report of all is that history.
  const history = withDamage && (single || !unfiltered(request.query));
  const [pdf, labels, events, damage, cycles, ropeEvents] = await Promise.all([
    import('./pdf/report-pdf'),
    loadEnglishReportLabels(),
    single ? Promise.resolve([request.event!]) : tableEvents(rope.id, request.query ?? { archived: false, search: '' }),
    withDamage ? damageAnswer(rope.id, request.query?.damageFilter) : Promise.resolve(undefined),
    currentCycles(rope.id),
    history ? ropeHistory(rope.id) : Promise.resolve(undefined),
  ]);
  onProgress(0.02);
  const model = reportModel(request, { events, history: ropeEvents, damage, cycles }, labels);
  const photos = single ? await eventPhotos(request.event!.id, pdf.reportPhoto) : [];
  // Photos print with their file names, which the model does not hold.
  const unicode = needsUnicodeFont(model) || photos.some((photo) => !fitsStandardFonts(photo.name));
  const font = unicode ? await pdf.loadUnicodeFont() : undefined;
  const units = unitSystemOf(installation.attributes);
  const blob = await pdf.renderReport({ model, damage, units, font, photos }, onProgress);
  downloadBlob(REPORT_FILE_NAME, blob);
}
