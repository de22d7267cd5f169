import { type RunningServer, repoRoot, startServer as startApiServer } from '@rope/server-runner';
import { inject } from 'vitest';
import { browserTestServer } from './server-options.ts';

export { type RunningServer, repoRoot };

/**
 * Starts the real API server (server-options.ts) on a free port. With `DEMO_DATA: 'true'` inside a test run, the
 * directory is a copy of the one the run loaded the demo into once (demo-template.ts).
 */
export function startServer(
  env: Record<string, string> = {},
  options: { keepDataDir?: boolean; copyOf?: string } = {},
): Promise<RunningServer> {
  const copyOf = options.copyOf ?? (env.DEMO_DATA === 'true' ? demoTemplate() : undefined);
  return startApiServer(browserTestServer(env, { ...options, copyOf }));
}

function demoTemplate(): string | undefined {
  try {
    return inject('demoDataDir');
  } catch {
    // Outside a test: load the demo.
    return undefined;
  }
}
