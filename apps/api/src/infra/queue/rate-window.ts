import type { Allowance, RateLimit } from './types.ts';

/** Fixed windows per key in this process: the inline queue's `take`. */
export function createRateWindows(now: () => number = Date.now) {
  const windows = new Map<string, { start: number; used: number }>();
  return (key: string, wanted: number, limit: RateLimit): Allowance => {
    const at = now();
    let window = windows.get(key);
    if (!window || at - window.start >= limit.durationMs) {
      window = { start: at, used: 0 };
      windows.set(key, window);
    }
    const granted = Math.max(0, Math.min(wanted, limit.max - window.used));
    window.used += granted;
    return { granted, retryInMs: granted > 0 ? 0 : Math.max(1, window.start + limit.durationMs - at) };
  };
}
