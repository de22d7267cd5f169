import { describe, expect, it } from 'vitest';
import { SENSOR_SILENT_AFTER_MS, sensorReporting, summariseSensors } from './silence.ts';

const NOW = Date.parse('2027-03-01T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('sensor reporting', () => {
  it('is reporting up to the threshold and silent after it', () => {
    expect(sensorReporting(ago(SENSOR_SILENT_AFTER_MS), NOW)).toBe('reporting');
    expect(sensorReporting(ago(SENSOR_SILENT_AFTER_MS + 1000), NOW)).toBe('silent');
  });

  it('is never fine without a reading', () => {
    expect(sensorReporting(null, NOW)).toBe('never');
    expect(sensorReporting('not a time', NOW)).toBe('never');
  });

  it('counts a rope sensors and names the oldest silence', () => {
    const summary = summariseSensors(
      [
        { lastMeasurementAt: ago(60_000) },
        { lastMeasurementAt: ago(5 * 3_600_000) },
        { lastMeasurementAt: ago(50 * 3_600_000) },
        { lastMeasurementAt: null },
      ],
      NOW,
    );
    expect(summary).toEqual({ total: 4, reporting: 1, silent: 2, never: 1, silentSince: ago(50 * 3_600_000) });
  });
});
