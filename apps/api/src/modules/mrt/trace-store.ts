import { endianness } from 'node:os';
import { PassThrough, Readable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import { message } from '@rope/domain/messages';
import { MeaFormatError } from '@rope/domain/mrt/mea/errors';
import type { MeaHeader } from '@rope/domain/mrt/mea/format';
import type { TraceAnalysis } from '@rope/domain/mrt/mea/peaks';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/app-error.ts';
import type { StoredObject } from '../../infra/storage/types.ts';
import { type IncomingMea, meaRefusal, meaTooLarge, readIncomingHead } from './read-mea-file.ts';
import { type DecodedTrace, startTraceJob } from './trace-decoder.ts';

/** Samples per block of the overview: a long range is drawn from block extremes, never from every sample. */
export const TRACE_BLOCK_SIZE = 256;
const FLOAT_BYTES = 4;

export interface StoredMea {
  file: { name: string; header: MeaHeader };
  fileObject: StoredObject;
  traceObject: StoredObject;
  analysis: TraceAnalysis;
}

/**
 * The trace object: float32 little-endian, the trace (one value per sample), then the minima and then the maxima
 * of its blocks of TRACE_BLOCK_SIZE samples. Byte ranges of it answer any zoom.
 */
export function traceLayout(sampleCount: number) {
  const blocks = Math.ceil(sampleCount / TRACE_BLOCK_SIZE);
  return {
    blocks,
    sampleAt: (index: number) => index * FLOAT_BYTES,
    minAt: (block: number) => (sampleCount + block) * FLOAT_BYTES,
    maxAt: (block: number) => (sampleCount + blocks + block) * FLOAT_BYTES,
  };
}

const LITTLE_ENDIAN = endianness() === 'LE';
/** The values as float32 little-endian bytes: on a little-endian machine the array's own memory, not a copy. */
const floatBytes = (values: Float32Array) => {
  if (LITTLE_ENDIAN) return Buffer.from(values.buffer, values.byteOffset, values.byteLength);
  const bytes = Buffer.allocUnsafe(values.length * FLOAT_BYTES);
  for (let i = 0; i < values.length; i++) bytes.writeFloatLE(values[i]!, i * FLOAT_BYTES);
  return bytes;
};
/** Work on the event loop runs at most this long before other requests get their turn. */
const SLICE_MS = 4;
/** Pieces handed to the decoder before the first of them must be back. */
const IN_FLIGHT = 4;

/**
 * Stores a file as it arrives, and its trace beside it, and answers the trace's peaks: judged by its header first,
 * then each piece goes on to storage and is decoded into the trace on its way (on the decoding thread for a large
 * file, trace-decoder.ts), the trace streams to its own object, and the length and checksum are checked at the end.
 * Nothing but a few pieces, a metre of trace, the overview and the peaks is held, whatever the file's size (bench
 * truscan-upload). On any refusal both objects are removed again; after success the caller removes them if the
 * upload fails later.
 */
export async function storeMea(ctx: AppContext, incoming: IncomingMea, maxBytes: number): Promise<StoredMea> {
  const { name, header, fileBytes, pieces } = await readIncomingHead(incoming, maxBytes);
  const job = startTraceJob({ header, fileBytes, name, blockSize: TRACE_BLOCK_SIZE });
  const trace = new PassThrough();
  // A refusal may come before the store has begun to read the trace: the put still fails on the destroyed stream.
  trace.on('error', () => {});
  const writeTrace = async (bytes: Buffer) => {
    if (trace.write(bytes)) return;
    await new Promise<void>((resolve, reject) => {
      const done = () => {
        trace.off('drain', done).off('close', closed);
        resolve();
      };
      const closed = () => {
        trace.off('drain', done);
        reject(new Error('the trace store stopped reading'));
      };
      trace.once('drain', done).once('close', closed);
    });
  };
  let decoded: DecodedTrace | undefined;
  const file = Readable.from(
    (async function* () {
      // Pieces on their way through the decoder: a few at once, so neither side waits for the other.
      const inFlight: Promise<Float32Array>[] = [];
      const writeNext = async () => {
        const values = await inFlight.shift()!;
        if (values.length > 0) await writeTrace(floatBytes(values));
      };
      let sliceStart = performance.now();
      try {
        for await (const piece of pieces) {
          // Pieces already buffered arrive without a turn of the event loop in between: give other requests theirs.
          if (performance.now() - sliceStart > SLICE_MS) {
            await setImmediate();
            sliceStart = performance.now();
          }
          const values = job.push(piece);
          values.catch(() => {});
          inFlight.push(values);
          if (inFlight.length > IN_FLIGHT) await writeNext();
          yield piece;
        }
        while (inFlight.length > 0) await writeNext();
        if (incoming.truncated?.()) throw meaTooLarge(maxBytes);
        decoded = await job.finish();
        await writeTrace(floatBytes(decoded.min));
        await writeTrace(floatBytes(decoded.max));
        trace.end();
      } catch (error) {
        job.drop();
        const refusal = error instanceof MeaFormatError ? meaRefusal(error) : error;
        trace.destroy(refusal as Error);
        throw refusal;
      }
    })(),
  );
  const options = { type: 'application/octet-stream' };
  const [fileObject, traceObject] = await Promise.allSettled([
    ctx.storage.put(file, { ...options, prefix: 'truscan', extension: 'mea' }),
    ctx.storage.put(trace, { ...options, prefix: 'truscan-traces', extension: 'f32' }),
  ]);
  if (fileObject.status === 'rejected' || traceObject.status === 'rejected') {
    const kept = [fileObject, traceObject].flatMap((put) => (put.status === 'fulfilled' ? [put.value.key] : []));
    await Promise.all(kept.map((key) => ctx.storage.remove(key).catch(() => {})));
    throw fileObject.status === 'rejected' ? fileObject.reason : (traceObject as PromiseRejectedResult).reason;
  }
  return {
    file: { name, header },
    fileObject: fileObject.value,
    traceObject: traceObject.value,
    analysis: decoded!.analysis,
  };
}

/** Float32 values from `start` (a byte offset) to `end` (exclusive) of a stored trace. */
export async function readFloats(ctx: AppContext, key: string, start: number, end: number): Promise<Float32Array> {
  const values = new Float32Array(Math.max(0, (end - start) / FLOAT_BYTES));
  if (values.length === 0) return values;
  const found = await ctx.storage.get(key, { start, end: end - 1 });
  if (!found) throw notFound(message('app.errors.noMrtTrace'));
  const chunks: Buffer[] = [];
  for await (const chunk of found.body) chunks.push(Buffer.from(chunk));
  const bytes = Buffer.concat(chunks);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i < values.length; i++) values[i] = view.getFloat32(i * FLOAT_BYTES, true);
  return values;
}
