import { describe, expect, it } from 'vitest';
import { ID_MAX } from '../ids.ts';
import { plainIngestBody, sensorIngestBodySchema } from './ingest.ts';
import { MAX_INGEST_BATCH } from './limits.ts';

const good = { sensor: 7, ts: '2026-06-01T10:00:00.125Z', value: 1.5 };

describe('plainIngestBody', () => {
  it('takes a plainly valid batch as the schema reads it, other fields dropped', () => {
    const body = {
      measurements: [
        good,
        { sensor: ID_MAX, ts: '2024-02-29T23:59:59.123456+01:00', value: -0 },
        { ...good, extra: 1 },
      ],
      other: true,
    };
    expect(plainIngestBody(body)).toEqual(sensorIngestBodySchema.parse(body));
  });

  it('leaves every batch the schema refuses to the schema', () => {
    const rows: unknown[] = [
      null,
      [],
      'row',
      { ...good, sensor: 0 },
      { ...good, sensor: 1.5 },
      { ...good, sensor: ID_MAX + 1 },
      { ...good, sensor: '7' },
      { ...good, ts: '2026-02-30T00:00:00Z' },
      { ...good, ts: '2026-06-01T10:00Z' },
      { ...good, ts: '2026-06-01T10:00:00+0100' },
      { ...good, ts: '2026-06-01 10:00:00Z' },
      { ...good, ts: 1_780_000_000 },
      { ...good, value: Number.POSITIVE_INFINITY },
      { ...good, value: Number.NaN },
      { ...good, value: '1' },
      { sensor: 7, ts: good.ts },
    ];
    for (const row of rows) {
      const body = { measurements: [good, row] };
      expect(sensorIngestBodySchema.safeParse(body).success, JSON.stringify(row)).toBe(false);
      expect(plainIngestBody(body), JSON.stringify(row)).toBeUndefined();
    }
    for (const body of [null, 'x', {}, { measurements: [] }, { measurements: {} }]) {
      expect(plainIngestBody(body)).toBeUndefined();
    }
    const tooMany = { measurements: Array.from({ length: MAX_INGEST_BATCH + 1 }, () => good) };
    expect(plainIngestBody(tooMany)).toBeUndefined();
    expect(sensorIngestBodySchema.safeParse(tooMany).success).toBe(false);
  });
});
