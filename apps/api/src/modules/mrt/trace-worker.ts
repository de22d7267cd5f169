// The thread that decodes TRUscan files (trace-decoder.ts): one per process, each upload's file a job of its own.
import { parentPort } from 'node:worker_threads';
import { createBlockOverview } from '@rope/domain/mrt/mea/decimate';
import { MeaFormatError } from '@rope/domain/mrt/mea/errors';
import type { MeaHeader } from '@rope/domain/mrt/mea/format';
import { createTraceAnalyser } from '@rope/domain/mrt/mea/peaks-stream';
import { MeaStreamDecoder } from '@rope/domain/mrt/mea/stream';

export type TraceJobMessage =
  | { job: number; kind: 'start'; header: MeaHeader; fileBytes: number; name: string; blockSize: number }
  | { job: number; kind: 'piece'; seq: number; bytes: Uint8Array }
  | { job: number; kind: 'finish' }
  | { job: number; kind: 'drop' };

interface Job {
  decoder: MeaStreamDecoder;
  analyser: ReturnType<typeof createTraceAnalyser>;
  overview: ReturnType<typeof createBlockOverview>;
}

const jobs = new Map<number, Job>();
const port = parentPort!;

port.on('message', (message: TraceJobMessage) => {
  const { job } = message;
  try {
    if (message.kind === 'start') {
      const { header, fileBytes, name, blockSize } = message;
      jobs.set(job, {
        decoder: new MeaStreamDecoder(header, fileBytes, name),
        analyser: createTraceAnalyser(header.sampleCount, header.sampleSpacingUm / 1_000_000, header.scale),
        overview: createBlockOverview(header.sampleCount, blockSize),
      });
      return;
    }
    const state = jobs.get(job);
    if (message.kind === 'drop' || !state) {
      jobs.delete(job);
      return;
    }
    if (message.kind === 'piece') {
      const values = state.decoder.push(message.bytes);
      state.analyser.push(values);
      state.overview.push(values);
      port.postMessage({ job, seq: message.seq, values }, values.length > 0 ? [values.buffer as ArrayBuffer] : []);
      return;
    }
    jobs.delete(job);
    state.decoder.finish();
    const { min, max } = state.overview;
    port.postMessage({ job, done: { min, max, analysis: state.analyser.finish() } }, [min.buffer, max.buffer]);
  } catch (error) {
    jobs.delete(job);
    const refusal =
      error instanceof MeaFormatError
        ? { key: error.reason.key, params: error.reason.params, isMea: error.isMea }
        : { text: String(error) };
    port.postMessage({ job, error: refusal });
  }
});
