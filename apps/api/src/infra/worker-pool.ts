import type { Worker } from 'node:worker_threads';
import { startWorkerThread } from './worker-thread.ts';

export interface WorkerPool<In, Out> {
  run(input: In): Promise<Out>;
  close(): Promise<void>;
}

interface Job<In, Out> {
  input: In;
  resolve(value: Out): void;
  reject(error: Error): void;
}

/**
 * A few worker threads for CPU-bound work (parsing uploads), so the event loop keeps answering. Workers start on
 * first use; a job that runs past `timeoutMs` ends its worker and fails. The worker answers each message with one.
 */
export function createWorkerPool<In, Out>(
  file: URL,
  bundle: string,
  { size, timeoutMs, maxQueued }: { size: number; timeoutMs: number; maxQueued: number },
): WorkerPool<In, Out> {
  const idle: Worker[] = [];
  const all = new Set<Worker>();
  const queue: Job<In, Out>[] = [];
  let closed = false;

  const spawn = () => {
    const worker = startWorkerThread(file, bundle);
    worker.unref();
    all.add(worker);
    return worker;
  };

  const dispatch = () => {
    while (queue.length > 0 && (idle.length > 0 || all.size < size)) {
      const job = queue.shift()!;
      execute(idle.pop() ?? spawn(), job);
    }
  };

  const execute = (worker: Worker, job: Job<In, Out>) => {
    const finish = (settle: () => void, keep: boolean) => {
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      settle();
      if (keep && !closed) idle.push(worker);
      else {
        all.delete(worker);
        void worker.terminate();
      }
      dispatch();
    };
    const onMessage = (value: Out) => finish(() => job.resolve(value), true);
    const onError = (error: Error) => finish(() => job.reject(error), false);
    const onExit = () => finish(() => job.reject(new Error('The worker stopped')), false);
    const timer = setTimeout(() => finish(() => job.reject(new WorkerTimeoutError()), false), timeoutMs);
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    worker.postMessage(job.input);
  };

  return {
    run(input) {
      if (closed) return Promise.reject(new Error('The worker pool is closed'));
      if (queue.length >= maxQueued) return Promise.reject(new WorkerBusyError());
      return new Promise<Out>((resolve, reject) => {
        queue.push({ input, resolve, reject });
        dispatch();
      });
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new Error('The worker pool is closed'));
      await Promise.all([...all].map((worker) => worker.terminate()));
      all.clear();
      idle.length = 0;
    },
  };
}

export class WorkerTimeoutError extends Error {}
export class WorkerBusyError extends Error {}
