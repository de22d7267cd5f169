// Starts a TypeScript worker module: the parent's TypeScript loader does not reach worker threads, so register it.
import { getPriority, setPriority } from 'node:os';
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

// Below the event loop: on a machine whose cores are all busy, the loop's short answers go first and a parse takes
// what is left. On Linux the nice value belongs to the thread, so this lowers the worker alone.
try {
  setPriority(Math.min(19, getPriority() + 10));
} catch {
  // Where the system does not allow it, the worker runs at the process's priority.
}
register();
await import(workerData.module);
