import { availableParallelism } from 'node:os';
import { message } from '@rope/domain/messages';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, type AppErrorParts } from '../../http/app-error.ts';
import { createWorkerPool, WorkerBusyError, WorkerTimeoutError } from '../../infra/worker-pool.ts';
import { refuseDoctype } from './import-xml.ts';

type Answer = { json: Uint8Array } | { refused: AppErrorParts } | { failed: string };

/**
 * One core always stays with the event loop: at most two threads parse, never more than the cores but one; more
 * files wait (up to 16), so parallel imports never hold up other calls.
 */
const POOL = { size: Math.min(2, Math.max(1, availableParallelism() - 1)), timeoutMs: 20_000, maxQueued: 16 };

/** Reads inspection files in worker threads: the event loop stays free for every other request. */
export function createInspectionXmlReader() {
  const pool = createWorkerPool<string, Answer>(new URL('./import-xml-worker.ts', import.meta.url), 'xml-worker', POOL);
  /** The parsed file as its JSON answer in UTF-8 (`{ ropeEvent, damages }`, see parseInspectionXml). */
  const read = async (xml: string, log: FastifyBaseLogger): Promise<Buffer> => {
    refuseDoctype(xml);
    let answer: Answer;
    try {
      answer = await pool.run(xml);
    } catch (error) {
      if (error instanceof WorkerBusyError)
        throw new AppError('TOO_MANY_REQUESTS', message('app.errors.inspectionBusy'), undefined, {
          'retry-after': '5',
        });
      if (error instanceof WorkerTimeoutError)
        throw new AppError('PAYLOAD_TOO_LARGE', message('app.errors.inspectionTooComplex'));
      throw error;
    }
    if ('json' in answer) return Buffer.from(answer.json.buffer, answer.json.byteOffset, answer.json.byteLength);
    if ('refused' in answer) throw new AppError(answer.refused.code, answer.refused.message, answer.refused.fields);
    log.warn({ reason: answer.failed }, 'inspection file could not be parsed');
    throw new AppError('VALIDATION', message('app.errors.inspectionUnreadable'));
  };
  return Object.assign(read, { close: () => pool.close() });
}
