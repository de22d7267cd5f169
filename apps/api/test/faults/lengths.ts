/**
 * How long the fault tests keep a fault up and how many rounds they run. `npm test` keeps the same faults, real
 * processes and assertions, but shorter: the long form (`FAULTS=full`, a 60 s Redis outage, 1,000 jobs over 12
 * worker kills) is for changes to the queue, the outbox or the write paths.
 */
const full = process.env.FAULTS === 'full';

export const FAULT_LENGTHS = {
  /** Redis away while the API answers reads and writes, rounds every 2 s. */
  redisOutageMs: full ? 60_000 : 12_000,
  /** Mail jobs written while a worker is killed again and again. */
  workerJobs: full ? 1000 : 300,
  workerKills: full ? 12 : 6,
  /** Notification deliveries over one SIGKILL and a restart. */
  deliveries: full ? 1000 : 300,
};
