import type { RopeDeviceState } from '@rope/domain/sensors/device-state-views';
import { summariseSensors } from '@rope/domain/sensors/silence';

/** How much a rope's devices ask for a look: silent sensors, a TRUscan in error, events nobody acknowledged. */
export function deviceAttention(state: RopeDeviceState, now: number): number {
  const sensors = summariseSensors(state.sensors, now);
  return (
    (state.truscan?.status === 'error' ? 4 : 0) +
    (sensors.silent + sensors.never > 0 ? 2 : 0) +
    (state.unacknowledgedSmartropeEvents > 0 ? 1 : 0)
  );
}

/** Those asking for a look first; otherwise the server's order (area, installation, rope). */
export function sortByAttention(states: readonly RopeDeviceState[], now: number): RopeDeviceState[] {
  return states
    .map((state, index) => ({ state, index, attention: deviceAttention(state, now) }))
    .sort((a, b) => b.attention - a.attention || a.index - b.index)
    .map((entry) => entry.state);
}
