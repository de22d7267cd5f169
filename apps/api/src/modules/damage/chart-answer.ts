import { randomUUID } from 'node:crypto';
import { damageChartAnswer } from '@rope/domain/ropes/damage-chart-answer';
import type { DamageChartRange } from '@rope/domain/ropes/damage-chart-form';
import type { RopeDamageResult } from '@rope/domain/ropes/rope-damage';

type Column = Int32Array | Float32Array | Float64Array;

/**
 * The damage chart answer as JSON bytes (see DamageChartAnswer for its columns). The columns are megabytes of
 * base64: JSON.stringify would scan them for characters to escape and the reply would scan them again for their
 * UTF-8 length and copy them into bytes. Base64 needs no escaping, so each column is written straight into the
 * answer's buffer where the small JSON around them has a placeholder for it.
 */
export function damageChartJson(result: RopeDamageResult, range: DamageChartRange = {}): Buffer {
  const columns: Column[] = [];
  const skeleton = JSON.stringify(
    damageChartAnswer(result, (values) => `${PLACEHOLDER}${columns.push(values) - 1}${PLACEHOLDER}`, range),
  );
  const parts = skeleton.split(PLACEHOLDER);
  // parts alternate: JSON text, column index, JSON text, …
  let size = 0;
  for (let i = 0; i < parts.length; i += 1) {
    size += i % 2 === 0 ? Buffer.byteLength(parts[i]!) : base64Length(columns[Number(parts[i])]!);
  }
  const answer = Buffer.allocUnsafe(size);
  let offset = 0;
  for (let i = 0; i < parts.length; i += 1) {
    if (i % 2 === 0) offset += answer.write(parts[i]!, offset, 'utf8');
    else offset += answer.write(bytesOf(columns[Number(parts[i])]!).toString('base64'), offset, 'latin1');
  }
  return answer;
}

/** Marks where a column goes: a token nothing else in the answer holds, and JSON.stringify leaves as it is. */
const PLACEHOLDER = `~column-${randomUUID()}~`;

const bytesOf = (values: Column) => Buffer.from(values.buffer, values.byteOffset, values.byteLength);

const base64Length = (values: Column) => Math.ceil(values.byteLength / 3) * 4;
