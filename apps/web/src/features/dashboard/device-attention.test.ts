import type { RopeDeviceState } from '@rope/domain/sensors/device-state-views';
import { describe, expect, it } from 'vitest';
import { sortByAttention } from './device-attention';

const NOW = Date.parse('2027-03-01T12:00:00Z');
const place = { installation: { id: 1, name: 'I' }, area: { id: 1, name: 'A' } };
const state = (id: number, patch: Partial<RopeDeviceState> = {}): RopeDeviceState => ({
  rope: { id, name: `Rope ${id}` },
  ...place,
  truscan: null,
  sensors: [{ id, name: 'Tension', lastMeasurementAt: new Date(NOW - 60_000).toISOString() }],
  unacknowledgedSmartropeEvents: 0,
  smartropeCount: 0,
  ...patch,
});

describe('device states by attention', () => {
  it('puts a TRUscan error before silent sensors before open smartrope events before the rest', () => {
    const sorted = sortByAttention(
      [
        state(1),
        state(2, { unacknowledgedSmartropeEvents: 3, smartropeCount: 1 }),
        state(3, { sensors: [{ id: 3, name: 'Wind', lastMeasurementAt: '2026-11-01T00:00:00Z' }] }),
        state(4, { truscan: { status: 'error' } }),
        state(5, { sensors: [{ id: 5, name: 'Wind', lastMeasurementAt: null }] }),
      ],
      NOW,
    );
    expect(sorted.map((entry) => entry.rope.id)).toEqual([4, 3, 5, 2, 1]);
  });
});
