import { message } from '@rope/domain/messages';
import { blockOverview } from '@rope/domain/truscan/mea/decimate';
import { meaTrace } from '@rope/domain/truscan/mea/decode';
import { analyseTrace, type TraceAnalysis } from '@rope/domain/truscan/mea/peaks';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/app-error.ts';
import type { StoredObject } from '../../infra/storage/types.ts';
import type { ReadMeaFile } from './read-mea-file.ts';

/** Samples per block of the overview: a long range is drawn from block extremes, never from every sample. */
export const TRACE_BLOCK_SIZE = 256;
const FLOAT_BYTES = 4;

export interface StoredMea {
  file: ReadMeaFile;
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

function packTrace(trace: Float32Array): Uint8Array {
  const overview = blockOverview(trace, TRACE_BLOCK_SIZE);
  const layout = traceLayout(trace.length);
  const bytes = new Uint8Array(layout.maxAt(layout.blocks));
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < trace.length; i++) view.setFloat32(layout.sampleAt(i), trace[i]!, true);
  for (let b = 0; b < layout.blocks; b++) {
    view.setFloat32(layout.minAt(b), overview.min[b]!, true);
    view.setFloat32(layout.maxAt(b), overview.max[b]!, true);
  }
  return bytes;
}

/** Stores a checked file and its trace; answers the trace's peaks. The caller removes both if the upload fails. */
export async function storeMea(ctx: AppContext, file: ReadMeaFile): Promise<StoredMea> {
  const { header } = file;
  const trace = meaTrace(file.bytes, header);
  const analysis = analyseTrace(trace, header.sampleSpacingUm / 1_000_000, header.scale);
  const fileObject = await ctx.storage.put(file.bytes, {
    prefix: 'truscan',
    extension: 'mea',
    type: 'application/octet-stream',
  });
  try {
    const traceObject = await ctx.storage.put(packTrace(trace), {
      prefix: 'truscan-traces',
      extension: 'f32',
      type: 'application/octet-stream',
    });
    return { file, fileObject, traceObject, analysis };
  } catch (error) {
    await ctx.storage.remove(fileObject.key).catch(() => {});
    throw error;
  }
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
