import { message } from '@rope/domain/messages';
import { minMaxBuckets } from '@rope/domain/mrt/mea/decimate';
import type { MrtTraceAnswer } from '@rope/domain/mrt/schemas';
import { AppError } from '../../http/app-error.ts';
import { assertCan } from '../../http/guards.ts';
import type { ActionArgs } from '../action-args.ts';
import { findMeasurement } from './internal.ts';
import { datumPositionOf, toMillimetre } from './measurement-view.ts';
import { readFloats, traceLayout } from './trace-store.ts';

export interface TraceQuery {
  eventId: number;
  from?: number;
  to?: number;
  buckets: number;
}

/**
 * The trace between two datum positions in at most `buckets` min/max buckets. A range of more than two blocks a
 * bucket is drawn from the stored block extremes (its ends rounded out to whole blocks), a shorter one from the
 * samples, so an answer never reads more than 2 · 256 · buckets values.
 */
export async function getMrtTrace({ ctx, actor, input }: ActionArgs<TraceQuery>): Promise<MrtTraceAnswer> {
  assertCan(actor, 'DOMAIN_READ');
  const { measurement: row, positionOffset } = await findMeasurement(ctx, actor, input.eventId);
  if (input.from !== undefined && input.to !== undefined && input.from > input.to)
    throw new AppError('VALIDATION', message('validation.rangeOrder'), { to: message('validation.rangeOrder') });
  const spacing = row.sampleSpacingUm / 1_000_000;
  const runFrom = datumPositionOf(row, 0, positionOffset);
  const runTo = datumPositionOf(row, row.sampleCount - 1, positionOffset);
  const first = Math.max(0, Math.ceil(((input.from ?? runFrom) - runFrom) / spacing - 1e-6));
  const last = Math.min(row.sampleCount - 1, Math.floor(((input.to ?? runTo) - runFrom) / spacing + 1e-6));
  const base = { runFrom, runTo, positionOffset, sampleSpacing: spacing };
  if (first > last) {
    const at = toMillimetre(Math.min(Math.max(input.from ?? runFrom, runFrom), runTo));
    return { trace: { ...base, from: at, to: at, samplesPerBucket: 0, position: [], min: [], max: [] } };
  }
  const layout = traceLayout(row.sampleCount);
  const count = last - first + 1;
  const middle = (start: number, end: number) => datumPositionOf(row, (start + end - 1) / 2, positionOffset);
  let buckets: { position: number[]; min: number[]; max: number[] };
  if (count > 2 * row.blockSize * input.buckets) {
    const firstBlock = Math.floor(first / row.blockSize);
    const lastBlock = Math.floor(last / row.blockSize);
    const [lows, highs] = await Promise.all([
      readFloats(ctx, row.traceKey, layout.minAt(firstBlock), layout.minAt(lastBlock + 1)),
      readFloats(ctx, row.traceKey, layout.maxAt(firstBlock), layout.maxAt(lastBlock + 1)),
    ]);
    const result = minMaxBuckets(lows, highs, input.buckets);
    const sampleOf = (block: number) => Math.min(row.sampleCount, (firstBlock + block) * row.blockSize);
    buckets = {
      position: result.min.map((_, b) => middle(sampleOf(result.starts[b]!), sampleOf(result.starts[b + 1]!))),
      min: result.min,
      max: result.max,
    };
  } else {
    const samples = await readFloats(ctx, row.traceKey, layout.sampleAt(first), layout.sampleAt(last + 1));
    const result = minMaxBuckets(samples, samples, input.buckets);
    buckets = {
      position: result.min.map((_, b) => middle(first + result.starts[b]!, first + result.starts[b + 1]!)),
      min: result.min,
      max: result.max,
    };
  }
  const round = (values: number[]) => values.map((value) => Math.round(value * 10_000) / 10_000);
  return {
    trace: {
      ...base,
      from: datumPositionOf(row, first, positionOffset),
      to: datumPositionOf(row, last, positionOffset),
      samplesPerBucket: Math.round((count / buckets.min.length) * 100) / 100,
      position: buckets.position,
      min: round(buckets.min),
      max: round(buckets.max),
    },
  };
}
