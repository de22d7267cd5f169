import { describe, expect, it } from 'vitest';
import { buildReport } from './build-report.ts';
import { conditionFields, governingLength } from './condition.ts';
import { DUTY_OF_CARE_TEXT } from './duty-of-care.ts';
import { type ReportKind, reportCovers, singleReportKind } from './kinds.ts';
import type { ReportField, ReportModel } from './model.ts';
import { plainLabels, reportEvent, reportInput, workedExampleFigures } from './test-fixtures.ts';
import { lengthIn, METRES_PER_YARD, speedIn, unitSystemOf } from './units.ts';
import { fitsStandardFonts } from './winansi.ts';

const wireBreak = reportEvent(12.5, { recordingType: 'damage', type: 'wireBreak', damageCount: 3 });
const corrosion = reportEvent(40, {
  recordingType: 'damage',
  type: 'corrosion',
  crossSectionLossAmount: 61.44,
  crossSectionLossUnit: 'mm2',
});
const repair = reportEvent(12.5, {
  recordingType: 'damage',
  type: 'repair',
  description: 'Wire ends tucked in',
  reportedBy: { name: 'Łukasz Żółć' },
});
const repairPiece = reportEvent(300, { recordingType: 'damage', type: 'repairPiece', positionEnd: 320 });
const splice = reportEvent(null, {
  recordingType: 'measurement',
  type: 'spliceInspection',
  splices: [
    {
      positionStart: 100,
      positionEnd: 150,
      strandCount: 6,
      parts: [
        { name: 'K1', type: 'knot', diameterMin: 40, diameterMax: 42.4 },
        { name: 'T1', type: 'other', diameterMin: 37.6, diameterMax: 39 },
        { name: 'S1', type: 'other', diameterMin: 35.6, diameterMax: 38 },
      ],
    },
  ],
});
const mrt = reportEvent(null, { recordingType: 'measurement', type: 'mrtInspection' });
const shortening = reportEvent(500, { recordingType: 'mutation', type: 'shortening', lengthChange: -5 });
const all = [wireBreak, corrosion, repair, repairPiece, splice, mrt, shortening];

const field = (fields: ReportField[], label: string) => fields.find((entry) => entry.label === label)?.value;
const report = (kind: ReportKind, more: Parameters<typeof reportInput>[0] = {}): ReportModel =>
  buildReport(reportInput({ kind, events: all, ...more }), plainLabels);

describe('which events each report covers', () => {
  it('lists every damage-recorded event in the report of all damages, repairs included', () => {
    expect(report('allDamages').eventIds.sort()).toEqual(
      [wireBreak.id, corrosion.id, repair.id, repairPiece.id].sort(),
    );
  });

  it('lists the events whose type starts with repair in the report of all repairs', () => {
    expect(report('allRepairs').eventIds.sort()).toEqual([repair.id, repairPiece.id].sort());
  });

  it('offers single reports by type: damage not repair, repair or repair piece, splice inspection', () => {
    expect(all.map(singleReportKind)).toEqual(['damage', 'damage', 'repair', 'repair', 'splice', null, null]);
    expect(reportCovers('damage', repair)).toBe(false);
    expect(reportCovers('repair', wireBreak)).toBe(false);
    expect(reportCovers('splice', mrt)).toBe(false);
  });

  it('refuses a single report of an event it does not cover', () => {
    expect(() => buildReport(reportInput({ kind: 'damage', events: [repair] }), plainLabels)).toThrow();
    expect(buildReport(reportInput({ kind: 'repair', events: [repairPiece] }), plainLabels).eventIds).toEqual([
      repairPiece.id,
    ]);
  });
});

describe('units by the installation base unit', () => {
  it('converts metres to yards and m/s to y/s', () => {
    expect(unitSystemOf({})).toBe('metric');
    expect(lengthIn(0.9144, 'imperial')).toBeCloseTo(1, 12);
    expect(speedIn(5, 'imperial')).toBeCloseTo(5 / METRES_PER_YARD, 12);
    expect(lengthIn(12.5, 'metric')).toBe(12.5);
  });

  it('prints positions, lengths and speeds in m and m/s or y and y/s', () => {
    const metric = report('allDamages', {
      installation: { name: 'I', attributes: { baseUnit: 'metric', operatingSpeed: 5, installationLength: 914.4 } },
    });
    expect(metric.sections[0]!.table!.columns[2]).toBe('Position [m]');
    expect(field(metric.installation, 'Operating speed')).toBe('5 m/s');
    expect(field(metric.installation, 'Installation length')).toBe('914.4 m');
    expect(field(metric.rope, 'Rope length')).toBe('1,000 m');
    const imperial = report('allDamages', {
      installation: { name: 'I', attributes: { baseUnit: 'imperial', operatingSpeed: 5, installationLength: 914.4 } },
    });
    const table = imperial.sections[0]!.table!;
    expect(table.columns[2]).toBe('Position [y]');
    expect(table.rows.find((row) => row.eventId === wireBreak.id)!.cells[2]).toBe('13.67');
    expect(field(imperial.installation, 'Operating speed')).toBe('5.47 y/s');
    expect(field(imperial.installation, 'Installation length')).toBe('1,000 y');
    expect(field(imperial.installation, 'Base unit')).toBe('imperial (y, y/s)');
  });
});

describe('sums and losses', () => {
  it('sums wire breaks and the loss in % and mm² over the listed damages', () => {
    const table = report('allDamages').sections[0]!.table!;
    // 3 wires of 0.864 % (worked example) and 61.44 mm² = 10 % of A = 614.4 mm².
    expect(table.totals).toEqual(['Total', '', '4 events', '', '3', '12.59', '77.37', '', '']);
    const corroded = table.rows.find((row) => row.eventId === corrosion.id)!;
    expect(corroded.cells.slice(0, 1)).toEqual([`#${corrosion.id}`]);
    expect(corroded.cells.slice(4, 7)).toEqual(['–', '10.00', '61.44']);
  });

  it('totals agree with their rows: "–" over rows that all read "–", and one event in the singular', () => {
    const only = (kind: ReportKind, events: typeof all) =>
      buildReport(reportInput({ kind, events }), plainLabels).sections[0]!.table!.totals;
    expect(only('allDamages', [repair])).toEqual(['Total', '', '1 event', '', '–', '–', '–', '', '']);
    expect(only('allDamages', [corrosion, repair])).toEqual([
      'Total',
      '',
      '2 events',
      '',
      '–',
      '10.00',
      '61.44',
      '',
      '',
    ]);
    expect(only('allRepairs', [repair])).toEqual(['Total', '', '1 repair', '', '', '', '']);
    expect(only('allRepairs', [repair, repairPiece])).toEqual(['Total', '', '2 repairs', '', '', '', '']);
  });

  it('prints unknown, never 0, when the rope lacks what converting a loss needs', () => {
    const rope = { name: 'R', attributes: { nominalDiameter: 40 } };
    const table = report('allDamages', { rope }).sections[0]!.table!;
    expect(table.rows.find((row) => row.eventId === wireBreak.id)!.cells.slice(5, 7)).toEqual(['unknown', 'unknown']);
    expect(table.totals!.slice(5, 7)).toEqual(['unknown', 'unknown']);
    expect(table.rows.find((row) => row.eventId === repair.id)!.cells.slice(5, 7)).toEqual(['–', '–']);
  });

  it('lists repairs with what, where and by whom', () => {
    const table = report('allRepairs').sections[0]!.table!;
    expect(table.rows.map((row) => row.cells.slice(2, 6))).toEqual([
      ['12.50', 'type:repair', 'Wire ends tucked in', 'Łukasz Żółć'],
      ['300.00 – 320.00', 'type:repairPiece', '', 'unknown'],
    ]);
  });
});

describe('damages a later repair piece or shortening removed', () => {
  const early = '2025-01-01T08:00:00Z';
  const later = '2025-09-01T08:00:00Z';
  const inPiece = reportEvent(305, { recordingType: 'damage', type: 'wireBreak', damageCount: 2, timestamp: early });
  const afterPiece = reportEvent(310, {
    recordingType: 'damage',
    type: 'wireBreak',
    damageCount: 1,
    timestamp: '2025-12-01T08:00:00Z',
  });
  const piece = reportEvent(300, { recordingType: 'damage', type: 'repairPiece', positionEnd: 320, timestamp: later });
  const cutOut = reportEvent(502, { recordingType: 'damage', type: 'wireBreak', damageCount: 4, timestamp: early });
  const cut = reportEvent(500, { recordingType: 'mutation', type: 'shortening', lengthChange: -5, timestamp: later });
  const history = [wireBreak, inPiece, afterPiece, piece, cutOut, cut];

  it('marks them, leaves them out of the totals and says what the totals include', () => {
    const table = report('allDamages', { events: history }).sections[0]!.table!;
    const row = (id: number) => table.rows.find((entry) => entry.eventId === id)!;
    expect(row(inPiece.id).removed).toBe(true);
    expect(row(inPiece.id).cells[8]).toBe(`Removed by type:repairPiece #${piece.id} of 2025-09-01 10:00`);
    expect(row(cutOut.id).removed).toBe(true);
    expect(row(cutOut.id).cells[8]).toContain(`type:shortening #${cut.id}`);
    expect(row(afterPiece.id).removed).toBeUndefined();
    expect(row(wireBreak.id).removed).toBeUndefined();
    // Counted: wireBreak (3), afterPiece (1) and the repair piece itself (nothing recorded); 2 wires of 0.864 % each.
    expect(table.totals).toEqual(['Total', '', '3 events', '', '4', '3.46', '21.24', '', '']);
    const counted = table.rows.filter((entry) => !entry.removed);
    const sum = (column: number) =>
      counted.reduce((total, entry) => total + (Number.parseFloat(entry.cells[column]!.replace(',', '')) || 0), 0);
    expect(sum(4)).toBe(4);
    expect(sum(5)).toBeCloseTo(3.46, 1);
    expect(table.totalsNote).toBe(
      'Totals include only damages on rope still in service: 2 struck-through rows were removed by a later repair ' +
        'piece or shortening and are not counted.',
    );
  });

  it("reads the removals from the rope's whole history, whatever the table was filtered to", () => {
    const table = report('allDamages', { events: [inPiece], history }).sections[0]!.table!;
    expect(table.rows[0]!.removed).toBe(true);
    expect(table.totals!.slice(2, 7)).toEqual(['0 events', '', '–', '0.00', '0.00']);
    const single = report('damage', { events: [inPiece], history }).sections[0]!.table!;
    expect(single.rows[0]!.removed).toBe(true);
    const archived = report('allDamages', { events: [inPiece], history, filter: { archived: true } });
    expect(archived.sections[0]!.table!.totalsNote).toMatch(
      /^The rope's damage does not count archived events\. Totals/,
    );
    const unfiltered = report('allDamages', { events: [inPiece] }).sections[0]!.table!;
    expect(unfiltered.rows[0]!.removed).toBeUndefined();
    expect(unfiltered.totalsNote).toBe(
      'Totals include only damages on rope still in service; no damage listed was removed by a later repair piece or ' +
        'shortening.',
    );
  });
});

describe('header, filter and condition', () => {
  it('names installation and rope, and prints unknown for what is not set', () => {
    const model = report('allDamages', { rope: { name: 'Bare rope', attributes: {} } });
    expect(field(model.installation, 'Installation')).toBe('Sunnegga Express');
    expect(field(model.installation, 'Installation number')).toBe('02-0410');
    expect(field(model.installation, 'Object number')).toBe('unknown');
    expect(field(model.rope, 'Rope')).toBe('Bare rope');
    for (const label of [
      'Rope type',
      'Nominal diameter',
      'Standard',
      'Rope length',
      'Installation year',
      'Bending cycles',
    ])
      expect(field(model.rope, label)).toBe('unknown');
    expect(field(report('allDamages').rope, 'Nominal diameter')).toBe('40 mm');
    expect(field(report('allDamages').rope, 'Rule set')).toBe(
      'EN 12927 (ropeways) 2019: Haul, carrying-hauling or towing rope (stranded)',
    );
  });

  it("prints the rope's current count, the one its bending-cycles answer gives, not its own older count", () => {
    const rope = {
      name: 'Haul rope',
      attributes: { bendingCyclesUntilNow: 500_000, bendingCyclesUntilNowAt: '2025-06-01T00:00:00Z' },
    };
    const at = new Date('2026-05-01T06:30:00Z');
    const model = report('allDamages', { rope, currentCycles: { bendingCycles: 611_210, at } });
    expect(field(model.rope, 'Bending cycles')).toBe('611,210 (as of 2026-05-01 08:30)');
    expect(
      field(report('allDamages', { rope, currentCycles: { bendingCycles: null, at } }).rope, 'Bending cycles'),
    ).toBe('unknown');
  });

  it("says where the count comes from: the newest measured count or the rope's own, carried forward", () => {
    const rope = {
      name: 'Haul rope',
      attributes: { bendingCyclesUntilNow: 300_000, bendingCyclesUntilNowAt: '2025-01-01T00:00:00Z' },
    };
    const installation = {
      name: 'Sunnegga Express',
      attributes: { timezone: 'Europe/Zurich', operatingHoursPerYear: 3000 },
    };
    const at = new Date('2026-05-01T06:30:00Z');
    const lastMeasured = { bendingCycles: 540_000, timestamp: '2026-02-01T08:00:00Z' };
    const measured = report('allDamages', {
      rope,
      installation,
      currentCycles: { bendingCycles: 611_212, at, lastMeasured, cyclesPerHour: 120 },
    });
    expect(field(measured.rope, 'Bending cycles')).toBe('611,212 (as of 2026-05-01 08:30)');
    expect(field(measured.rope, 'Bending cycles from')).toBe(
      'the newest measured count, 540,000 of 2026-02-01 09:00, carried forward at 120 cycles/h for 3,000 operating ' +
        'hours a year',
    );
    const own = report('damage', {
      rope,
      installation,
      events: [wireBreak],
      currentCycles: { bendingCycles: 350_000, at, lastMeasured: null, cyclesPerHour: null },
    });
    expect(field(own.rope, 'Bending cycles from')).toBe("the rope's recorded count, 300,000 of 2025-01-01 01:00");
    const none = report('splice', { rope: { name: 'R', attributes: {} }, currentCycles: { bendingCycles: null, at } });
    expect(field(none.rope, 'Bending cycles from')).toContain('no count known');
  });

  it('prints the filter that produced a report of all', () => {
    const model = report('allDamages', {
      filter: { archived: false, search: ' wire ', positionFrom: 10, positionTo: 20, damageFilter: 'mrt' },
    });
    expect(field(model.filter, 'Positions')).toBe('10.00 – 20.00 m');
    expect(field(model.filter, 'Search')).toBe('"wire"');
    expect(field(model.filter, 'Detection')).toContain('MRT');
    expect(field(report('splice').filter, 'Event')).toContain(`#${splice.id}`);
  });

  it('gives damage, health and the governing reference length as the gauges round them', () => {
    expect(governingLength(workedExampleFigures)?.multiple).toBe(40);
    const fields = conditionFields(workedExampleFigures, 'metric', plainLabels);
    expect(field(fields, 'Rope damage')).toBe('54 % of the discard limit');
    expect(field(fields, 'Rope health')).toBe('46 %');
    expect(field(fields, 'Governing reference length')).toBe(
      '40 d = 1.6 m, limit 8 % loss of metallic cross-section, utilisation 54 %',
    );
    expect(field(fields, 'Source')).toBe('EN source');
    expect(
      field(conditionFields(workedExampleFigures, 'imperial', plainLabels), 'Governing reference length'),
    ).toContain('1.75 y');
    const model = report('allDamages', { damage: workedExampleFigures });
    expect(model.withChart).toBe(true);
    expect(report('allRepairs', { damage: workedExampleFigures }).condition).toEqual([]);
  });

  it('prints an unknown damage as unknown with the missing inputs', () => {
    const unknown = {
      ...workedExampleFigures,
      status: 'unknown' as const,
      damage: null,
      health: null,
      missingInputs: ['metallicCrossSection' as const],
      result: [],
    };
    const fields = conditionFields(unknown, 'metric', plainLabels);
    expect(field(fields, 'Rope damage')).toBe('unknown (missing rope data: attribute:metallicCrossSection)');
    expect(field(fields, 'Rope health')).toBe('unknown');
    expect(report('allDamages', { damage: unknown }).withChart).toBe(false);
  });
});

describe('splice report', () => {
  it('gives each part its deviation, band and warning, and the length to diameter ratio', () => {
    const [section] = report('splice').sections;
    expect(section!.heading).toBe('Splice 1: 100.00 – 150.00 m');
    expect(field(section!.fields, 'Length to diameter ratio')).toBe('1,250 d');
    expect(section!.table!.rows.map((row) => [row.cells[0], row.cells[6], row.tone, row.cells[8]])).toEqual([
      ['K1', '+6.0', 'yellow', 'renewal recommended'],
      ['T1', '-6.0', 'yellow', 'renewal recommended'],
      ['S1', '-11.0', 'red', 'renewal very recommended'],
    ]);
    expect(section!.warnings).toContain('Splice 1: renewal very recommended');
    // Parts without a recorded position are not drawn.
    expect(section!.diagram).toEqual({ from: 100, to: 150, parts: [] });
    expect(section!.photosOf).toBe(splice.id);
  });

  it('flags a short splice and prints unknown bands without a nominal diameter', () => {
    const short = reportEvent(null, {
      recordingType: 'measurement',
      type: 'spliceInspection',
      splices: [
        { positionStart: 0, positionEnd: 10, parts: [{ name: 'K1', type: 'knot', diameterMax: 41, position: 5 }] },
      ],
    });
    const [section] = buildReport(reportInput({ kind: 'splice', events: [short] }), plainLabels).sections;
    expect(section!.warnings).toContain('Splice 1: shorter than 1,200 d');
    expect(section!.diagram).toEqual({
      from: 0,
      to: 10,
      parts: [{ name: 'K1', position: 5, knot: true, tone: 'green' }],
    });
    const bare = buildReport(
      reportInput({ kind: 'splice', events: [short], rope: { name: 'R', attributes: {} } }),
      plainLabels,
    ).sections[0]!;
    expect(bare.table!.rows[0]!.cells[7]).toBe('unknown');
    expect(field(bare.fields, 'Length to diameter ratio')).toBe('unknown');
  });
});

describe('text of the report', () => {
  it('carries the German duty-of-care paragraph and the signature lines', () => {
    const model = report('allRepairs');
    expect(model.dutyOfCare.text).toBe(DUTY_OF_CARE_TEXT);
    expect(DUTY_OF_CARE_TEXT).toContain('Spleißzustände');
    expect(model.signature).toEqual(['Place', 'Date', 'Signature']);
    expect(model.generatedAt).toBe('2026-03-05 14:30 (Europe/Zurich)');
  });

  it('knows which texts the PDF standard fonts cannot print', () => {
    expect(fitsStandardFonts('Zürich – Spleißzustände € “quoted” Ø 61.44 mm²')).toBe(true);
    for (const text of ['Łódź', 'Žółć', 'Ψ', 'Dvůr Králové', '≥']) expect(fitsStandardFonts(text)).toBe(false);
    expect(fitsStandardFonts('Ærø Ålesund')).toBe(true);
  });
});
