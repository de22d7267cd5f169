// Starts a TypeScript worker module: the parent's TypeScript loader does not reach worker threads, so register it.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.module);
