import type { Db } from '@rope/db/client';
import { sensorDevices, sensors } from '@rope/db/schema/index';
import type { SensorAttributes } from '@rope/domain/sensors/schemas';
import { sql } from 'drizzle-orm';
import { arrayText, rollUpReadingsCtes } from '../modules/sensors/rollup-sql.ts';
import type { DemoHierarchy, DemoRope } from './hierarchy.ts';
import { DAY, HOUR, iso, type Rng, round } from './random.ts';

export const SENSOR_DEVICE_COUNT = 20;
const HOURS = 365 * 24;

type Kind = 'tension' | 'temperature' | 'vibration' | 'wind';

interface KindInfo {
  title: string;
  unit: string;
  range: (base: number) => [number, number];
  plotlines: (base: number) => { name: string; position: number; color: string }[];
}

const KINDS: Record<Kind, KindInfo> = {
  tension: {
    title: 'Rope tension',
    unit: 'kN',
    range: (b) => [round(b * 0.6), round(b * 1.6)],
    plotlines: (b) => [
      { name: 'Max. operating tension', position: round(b * 1.35), color: '#fd7e14' },
      { name: 'Alarm', position: round(b * 1.5), color: '#fa5252' },
    ],
  },
  temperature: {
    title: 'Rope temperature',
    unit: '°C',
    range: () => [-25, 30],
    plotlines: () => [{ name: 'Icing risk', position: 0, color: '#228be6' }],
  },
  vibration: {
    title: 'Vibration (RMS)',
    unit: 'mm/s',
    range: () => [0, 12],
    plotlines: () => [{ name: 'Warning', position: 7.1, color: '#fa5252' }],
  },
  wind: {
    title: 'Wind speed',
    unit: 'm/s',
    range: () => [0, 30],
    plotlines: () => [
      { name: 'Reduced speed', position: 15, color: '#fd7e14' },
      { name: 'Shut down', position: 20, color: '#fa5252' },
    ],
  },
};

const KIND_SETS: Kind[][] = [
  ['tension'],
  ['tension', 'temperature'],
  ['tension', 'vibration', 'wind'],
  ['temperature', 'wind'],
];

/** Hourly series with a seasonal and a daily rhythm (operating hours, sun) plus noise. */
function series(rng: Rng, kind: Kind, base: number, start: number): string {
  const values: string[] = [];
  for (let h = 0; h < HOURS; h++) {
    const t = start + h * HOUR;
    // Coldest in mid-January of whichever year the reading falls in.
    const day = (t - Date.UTC(new Date(t).getUTCFullYear(), 0, 15)) / DAY;
    const hour = (new Date(t).getUTCHours() + 1) % 24;
    const operating = hour >= 8 && hour < 17;
    const season = -Math.cos((2 * Math.PI * day) / 365);
    let v: number;
    if (kind === 'temperature')
      v = base + 9 * season + 4 * Math.cos((2 * Math.PI * (hour - 14)) / 24) + rng.normal(0, 1.2);
    else if (kind === 'vibration')
      v = operating
        ? 2.6 + rng.normal(0, 0.6) + (rng.chance(0.004) ? rng.float(3, 6) : 0)
        : 0.25 + Math.abs(rng.normal(0, 0.08));
    else if (kind === 'wind')
      v = Math.abs(
        3 +
          2 * -season +
          1.5 * Math.sin((2 * Math.PI * hour) / 24) +
          rng.normal(0, 2.2) +
          (rng.chance(0.01) ? rng.float(6, 14) : 0),
      );
    else v = base * (1 - 0.04 * season + (operating ? 0.12 + rng.normal(0, 0.03) : rng.normal(0, 0.01)));
    values.push(v.toFixed(2));
  }
  return `{${values.join(',')}}`;
}

function pickRopes(h: DemoHierarchy): DemoRope[] {
  const preferred = h.ropes.filter(
    (r) => r.role === 'haul' || r.role === 'structural' || r.role === 'guy' || r.role === 'track',
  );
  const step = preferred.length / SENSOR_DEVICE_COUNT;
  return Array.from({ length: SENSOR_DEVICE_COUNT }, (_, i) => preferred[Math.floor(i * step)]!);
}

/** A year of hourly readings up to the hour of `deviceRef` (the load time), so the demo's sensors report now. */
export async function insertSensors(
  db: Db,
  rng: Rng,
  h: DemoHierarchy,
  deviceRef: number,
): Promise<{ devices: number; sensors: number }> {
  const start = deviceRef - (HOURS - 1) * HOUR;
  const ropes = pickRopes(h);
  const deviceRows = await db
    .insert(sensorDevices)
    .values(
      ropes.map((rope, i) => ({
        name: `SB-${String(i + 1).padStart(2, '0')} ${rope.installation.name} – ${rope.name}`,
        ropeId: rope.id,
        attributes: {
          iccid: `894101${rng.hex(13).replace(/[a-f]/g, '7')}`,
          imei: `35${String(rng.int(1e12, 9.99e12))}`,
          firmware: rng.pick(['2.3.7', '2.4.1', '2.4.2']),
        },
        createdAt: new Date(start - rng.int(5, 60) * DAY),
      })),
    )
    .returning({ id: sensorDevices.id });

  const sensorIds: number[] = [];
  for (const [i, rope] of ropes.entries()) {
    const kinds = KIND_SETS[rng.int(0, KIND_SETS.length - 1)]!;
    const mbf = rope.attributes.minimumBreakingForce ?? 1000;
    for (const kind of kinds) {
      const base =
        kind === 'tension' ? round(mbf / rng.float(4.5, 6)) : kind === 'temperature' ? round(rng.float(-4, 3), 1) : 0;
      const info = KINDS[kind];
      const [yMin, yMax] = info.range(base);
      const attributes: SensorAttributes = {
        isEnabled: true,
        chartTitle: `${info.title} – ${rope.installation.name}`,
        yMin,
        yMax,
        startDate: iso(start),
        plotlines: info.plotlines(base),
        values: [
          {
            fragment: kind,
            name: info.title,
            unit: info.unit,
            isEnabled: true,
            offset: 0,
            trendlines: { min: true, max: true, avg: true, median: false },
          },
        ],
      };
      const [row] = await db
        .insert(sensors)
        .values({ deviceId: deviceRows[i]!.id, name: info.title, attributes })
        .returning({ id: sensors.id });
      sensorIds.push(row!.id);
      await db.execute(sql`
        insert into sensor_measurements (sensor_id, ts, value)
        select ${row!.id}, ${iso(start)}::timestamptz + (t.i - 1) * interval '1 hour', t.v
        from unnest(${series(rng, kind, base, start)}::float8[]) with ordinality as t(v, i)
        on conflict do nothing`);
    }
  }
  await rollUp(db, sensorIds);
  return { devices: deviceRows.length, sensors: sensorIds.length };
}

/** The rollups of the demo's sensors, by the rule ingestion follows. */
async function rollUp(db: Db, sensorIds: number[]): Promise<void> {
  const readings = sql`(select sensor_id, ts, value from sensor_measurements
    where sensor_id = any(${arrayText(sensorIds)}::int[])) as readings`;
  await db.execute(sql`with ${rollUpReadingsCtes(readings)} select 1`);
}
