import type { Db } from '@rope/db/client';
import { smartropeEvents, smartropeMeasurements, smartropeSensors, smartropes } from '@rope/db/schema/index';
import type { DemoHierarchy, DemoRope } from './hierarchy.ts';
import { DAY, type Rng, round } from './random.ts';

export const SMARTROPE_COUNT = 5;
const SAMPLES = 120;
const SAMPLE_MS = 5_000;

const SENSORS = [
  { name: 'Wire break detector', unit: 'count' },
  { name: 'Magnetic flux', unit: 'mT' },
  { name: 'Strain', unit: 'µm/m' },
];

const COMMENTS = [
  'Checked on the next inspection run.',
  'Caused by a clamp passing the sensor.',
  'Confirmed by MRT.',
  '',
];

/** A smartrope threshold event, for the notifications of its installation. */
export interface SmartropeAlert {
  rope: DemoRope;
  name: string;
  /** The event and the time of its peak measurement: what a live trigger names. */
  eventId: number;
  at: number;
  value: number;
}

/** Events of the half year before `deviceRef` (the load time); those of the last two weeks not acknowledged yet. */
export async function insertSmartropes(
  db: Db,
  rng: Rng,
  h: DemoHierarchy,
  deviceRef: number,
): Promise<SmartropeAlert[]> {
  const ref = deviceRef;
  const candidates = h.ropes.filter((r) => r.role === 'haul' && r.installation.spec.kind !== 'funicular');
  const chosen = Array.from(
    { length: SMARTROPE_COUNT },
    (_, i) => candidates[Math.floor((i * candidates.length) / SMARTROPE_COUNT)]!,
  );
  const alerts: SmartropeAlert[] = [];
  const measurementRows: (typeof smartropeMeasurements.$inferInsert)[] = [];
  for (const rope of chosen) {
    const name = `Smartrope ${rope.installation.name}`;
    const [row] = await db
      .insert(smartropes)
      .values({ name, uuid: rng.uuid(), ropeId: rope.id, createdAt: new Date(ref - rng.int(200, 500) * DAY) })
      .returning({ id: smartropes.id });
    const smartropeId = row!.id;
    await db.insert(smartropeSensors).values(SENSORS.map((s) => ({ smartropeId, name: s.name, unit: s.unit })));
    const count = rng.int(8, 14);
    const specs = Array.from({ length: count }, (_, e) => {
      const at = Math.round((ref - rng.float(1, 180) * DAY) / 1000) * 1000;
      const type = e % 4 === 0 ? 'threshold' : rng.pick(['anomaly', 'info', 'info'] as const);
      return { at, type, sensor: SENSORS[e % SENSORS.length]!.name };
    }).sort((a, b) => a.at - b.at);
    const eventRows = await db
      .insert(smartropeEvents)
      .values(
        specs.map((s) => ({
          smartropeId,
          sensorName: s.sensor,
          type: s.type,
          occurredAt: new Date(s.at),
          attributes:
            s.at < ref - 14 * DAY ? { isAcknowledged: true, comment: rng.pick(COMMENTS) } : { isAcknowledged: false },
        })),
      )
      .returning({ id: smartropeEvents.id });
    specs.forEach((s, e) => {
      const baseline = rng.float(280, 420);
      const peak =
        s.type === 'threshold' ? rng.float(820, 960) : s.type === 'anomaly' ? rng.float(600, 780) : rng.float(450, 560);
      let peakValue = 0;
      let peakAt = s.at;
      for (let k = 0; k < SAMPLES; k++) {
        const x = (k - SAMPLES / 2) / 8;
        const value = round(baseline + (peak - baseline) * Math.exp(-x * x) + rng.normal(0, 6), 2);
        const ts = s.at + (k - SAMPLES / 2) * SAMPLE_MS;
        if (value > peakValue) [peakValue, peakAt] = [value, ts];
        measurementRows.push({ eventId: eventRows[e]!.id, ts: new Date(ts), value });
      }
      if (s.type === 'threshold') alerts.push({ rope, name, eventId: eventRows[e]!.id, at: peakAt, value: peakValue });
    });
  }
  for (let offset = 0; offset < measurementRows.length; offset += 2000) {
    await db.insert(smartropeMeasurements).values(measurementRows.slice(offset, offset + 2000));
  }
  return alerts;
}
