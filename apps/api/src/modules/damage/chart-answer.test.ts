import { damageChartAnswer } from '@rope/domain/ropes/damage-chart-answer';
import { computeRopeDamage } from '@rope/domain/ropes/rope-damage';
import { ropeEvent } from '@rope/domain/ropes/test-fixtures';
import { WORKED_EXAMPLE_ROPE } from '@rope/domain/ropes/worked-example';
import { describe, expect, it } from 'vitest';
import { damageChartJson } from './chart-answer.ts';

const base64 = (values: Int32Array | Float32Array | Float64Array) =>
  Buffer.from(values.buffer, values.byteOffset, values.byteLength).toString('base64');

describe('damageChartJson', () => {
  it('writes the answer JSON.stringify would, columns of every length included', () => {
    for (const count of [0, 1, 2, 3, 7, 100]) {
      const events = Array.from({ length: count }, (_, i) => ropeEvent(10 + i * 0.37, { damageCount: 1 + (i % 3) }));
      const result = computeRopeDamage(WORKED_EXAMPLE_ROPE, events);
      const bytes = damageChartJson(result);
      expect(bytes.toString('utf8')).toBe(JSON.stringify(damageChartAnswer(result, base64)));
    }
  });

  it('answers an unknown damage with its missing inputs', () => {
    const result = computeRopeDamage({ ...WORKED_EXAMPLE_ROPE, nominalDiameter: undefined }, [
      ropeEvent(5, { damageCount: 2 }),
    ]);
    const answer = JSON.parse(damageChartJson(result).toString('utf8'));
    expect(answer).toMatchObject({
      status: 'unknown',
      missingInputs: expect.arrayContaining(['nominalDiameter']),
      damage: null,
    });
  });
});
