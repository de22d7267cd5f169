import type { RopeDamageResult } from '@rope/domain/rope/rope-damage';
import { damageChartAnswer } from '@rope/domain/views/damage-chart';

/** The damage chart answer as JSON text (see DamageChartAnswer for its columns). */
export function damageChartJson(result: RopeDamageResult): string {
  return JSON.stringify(damageChartAnswer(result, base64));
}

const base64 = (values: Int32Array | Float32Array | Float64Array) =>
  Buffer.from(values.buffer, values.byteOffset, values.byteLength).toString('base64');
