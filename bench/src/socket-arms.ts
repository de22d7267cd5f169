import { percentile } from './machine.ts';
import type { startSocketClient } from './socket-client.ts';

export interface SocketArm {
  name: string;
  url: string;
  headers: Record<string, string>;
  /** Run before each call, untimed (e.g. dropping what the server kept, so the call makes its answer). */
  prepare?: () => Promise<void>;
}

export interface SocketArmResult {
  name: string;
  /** p50 of the arm's calls over the floor's p50, both over every sample of the run. */
  ratio: number;
  p95: number;
  p99: number;
  ms: { p50: number; p95: number; p99: number };
  floorMs: number;
  calls: number;
}

const MIN_WARM_UP = 5;
const MAX_WARM_UP = 300;
const WARM_UP_MS = 2_000;

/**
 * One API call over a real socket against a floor measured in the same process, interleaved in rounds (the
 * machine's other work falls on both); the percentiles are over every call of the run, never medians of rounds.
 */
export async function compareOverSocket(
  client: ReturnType<typeof startSocketClient>,
  floor: () => Promise<unknown>,
  arm: SocketArm,
  options: { rounds?: number; perRound?: number; floorName?: string } = {},
): Promise<SocketArmResult> {
  const rounds = options.rounds ?? 8;
  const perRound = options.perRound ?? 5;
  // Both arms in optimised code first, as in a server that has been answering for a while, and the server's first-call
  // work (plans, caches) done. Five calls left a cheap route in V8's interpreter: an installation's 40 ropes answered in
  // 1.9-2.0 ms after 5 and 50 calls, 1.15 ms after 1,000 (2026-12-05). So a cheap call is warmed for up to 300 rounds
  // and a dear one for about two seconds, both arms alike.
  const warmUntil = performance.now() + WARM_UP_MS;
  for (let i = 0; i < MIN_WARM_UP || (i < MAX_WARM_UP && performance.now() < warmUntil); i += 1) {
    await floor();
    await arm.prepare?.();
    await client.get(arm.url, arm.headers);
  }
  const samples: number[] = [];
  const floors: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    for (let i = 0; i < perRound; i += 1) {
      const start = performance.now();
      await floor();
      floors.push(performance.now() - start);
    }
    for (let i = 0; i < perRound; i += 1) {
      await arm.prepare?.();
      const [sample] = await client.get(arm.url, arm.headers);
      if (sample!.status !== 200 && sample!.status !== 304) throw new Error(`${arm.name}: ${sample!.status}`);
      samples.push(sample!.ms);
    }
  }
  const floorMs = percentile(floors, 0.5);
  const ms = { p50: percentile(samples, 0.5), p95: percentile(samples, 0.95), p99: percentile(samples, 0.99) };
  const result = {
    name: arm.name,
    ratio: ms.p50 / floorMs,
    p95: ms.p95 / floorMs,
    p99: ms.p99 / floorMs,
    ms,
    floorMs,
    calls: samples.length,
  };
  const floorName = options.floorName ?? 'the floor';
  console.log(
    `${arm.name}: ${result.ratio.toFixed(1)}x ${floorName} (p50 ${ms.p50.toFixed(1)} ms, p95 ${ms.p95.toFixed(1)} ms = ` +
      `${result.p95.toFixed(1)}x, p99 ${ms.p99.toFixed(1)} ms = ${result.p99.toFixed(1)}x; ${floorName} p50 ` +
      `${floorMs.toFixed(2)} ms; ${samples.length} calls)`,
  );
  return result;
}
