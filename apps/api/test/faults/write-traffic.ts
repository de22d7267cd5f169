import { call } from './processes.ts';
import { type FaultWorld, wireBreak } from './seed.ts';

/** Readings of one batch per sensor: whole numbers, so sums in the rollups compare exactly. */
export const READINGS_PER_SENSOR = 250;
const BATCH_WINDOW_S = 1000;
const START = Date.parse('2026-01-01T00:00:00Z');

/** Batch k's readings: every 2 s from its own window's start, so no minute holds readings of two batches. */
export function readingsBatch(world: FaultWorld, k: number) {
  const measurements = [];
  for (const sensor of world.sensorIds) {
    for (let i = 0; i < READINGS_PER_SENSOR; i += 1) {
      const ts = new Date(START + (k * BATCH_WINDOW_S + i * 2) * 1000).toISOString();
      measurements.push({ sensor, ts, value: (k % 97) + i });
    }
  }
  return measurements;
}

/** The time range of batch k, for finding its rows again. */
export function batchRange(k: number): [Date, Date] {
  return [new Date(START + k * BATCH_WINDOW_S * 1000), new Date(START + (k + 1) * BATCH_WINDOW_S * 1000)];
}

export interface Traffic {
  /** Readings batches and event tags the server acknowledged with 2xx. */
  ackedBatches: Set<number>;
  ackedEvents: Set<string>;
  /** Answers other than 2xx, as `status body`: none are expected while the server runs. */
  refused: string[];
  /** Each request that never got an answer (the connection failed or none came in time): which, when, and why. */
  unanswered: string[];
  /** Requests sent that had no answer yet. */
  inFlight: () => number;
  /** Stops sending; resolves when every loop has ended (each request answered or failed). */
  stop(): Promise<void>;
}

/**
 * Writers that keep a server busy: `loops` senders of readings batches and as many of rope events, each sending its
 * next request as soon as the last was answered. A request without an answer (the server is gone, or none came within
 * `timeoutMs`) ends its loop.
 */
export function startWriteTraffic(url: string, world: FaultWorld, loops: number, timeoutMs = 60_000): Traffic {
  const ackedBatches = new Set<number>();
  const ackedEvents = new Set<string>();
  const refused: string[] = [];
  const unanswered: string[] = [];
  let running = true;
  let pending = 0;
  let nextBatch = 0;
  let nextEvent = 0;
  const send = async (work: () => Promise<void>) => {
    while (running) {
      pending += 1;
      const sentAt = Date.now();
      try {
        await work();
      } catch (error) {
        const reason = error instanceof Error ? `${error.name}: ${error.message}; ${error.cause ?? ''}` : String(error);
        unanswered.push(
          `${work.name} sent ${new Date(sentAt).toISOString()}, failed after ${Date.now() - sentAt} ms: ${reason}`,
        );
        return;
      } finally {
        pending -= 1;
      }
    }
  };
  const readings = async () => {
    const k = nextBatch++;
    const answer = await call(`${url}/api/sensor-devices/${world.deviceId}/measurements`, {
      method: 'POST',
      key: world.importKey,
      body: { measurements: readingsBatch(world, k) },
      timeoutMs,
    });
    if (answer.status >= 200 && answer.status < 300) ackedBatches.add(k);
    else refused.push(`${answer.status} ${answer.text}`);
  };
  const event = async () => {
    const tag = `write ${nextEvent++}`;
    const answer = await call(`${url}/api/events`, {
      method: 'POST',
      key: world.internalKey,
      body: wireBreak(world.ropeId, tag, 50 + (nextEvent % 100)),
      timeoutMs,
    });
    if (answer.status >= 200 && answer.status < 300) ackedEvents.add(tag);
    else refused.push(`${answer.status} ${answer.text}`);
  };
  const all = [
    ...Array.from({ length: loops }, () => send(readings)),
    ...Array.from({ length: loops }, () => send(event)),
  ];
  return {
    ackedBatches,
    ackedEvents,
    refused,
    unanswered,
    inFlight: () => pending,
    async stop() {
      running = false;
      await Promise.all(all);
    },
  };
}
