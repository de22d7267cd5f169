import { describe, expect, it } from 'vitest';
import { lastReading, sensorList } from './sensor-device-display';

describe('a device last reading', () => {
  it('is the newest of its sensors, null before any', () => {
    const sensor = (lastMeasurementAt: string | null) => ({
      id: 1,
      name: 's',
      attributes: {},
      isDeleted: false,
      lastMeasurementAt,
    });
    expect(lastReading({ sensors: [] })).toBeNull();
    expect(lastReading({ sensors: [sensor(null)] })).toBeNull();
    expect(
      lastReading({
        sensors: [sensor('2026-01-02T00:00:00.000Z'), sensor(null), sensor('2026-03-01T10:00:00+01:00')],
      }),
    ).toBe('2026-03-01T10:00:00+01:00');
  });
});

describe('a smartrope sensors in a line', () => {
  it('names each with its unit where it has one', () => {
    expect(
      sensorList([
        { name: 'Magnetic flux', unit: 'mT' },
        { name: 'Count', unit: '' },
      ]),
    ).toBe('Magnetic flux (mT), Count');
  });
});
