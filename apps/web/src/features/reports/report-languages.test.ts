import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RopeEventAttributes } from '@rope/domain/events/schemas';
import type { RopeEventView } from '@rope/domain/events/views';
import type { AreaView, InstallationView, RopeView } from '@rope/domain/hierarchy/views';
import { LANGUAGES } from '@rope/domain/languages';
import { DUTY_OF_CARE_HEADING, DUTY_OF_CARE_TEXT } from '@rope/domain/reports/duty-of-care';
import type { ReportKind } from '@rope/domain/reports/kinds';
import type { ReportModel } from '@rope/domain/reports/model';
import { damageChartAnswer, decodeDamageChart } from '@rope/domain/ropes/damage-chart-answer';
import { computeRopeDamage } from '@rope/domain/ropes/rope-damage';
import { WORKED_EXAMPLE_ROPE } from '@rope/domain/ropes/worked-example';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keysNamed, namespacesOf } from '../../../build-plugins/texts-named';
import { i18n, i18nOptions } from '../../i18n';
import { loadTexts, switchLanguage } from '../../i18n/texts';
import { type ReportData, type ReportRequest, reportModel } from './make-report';
import { renderReport } from './pdf/report-pdf';
import { loadEnglishReportLabels } from './report-labels';

// Every report made in each session language, as the built app makes it: the entry holds the core English texts
// only, a session in another language loads that language's texts, and the report's chunk asks for the namespaces it
// names (build-plugins/texts-on-demand.ts) in the language shown. The PDF is read back with pdftotext.

/** A translation key as it would print: "enums.eventTypes.wireBreak". */
const KEY = /\b[a-z]+(\.[a-zA-Z0-9]+){2,}\b/;
const ZONE = 'Europe/Zurich';

const area = { id: 1, name: 'Zermatt', mandator: { id: 1, name: 'Alpina Bergbahnen AG' } } as AreaView;
const installation = {
  id: 2,
  name: 'Sunnegga Express',
  attributes: {
    installationType: 'ropeway',
    ropewayType: 'funicular',
    installationNumberFatzer: '02-0410',
    baseUnit: 'metric',
    timezone: ZONE,
    operatingSpeed: 5,
    bendsPerRevolution: 4,
    operatingHoursPerYear: 3000,
  },
} as InstallationView;
const rope = {
  id: 3,
  name: 'Haul rope',
  attributes: {
    ...WORKED_EXAMPLE_ROPE,
    ropeLength: 1000,
    loopLength: 2000,
    ropeLay: 'lang',
    bendingCyclesUntilNow: 300_000,
    bendingCyclesUntilNowAt: '2025-01-01T00:00:00Z',
  },
} as RopeView;

let nextId = 1001;
function event(position: number | null, attributes: Omit<RopeEventAttributes, 'isImported'>): RopeEventView {
  return {
    id: nextId++,
    rope: { id: rope.id },
    position,
    attributes: { isImported: false, ...attributes },
    isDeleted: false,
    documentCount: 0,
    createdAt: attributes.timestamp,
  };
}
const damage = { recordingType: 'damage', actionStatus: 'new' } as const;
const wireBreak = event(120, { ...damage, type: 'wireBreak', damageCount: 3, timestamp: '2025-02-01T09:00:00Z' });
const corrosion = event(410, {
  ...damage,
  type: 'corrosion',
  actionStatus: 'seen',
  crossSectionLossAmount: 2.5,
  crossSectionLossUnit: 'percent',
  timestamp: '2025-03-01T09:00:00Z',
});
const removed = event(305, {
  ...damage,
  type: 'deformation',
  damageCount: 5,
  description: 'Kink near tower 4',
  timestamp: '2025-04-01T09:00:00Z',
});
const repairPiece = event(300, {
  ...damage,
  type: 'repairPiece',
  actionStatus: 'repaired',
  positionEnd: 320,
  description: 'Piece of 20 m spliced in',
  reportedBy: { name: 'Urs Zurbriggen' },
  timestamp: '2025-09-01T07:00:00Z',
});
const repair = event(120, {
  ...damage,
  type: 'repair',
  actionStatus: 'repaired',
  description: 'Wire ends tucked in',
  timestamp: '2025-10-01T07:00:00Z',
});
const spliceInspection = event(null, {
  recordingType: 'measurement',
  type: 'spliceInspection',
  actionStatus: 'seen',
  bendingCycles: 540_000,
  timestamp: '2026-02-01T08:00:00Z',
  splices: [
    {
      positionStart: 600,
      positionEnd: 660,
      strandCount: 6,
      parts: [
        { name: 'K1', type: 'knot', diameterMin: 40, diameterMax: 42.4 },
        { name: 'T1', type: 'other', diameterMin: 37.6, diameterMax: 39 },
      ],
    },
  ],
});
const history = [wireBreak, corrosion, removed, repairPiece, repair, spliceInspection];

const base64 = (values: Int32Array | Float32Array | Float64Array) =>
  Buffer.from(values.buffer, values.byteOffset, values.byteLength).toString('base64');
/** The rope page's damage answer, computed from the same history as the server computes it. */
const damageAnswer = damageChartAnswer(computeRopeDamage(rope.attributes, history), base64);

const data = (events: RopeEventView[], withDamage: boolean): ReportData => ({
  events,
  history,
  damage: withDamage ? damageAnswer : undefined,
  cycles: {
    bendingCycles: 611_212,
    at: new Date('2026-05-01T06:30:00Z'),
    lastMeasured: { bendingCycles: 540_000, timestamp: spliceInspection.attributes.timestamp },
    cyclesPerHour: 36,
  },
});

const REPORTS: { kind: ReportKind; request: Partial<ReportRequest>; data: ReportData }[] = [
  { kind: 'allDamages', request: { query: { archived: false, search: '' } }, data: data(history, true) },
  { kind: 'allRepairs', request: { query: { archived: false, search: '' } }, data: data(history, false) },
  { kind: 'damage', request: { event: removed }, data: data([removed], true) },
  { kind: 'repair', request: { event: repairPiece }, data: data([repairPiece], false) },
  { kind: 'splice', request: { event: spliceInspection }, data: data([spliceInspection], false) },
];

/** Every text the model holds: fields, tables, notes and warnings. */
function modelTexts(model: ReportModel): string[] {
  const fields = [...model.installation, ...model.rope, ...model.filter, ...model.condition];
  return [
    ...fields.flatMap((field) => [field.label, field.value]),
    ...model.sections.flatMap((section) => [
      section.heading,
      ...section.fields.flatMap((field) => [field.label, field.value]),
      ...section.warnings,
      ...(section.table
        ? [
            ...section.table.columns,
            ...section.table.rows.flatMap((row) => row.cells),
            ...(section.table.totals ?? []),
            section.table.totalsNote ?? '',
          ]
        : []),
    ]),
  ];
}

const figure = (cell: string) => (cell === '–' ? 0 : Number(cell.replaceAll(',', '')));
const oneLine = (text: string) => text.replace(/\s+/g, ' ');

// REPORT_PDF_DIR keeps the PDFs to look at; otherwise they go when the tests are done.
const kept = process.env.REPORT_PDF_DIR;
const directory = kept ?? mkdtempSync(join(tmpdir(), 'reports-'));
afterAll(() => {
  if (!kept) rmSync(directory, { recursive: true, force: true });
});

async function pdfText(model: ReportModel, name: string): Promise<string> {
  const blob = await renderReport({ model, units: 'metric', photos: [] });
  const file = join(directory, `${name}.pdf`);
  writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
}

beforeAll(async () => {
  await i18n.init(i18nOptions());
});

// English last: an English session loads the English texts into the session's i18next, which would hide the cause.
const SESSIONS = [...LANGUAGES.filter((language) => language !== 'en-US'), 'en-US' as const];

describe.each(SESSIONS)('reports made in a %s session', (language) => {
  beforeAll(async () => {
    await switchLanguage(language);
    // What the report's chunks ask for before they run, in the language shown.
    const source = (await import('./report-labels.ts?raw')).default + (await import('./make-report.ts?raw')).default;
    await loadTexts(namespacesOf(keysNamed(source, ['enums', 'installations', 'reports', 'ropes'])));
    expect(i18n.language).toBe(language);
  });

  it.each(REPORTS)('prints the $kind report in English, complete, with the German duty of care', async (report) => {
    const model = reportModel(
      { kind: report.kind, area, installation, rope, ...report.request },
      report.data,
      await loadEnglishReportLabels(),
      new Date('2026-05-01T06:30:00Z'),
    );
    for (const text of modelTexts(model)) expect(text).not.toMatch(KEY);
    const text = await pdfText(model, `${language}-${report.kind}`);
    expect(text).not.toMatch(KEY);
    const printed = oneLine(text);
    expect(printed).toContain(model.title);
    expect(printed).toContain('Stranded rope');
    expect(printed).toContain('Haul rope');
    expect(printed).toContain(DUTY_OF_CARE_HEADING);
    expect(printed).toContain(oneLine(DUTY_OF_CARE_TEXT));
    // The current count, as the bending-cycles answer gives it, and where it comes from.
    expect(printed).toContain('611,212 (as of 2026-05-01 08:30)');
    expect(printed).toContain('the newest measured count, 540,000 of 2026-02-01 09:00, carried forward');
  });

  it('marks the damage the repair piece removed and sums only what is still in service', async () => {
    for (const report of REPORTS.filter((entry) => entry.kind === 'allDamages' || entry.kind === 'damage')) {
      const model = reportModel(
        { kind: report.kind, area, installation, rope, ...report.request },
        report.data,
        await loadEnglishReportLabels(),
      );
      const table = model.sections[0]!.table!;
      const removedRow = table.rows.find((row) => row.eventId === removed.id)!;
      expect(removedRow.removed).toBe(true);
      const counted = table.rows.filter((row) => !row.removed);
      for (const column of [4, 5, 6]) {
        const sum = counted.reduce((total, row) => total + figure(row.cells[column]!), 0);
        expect(figure(table.totals![column]!)).toBeCloseTo(sum, 1);
      }
      const text = oneLine(await pdfText(model, `${language}-${report.kind}-totals`));
      expect(text).toContain(`Removed by repair piece #${repairPiece.id} of 2025-09-01 09:00`);
      expect(text).toContain('Totals include only damages on rope still in service');
      expect(text).toContain(table.totals!.slice(4, 7).join(' '));
    }
    // The damage % counts the same damages the totals sum: the located ones still in service.
    const table = reportModel(
      { kind: 'allDamages', area, installation, rope, query: { archived: false, search: '' } },
      REPORTS[0]!.data,
      await loadEnglishReportLabels(),
    ).sections[0]!.table!;
    const inService = table.rows
      .filter((row) => !row.removed && [wireBreak.id, corrosion.id, removed.id].includes(row.eventId!))
      .map((row) => row.eventId);
    expect([...decodeDamageChart(damageAnswer).damages.id].sort()).toEqual(inService.sort());
  });
});
