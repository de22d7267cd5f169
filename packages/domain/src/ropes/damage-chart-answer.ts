import type { DamageInput } from './missing-inputs.ts';
import type { RopeDamageResult } from './rope-damage.ts';

/**
 * GET /api/ropes/{id}/events/damage. Long columns travel as base64 of little-endian typed arrays: writing 50,000
 * doubles as decimal text costs more than computing the chart. `damages` are the damages that count, sorted as
 * the windows index them; window i starts at damages.position[first[i]] and holds eventCount[i] damages from there
 * on (past the last to the first on an endless rope); value[i] is its sum under the rule in force. The window's
 * count, loss, events and heaviest damage follow from those (see damageWindow). Positions are datum positions
 * (device-referenced damages moved by positionOffset). `status: 'unknown'` when the rope lacks an input its rule set
 * needs: `missingInputs` names them, damage and health are null and `result` is empty, while `damages` still lists
 * what was recorded.
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
  columns: typeof DAMAGE_CHART_COLUMNS;
  damages: { length: number; id: string; position: string; count: string; lossPct: string };
  windows: { length: number; first: string };
  result: {
    multiple: number;
    /** m */
    length: number;
    limit: number;
    utilisation: number;
    points: { eventCount: string; value: string };
  }[];
}

/** The typed array behind each column; value and lossPct are for drawing, utilisation and damage are exact. */
export const DAMAGE_CHART_COLUMNS = {
  damages: { id: 'int32', position: 'float64', count: 'int32', lossPct: 'float32' },
  windows: { first: 'int32' },
  points: { eventCount: 'int32', value: 'float32' },
} as const;

/** Base64 of the bytes of a typed array; the server passes Node's Buffer, which is many times faster than btoa. */
export type ColumnEncoder = (values: Int32Array | Float32Array | Float64Array) => string;

export function damageChartAnswer(result: RopeDamageResult, encode: ColumnEncoder): DamageChartAnswer {
  const { damages, series } = result;
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
    columns: DAMAGE_CHART_COLUMNS,
    damages: {
      length: damages.id.length,
      id: encode(Int32Array.from(damages.id)),
      position: encode(damages.position),
      count: encode(Int32Array.from(damages.count)),
      lossPct: encode(Float32Array.from(damages.lossPct)),
    },
    // Every reference length has its windows at the same starts: the distinct damage positions.
    windows: {
      length: series[0]?.windows.first.length ?? 0,
      first: encode(series[0]?.windows.first ?? new Int32Array()),
    },
    result: series.map(({ multiple, length, limit, utilisation, windows }) => ({
      multiple,
      length,
      limit,
      utilisation,
      points: { eventCount: encode(windows.eventCount), value: encode(Float32Array.from(windows.sum)) },
    })),
  };
}

export interface DecodedDamageChart {
  metric: 'lossPct' | 'brokenWires';
  damages: { id: Int32Array; position: Float64Array; count: Int32Array; lossPct: Float32Array };
  first: Int32Array;
  series: {
    multiple: number;
    length: number;
    limit: number;
    utilisation: number;
    eventCount: Int32Array;
    value: Float32Array;
  }[];
}

export function decodeDamageChart(answer: DamageChartAnswer): DecodedDamageChart {
  const windows = answer.windows.length;
  return {
    metric: answer.ruleSet.row.metric,
    damages: {
      id: new Int32Array(decode(answer.damages.id)),
      position: new Float64Array(decode(answer.damages.position)),
      count: new Int32Array(decode(answer.damages.count)),
      lossPct: new Float32Array(decode(answer.damages.lossPct)),
    },
    first: windows > 0 ? new Int32Array(decode(answer.windows.first)) : new Int32Array(),
    series: answer.result.map(({ multiple, length, limit, utilisation, points }) => ({
      multiple,
      length,
      limit,
      utilisation,
      eventCount: windows > 0 ? new Int32Array(decode(points.eventCount)) : new Int32Array(),
      value: windows > 0 ? new Float32Array(decode(points.value)) : new Float32Array(),
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

function decode(text: string): ArrayBuffer {
  const binary = (globalThis as unknown as { atob(data: string): string }).atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes.buffer;
}
