import { type DamageChartRange, type PeakWindows, selectWindows } from './damage-chart-form.ts';
import type { DamageInput } from './missing-inputs.ts';
import type { RopeDamageResult } from './rope-damage.ts';

/**
 * GET /api/ropes/{id}/events/damage. Long columns travel as base64 of little-endian typed arrays: writing 50,000
 * doubles as decimal text costs more than computing the chart. The answer covers the windows starting in the range
 * asked for (the whole rope by default) in one of two forms (damage-chart-form.ts):
 * - `windows.form: 'all'`: every window, with its damages. `damages` are the damages the windows hold, in the order
 *   they index them; window i starts at damages.position[first[i]] and holds eventCount[i] damages from there on
 *   (past the last to the first on an endless rope); value[i] is its sum under the rule in force. The window's
 *   count, loss, events and heaviest damage follow from those (see damageWindow).
 * - `windows.form: 'peaks'`: more windows than a chart can show. `damages` and `windows` are empty; each series'
 *   `peaks` holds the highest window of each of DAMAGE_CHART_BINS equal spans of the range: its start, sum (value),
 *   damages (eventCount), broken wires (count) and loss.
 * `damageCount` counts the damages that count on the whole rope, `windows.total` the windows in the range.
 * Positions are datum positions (device-referenced damages moved by positionOffset). `status: 'unknown'` when the
 * rope lacks an input its rule set needs: `missingInputs` names them, damage and health are null and `result` is
 * empty, while `damageCount` still tells what was recorded.
 */
export interface DamageChartAnswer {
  standard: string;
  ruleSet: {
    name: string;
    edition: string;
    row: { id: string; label: string; metric: 'lossPct' | 'brokenWires'; comparator: string; source: string };
  };
  positionOffset: number;
  status: 'computed' | 'unknown';
  missingInputs: DamageInput[];
  damage: number | null;
  health: number | null;
  damageCount: number;
  columns: typeof DAMAGE_CHART_COLUMNS;
  damages: { length: number; id: string; position: string; count: string; lossPct: string };
  windows: { form: 'all' | 'peaks'; total: number; length: number; first: string };
  result: {
    multiple: number;
    /** m */
    length: number;
    limit: number;
    utilisation: number;
    points: { eventCount: string; value: string };
    peaks?: { length: number; position: string; value: string; eventCount: string; count: string; lossPct: string };
  }[];
}

/** The typed array behind each column; value and lossPct are for drawing, utilisation and damage are exact. */
export const DAMAGE_CHART_COLUMNS = {
  damages: { id: 'int32', position: 'float64', count: 'int32', lossPct: 'float32' },
  windows: { first: 'int32' },
  points: { eventCount: 'int32', value: 'float32' },
  peaks: { position: 'float64', value: 'float32', eventCount: 'int32', count: 'int32', lossPct: 'float32' },
} as const;

/** Base64 of the bytes of a typed array; the server passes Node's Buffer, which is many times faster than btoa. */
export type ColumnEncoder = (values: Int32Array | Float32Array | Float64Array) => string;

export function damageChartAnswer(
  result: RopeDamageResult,
  encode: ColumnEncoder,
  range: DamageChartRange = {},
): DamageChartAnswer {
  const { series } = result;
  const shown = selectWindows(result.damages, series, range);
  const damages = shown.form === 'all' ? shown.damages : undefined;
  const none = new Int32Array();
  return {
    standard: result.ruleSet.id,
    ruleSet: {
      name: result.ruleSet.name,
      edition: result.ruleSet.edition,
      row: {
        id: result.row.id,
        label: result.row.label,
        metric: result.row.metric,
        comparator: result.row.comparator,
        source: result.row.source,
      },
    },
    positionOffset: result.positionOffset,
    status: result.status,
    missingInputs: result.missingInputs,
    damage: result.damage,
    health: result.health,
    damageCount: result.damages.id.length,
    columns: DAMAGE_CHART_COLUMNS,
    damages: {
      length: damages?.id.length ?? 0,
      id: encode(Int32Array.from(damages?.id ?? none)),
      position: encode(damages?.position ?? new Float64Array()),
      count: encode(Int32Array.from(damages?.count ?? none)),
      lossPct: encode(Float32Array.from(damages?.lossPct ?? none)),
    },
    // Every reference length has its windows at the same starts: the distinct damage positions.
    windows: {
      form: shown.form,
      total: shown.total,
      length: shown.form === 'all' ? shown.first.length : 0,
      first: encode(shown.form === 'all' ? shown.first : none),
    },
    result: series.map(({ multiple, length, limit, utilisation }, index) => ({
      multiple,
      length,
      limit,
      utilisation,
      points:
        shown.form === 'all'
          ? { eventCount: encode(shown.eventCount[index]!), value: encode(Float32Array.from(shown.sum[index]!)) }
          : { eventCount: encode(none), value: encode(new Float32Array()) },
      ...(shown.form === 'peaks' ? { peaks: encodePeaks(shown.peaks[index]!, encode) } : {}),
    })),
  };
}

function encodePeaks(peak: PeakWindows['peaks'][number], encode: ColumnEncoder) {
  return {
    length: peak.position.length,
    position: encode(peak.position),
    value: encode(Float32Array.from(peak.sum)),
    eventCount: encode(peak.eventCount),
    count: encode(Int32Array.from(peak.count)),
    lossPct: encode(Float32Array.from(peak.lossPct)),
  };
}

export interface DecodedPeaks {
  position: Float64Array;
  value: Float32Array;
  eventCount: Int32Array;
  count: Int32Array;
  lossPct: Float32Array;
}

export interface DecodedDamageChart {
  metric: 'lossPct' | 'brokenWires';
  form: 'all' | 'peaks';
  damages: { id: Int32Array; position: Float64Array; count: Int32Array; lossPct: Float32Array };
  first: Int32Array;
  series: {
    multiple: number;
    length: number;
    limit: number;
    utilisation: number;
    eventCount: Int32Array;
    value: Float32Array;
    /** In the peaks form. */
    peaks?: DecodedPeaks;
  }[];
}

export function decodeDamageChart(answer: DamageChartAnswer): DecodedDamageChart {
  const windows = answer.windows.length;
  return {
    metric: answer.ruleSet.row.metric,
    form: answer.windows.form,
    damages: {
      id: new Int32Array(decode(answer.damages.id)),
      position: new Float64Array(decode(answer.damages.position)),
      count: new Int32Array(decode(answer.damages.count)),
      lossPct: new Float32Array(decode(answer.damages.lossPct)),
    },
    first: windows > 0 ? new Int32Array(decode(answer.windows.first)) : new Int32Array(),
    series: answer.result.map(({ multiple, length, limit, utilisation, points, peaks }) => ({
      multiple,
      length,
      limit,
      utilisation,
      eventCount: windows > 0 ? new Int32Array(decode(points.eventCount)) : new Int32Array(),
      value: windows > 0 ? new Float32Array(decode(points.value)) : new Float32Array(),
      ...(peaks ? { peaks: decodePeaks(peaks) } : {}),
    })),
  };
}

/** One window as reports and tests read it: `{position, count, lossPct, events: [ids], damagePosition}`. */
export function damageWindow(chart: DecodedDamageChart, seriesIndex: number, windowIndex: number) {
  const { damages, first } = chart;
  const n = damages.id.length;
  const start = first[windowIndex]!;
  const eventCount = chart.series[seriesIndex]!.eventCount[windowIndex]!;
  const events: number[] = [];
  let count = 0;
  let lossPct = 0;
  let heaviest = start;
  for (let k = 0; k < eventCount; k += 1) {
    const at = (start + k) % n;
    events.push(damages.id[at]!);
    count += damages.count[at]!;
    lossPct += damages.lossPct[at]!;
    const weight = chart.metric === 'lossPct' ? damages.lossPct : damages.count;
    if (weight[at]! >= weight[heaviest]!) heaviest = at;
  }
  return { position: damages.position[start]!, count, lossPct, events, damagePosition: damages.position[heaviest]! };
}

function decodePeaks(peaks: NonNullable<DamageChartAnswer['result'][number]['peaks']>): DecodedPeaks {
  const empty = peaks.length === 0;
  return {
    position: empty ? new Float64Array() : new Float64Array(decode(peaks.position)),
    value: empty ? new Float32Array() : new Float32Array(decode(peaks.value)),
    eventCount: empty ? new Int32Array() : new Int32Array(decode(peaks.eventCount)),
    count: empty ? new Int32Array() : new Int32Array(decode(peaks.count)),
    lossPct: empty ? new Float32Array() : new Float32Array(decode(peaks.lossPct)),
  };
}

function decode(text: string): ArrayBuffer {
  const binary = (globalThis as unknown as { atob(data: string): string }).atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes.buffer;
}
