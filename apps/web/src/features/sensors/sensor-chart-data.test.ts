import type { SensorAggregatesAnswer, SensorDeviceView } from '@rope/domain/sensors/views';
import { describe, expect, it } from 'vitest';
import {
  bucketDuration,
  bucketsForWidth,
  type ChartValue,
  chartedSensors,
  chartTitle,
  chartValues,
  eventChartData,
  rangeWindow,
  sensorAlignedData,
  sensorChartData,
  trendLines,
  wantsMedian,
  yRange,
  zoomWindow,
} from './sensor-chart-data';

const HOUR = 3_600;

function answer(buckets: { ts: string; min: number; max: number; avg: number }[], bucketSeconds = HOUR) {
  return {
    from: '2026-01-01T00:00:00.000Z',
    to: '2026-01-02T00:00:00.000Z',
    bucketSeconds,
    source: 'hour',
    buckets: buckets.map((bucket) => ({ count: 1, ...bucket })),
    trend: { count: buckets.length, min: 1, max: 9, avg: 5, median: 4 },
  } satisfies SensorAggregatesAnswer;
}

const sensor = (attributes: SensorDeviceView['sensors'][number]['attributes'], extra = {}) => ({
  id: 1,
  name: 'Tension',
  attributes,
  isDeleted: false,
  lastMeasurementAt: null,
  ...extra,
});

describe('the sensors a rope charts', () => {
  it('leaves out archived sensors and those switched off', () => {
    const device = {
      id: 1,
      name: 'SB-01',
      rope: null,
      attributes: {},
      createdAt: '2026-01-01T00:00:00.000Z',
      sensors: [
        sensor({}),
        sensor({ isEnabled: false }, { id: 2 }),
        sensor({}, { id: 3, isDeleted: true }),
        sensor({ isEnabled: true }, { id: 4 }),
      ],
    } satisfies SensorDeviceView;
    expect(chartedSensors([device]).map(({ sensor }) => sensor.id)).toEqual([1, 4]);
  });

  it('titles a chart by its chart title, or the sensor name when it has none', () => {
    expect(chartTitle(sensor({ chartTitle: 'Tension at the drive' }))).toBe('Tension at the drive');
    expect(chartTitle(sensor({ chartTitle: '  ' }))).toBe('Tension');
  });
});

describe('chart values', () => {
  const value = { fragment: 'f', name: 'Tension', unit: 'kN', isEnabled: true, offset: 0, trendlines: {} };

  it('draws the enabled values with their trendlines in a fixed order', () => {
    const values = chartValues(
      sensor({
        values: [
          { ...value, trendlines: { median: true, min: true, avg: false } },
          { ...value, name: 'Off', isEnabled: false },
        ],
      }),
    );
    expect(values).toEqual([{ name: 'Tension', unit: 'kN', offset: 0, trendlines: ['min', 'median'] }]);
    expect(wantsMedian(values)).toBe(true);
    expect(wantsMedian([{ ...values[0]!, trendlines: ['min', 'max', 'avg'] }])).toBe(false);
  });

  it('draws the readings under the sensor name when the sensor lists no values', () => {
    expect(chartValues(sensor({}))).toEqual([{ name: 'Tension', unit: '', offset: 0, trendlines: [] }]);
  });
});

describe('aggregates as chart lines', () => {
  it('adds each value its offset on min, max and mean, and places buckets at their middle', () => {
    const data = sensorChartData(
      answer([
        { ts: '2026-01-01T00:00:00.000Z', min: 1, max: 3, avg: 2 },
        { ts: '2026-01-01T01:00:00.000Z', min: 2, max: 9, avg: 4 },
      ]),
      [
        { name: 'raw', unit: 'kN', offset: 0, trendlines: [] },
        { name: 'calibrated', unit: 'kN', offset: -1.5, trendlines: ['max'] },
      ],
    );
    const start = Date.parse('2026-01-01T00:00:00.000Z') / 1000;
    expect(data.xs).toEqual([start + HOUR / 2, start + HOUR * 1.5]);
    expect(data.lines[0]).toEqual({ min: [1, 2], max: [3, 9], avg: [2, 4] });
    expect(data.lines[1]).toEqual({ min: [-0.5, 0.5], max: [1.5, 7.5], avg: [0.5, 2.5] });
    expect(data.trends).toEqual([{ value: 1, kind: 'max', y: 7.5 }]);
  });

  it('keeps the spike of a bucket in its band, however coarse the bucket', () => {
    const data = sensorChartData(answer([{ ts: '2026-01-01T00:00:00.000Z', min: 0, max: 500, avg: 1 }], 86_400), [
      { name: 'v', unit: '', offset: 0, trendlines: [] },
    ]);
    expect(data.lines[0]?.max).toEqual([500]);
    expect(data.lines[0]?.avg).toEqual([1]);
  });

  it('leaves a gap where readings stopped, and bridges the usual spacing of sparse readings', () => {
    // Hourly readings in 5-minute buckets: one bucket an hour is the usual spacing, not a gap.
    const hours = [0, 1, 2, 3, 9, 10];
    const data = sensorChartData(
      answer(
        hours.map((h) => ({ ts: new Date(Date.UTC(2026, 0, 1, h)).toISOString(), min: h, max: h, avg: h })),
        300,
      ),
      [{ name: 'v', unit: '', offset: 0, trendlines: [] }],
    );
    expect(data.lines[0]?.avg).toEqual([0, 1, 2, 3, null, 9, 10]);
    expect(data.xs).toHaveLength(7);
    expect([...data.xs].sort((a, b) => a - b)).toEqual(data.xs);
  });

  it('draws no trendline whose figure the answer lacks', () => {
    const values: ChartValue[] = [{ name: 'v', unit: '', offset: 2, trendlines: ['min', 'median'] }];
    expect(trendLines({ count: 3, min: 1, max: 5, avg: 3 }, values)).toEqual([{ value: 0, kind: 'min', y: 3 }]);
    expect(trendLines({ count: 0, min: null, max: null, avg: null, median: null }, values)).toEqual([]);
  });
});

describe('y range', () => {
  const data = sensorChartData(answer([{ ts: '2026-01-01T00:00:00.000Z', min: 10, max: 20, avg: 15 }]), [
    { name: 'v', unit: '', offset: 0, trendlines: [] },
  ]);

  it('is yMin and yMax where the sensor sets them', () => {
    expect(yRange({ yMin: 0, yMax: 100 }, data, [])).toEqual([0, 100]);
  });

  it('follows the data and the plotlines where it does not', () => {
    const [low, high] = yRange({}, data, [{ name: 'Alarm', position: 30, color: '#fa5252' }]);
    expect(low).toBeLessThan(10);
    expect(high).toBeGreaterThan(30);
    const [fixedLow, autoHigh] = yRange({ yMin: 0 }, data, []);
    expect(fixedLow).toBe(0);
    expect(autoHigh).toBeGreaterThan(20);
  });

  it('is never empty', () => {
    const [low, high] = yRange({ yMin: 50 }, data, []);
    expect(high).toBeGreaterThan(low);
  });
});

describe('windows', () => {
  const now = new Date('2026-06-15T12:00:00.000Z');

  it('counts back from now and never starts before the sensor was mounted', () => {
    expect(rangeWindow('1W', now, undefined, '2020-01-01T00:00:00.000Z')).toEqual({
      from: Date.parse('2026-06-08T12:00:00.000Z'),
      to: now.getTime(),
    });
    expect(rangeWindow('1Y', now, '2026-05-01T00:00:00.000Z', '2020-01-01T00:00:00.000Z').from).toBe(
      Date.parse('2026-05-01T00:00:00.000Z'),
    );
  });

  it('shows All from the start date, or from the device when the sensor has none', () => {
    expect(rangeWindow('All', now, '2025-06-01T00:00:00.000Z', '2020-01-01T00:00:00.000Z').from).toBe(
      Date.parse('2025-06-01T00:00:00.000Z'),
    );
    expect(rangeWindow('All', now, undefined, '2024-01-01T00:00:00.000Z').from).toBe(
      Date.parse('2024-01-01T00:00:00.000Z'),
    );
  });

  it('still has a window when the start date lies ahead', () => {
    const window = rangeWindow('1M', now, '2027-01-01T00:00:00.000Z', '2020-01-01T00:00:00.000Z');
    expect(window.from).toBeLessThan(window.to);
  });

  it('turns a drag in seconds into a window in milliseconds, either way round', () => {
    expect(zoomWindow(2_000, 1_000)).toEqual({ from: 1_000_000, to: 2_000_000 });
    expect(zoomWindow(1_000, 1_010)).toBeNull();
  });

  it('asks about a bucket per pixel, within the API limit, in steps', () => {
    expect(bucketsForWidth(1_234)).toBe(1_200);
    expect(bucketsForWidth(10)).toBe(50);
    expect(bucketsForWidth(5_000)).toBe(2_000);
  });
});

describe('smartrope event measurements', () => {
  it('are drawn oldest first', () => {
    expect(
      eventChartData([
        { unixTimestamp: 20, value: 2 },
        { unixTimestamp: 10, value: 1 },
      ]),
    ).toEqual({ xs: [10, 20], values: [1, 2] });
  });
});

describe('bucket width', () => {
  it('is told in the largest whole unit', () => {
    expect(bucketDuration(7_200)).toEqual({ value: 2, unit: 'hour' });
    expect(bucketDuration(90)).toEqual({ value: 90, unit: 'second' });
    expect(bucketDuration(364 * 86_400)).toEqual({ value: 52, unit: 'week' });
    expect(bucketDuration(86_400)).toEqual({ value: 1, unit: 'day' });
  });
});

describe('chart columns', () => {
  it('stretch the trendlines and plotlines over the whole window, not the readings', () => {
    const data = sensorChartData(answer([{ ts: '2026-01-01T10:00:00.000Z', min: 1, max: 3, avg: 2 }]), [
      { name: 'v', unit: '', offset: 0, trendlines: ['max'] },
    ]);
    const window = { from: Date.parse('2026-01-01T00:00:00.000Z'), to: Date.parse('2026-01-02T00:00:00.000Z') };
    const columns = sensorAlignedData(data, window, [{ name: 'Alarm', position: 8, color: '#fa5252' }]);
    expect(columns[0]).toEqual([window.from / 1000, data.xs[0], window.to / 1000]);
    expect(columns.slice(1, 4)).toEqual([
      [null, 3, null],
      [null, 1, null],
      [null, 2, null],
    ]);
    expect(columns[4]).toEqual([9, 9, 9]);
    expect(columns[5]).toEqual([8, 8, 8]);
  });
});
