import type { Worker } from 'node:worker_threads';
import type { MessageKey, MessageParams } from '@rope/domain/messages';
import { createBlockOverview } from '@rope/domain/mrt/mea/decimate';
import { MeaFormatError } from '@rope/domain/mrt/mea/errors';
import type { MeaHeader } from '@rope/domain/mrt/mea/format';
import type { TraceAnalysis } from '@rope/domain/mrt/mea/peaks';
import { createTraceAnalyser } from '@rope/domain/mrt/mea/peaks-stream';
import { MeaStreamDecoder } from '@rope/domain/mrt/mea/stream';
import { startWorkerThread } from '../../infra/worker-thread.ts';
import type { TraceJobMessage } from './trace-worker.ts';

/** Files from this size on are decoded on the decoding thread; smaller ones cost less inline than the round trips. */
export const WORKER_MIN_BYTES = 1024 * 1024;

export interface DecodedTrace {
  /** The block overview of the whole trace. */
  min: Float32Array;
  max: Float32Array;
  analysis: TraceAnalysis;
}

/** A file's trace decoded piece by piece: `push` answers each piece's samples in order, `finish` checks the end. */
export interface TraceJob {
  push(piece: Uint8Array): Promise<Float32Array>;
  /** Rejects with MeaFormatError for a file of another length than promised, or a checksum that differs. */
  finish(): Promise<DecodedTrace>;
  /** Forgets the job (the upload was refused). */
  drop(): void;
}

interface Start {
  header: MeaHeader;
  fileBytes: number;
  name: string;
  blockSize: number;
}

/**
 * The decoding of a TRUscan file: on the process's decoding thread for a large file, so the event loop only moves
 * bytes while tens of megabytes are decoded (bench truscan-upload), inline for a small one.
 */
export function startTraceJob(start: Start): TraceJob {
  return start.fileBytes >= WORKER_MIN_BYTES ? workerJob(start) : inlineJob(start);
}

function inlineJob({ header, fileBytes, name, blockSize }: Start): TraceJob {
  const decoder = new MeaStreamDecoder(header, fileBytes, name);
  const analyser = createTraceAnalyser(header.sampleCount, header.sampleSpacingUm / 1_000_000, header.scale);
  const overview = createBlockOverview(header.sampleCount, blockSize);
  return {
    async push(piece) {
      const values = decoder.push(piece);
      analyser.push(values);
      overview.push(values);
      return values;
    },
    async finish() {
      decoder.finish();
      return { min: overview.min, max: overview.max, analysis: analyser.finish() };
    },
    drop() {},
  };
}

type Reply =
  | { job: number; seq: number; values: Float32Array }
  | { job: number; done: DecodedTrace }
  | { job: number; error: { key: MessageKey; params?: MessageParams; isMea: boolean } | { text: string } };

let thread: Worker | undefined;
let nextJob = 1;
const listeners = new Map<number, (reply: Reply) => void>();

/** The decoding thread, started on first use and kept (unref'd) for the next file. */
function decodingThread(): Worker {
  if (thread) return thread;
  const worker = startWorkerThread(new URL('./trace-worker.ts', import.meta.url), 'trace-worker');
  worker.unref();
  worker.on('message', (reply: Reply) => listeners.get(reply.job)?.(reply));
  worker.on('error', (error) => {
    thread = undefined;
    for (const listener of [...listeners.values()]) listener({ job: 0, error: { text: String(error) } });
  });
  worker.on('exit', () => {
    if (thread === worker) thread = undefined;
  });
  thread = worker;
  return worker;
}

function workerJob(start: Start): TraceJob {
  const worker = decodingThread();
  const job = nextJob++;
  let seq = 0;
  const pending = new Map<number, { resolve: (values: Float32Array) => void; reject: (error: Error) => void }>();
  let finished: { resolve: (trace: DecodedTrace) => void; reject: (error: Error) => void } | undefined;
  let failure: Error | undefined;
  listeners.set(job, (reply) => {
    if ('values' in reply) {
      pending.get(reply.seq)?.resolve(reply.values);
      pending.delete(reply.seq);
      return;
    }
    listeners.delete(job);
    if ('done' in reply) {
      finished?.resolve(reply.done);
      return;
    }
    const { error } = reply;
    failure = 'key' in error ? new MeaFormatError(error.key, error.params ?? {}, error.isMea) : new Error(error.text);
    for (const waiting of pending.values()) waiting.reject(failure);
    pending.clear();
    finished?.reject(failure);
  });
  const send = (message: TraceJobMessage, transfer: ArrayBuffer[] = []) => worker.postMessage(message, transfer);
  send({ job, kind: 'start', ...start });
  return {
    push(piece) {
      if (failure) return Promise.reject(failure);
      const bytes = new Uint8Array(piece);
      const id = seq++;
      const answer = new Promise<Float32Array>((resolve, reject) => pending.set(id, { resolve, reject }));
      send({ job, kind: 'piece', seq: id, bytes }, [bytes.buffer]);
      return answer;
    },
    finish() {
      if (failure) return Promise.reject(failure);
      const answer = new Promise<DecodedTrace>((resolve, reject) => {
        finished = { resolve, reject };
      });
      send({ job, kind: 'finish' });
      return answer;
    },
    drop() {
      listeners.delete(job);
      if (!failure) send({ job, kind: 'drop' });
    },
  };
}
