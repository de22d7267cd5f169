import { existsSync } from 'node:fs';

/**
 * Why a fault test cannot run here (a program it starts is missing), or undefined. Under CI=true a missing program
 * fails the run instead of skipping it.
 */
export function missingPrograms(paths: readonly string[]): string | undefined {
  const missing = paths.filter((path) => !existsSync(path));
  if (missing.length === 0) return undefined;
  const reason = `needs ${missing.join(', ')}`;
  if (process.env.CI === 'true') throw new Error(`CI needs these programs: ${reason}`);
  return reason;
}

/** Polls `check` every 100 ms until it answers true; fails with `what` after `timeoutMs`. */
export async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Server mode needs PostgreSQL: why a test cannot run without DATABASE_URL, or undefined (CI=true fails instead). */
export function missingServerDatabase(): string | undefined {
  if (process.env.DATABASE_URL) return undefined;
  if (process.env.CI === 'true') throw new Error('CI needs DATABASE_URL for the server-mode fault tests');
  return 'needs DATABASE_URL (server mode runs on PostgreSQL)';
}
