import { type RunningServer, repoRoot, startServer as startApiServer } from '@rope/server-runner';
import { inject } from 'vitest';
import { browserTestServer } from './server-options.ts';

export { type RunningServer, repoRoot };

/**
 * Starts the real API server (server-options.ts) on a free port. Inside a test run the directory is a copy of one the
 * run made once (demo-template.ts): with the demo data for `DEMO_DATA: 'true'`, else empty and migrated, as a first
 * start leaves it (the first admin of ADMIN_EMAIL is made on this start).
 */
export function startServer(
  env: Record<string, string> = {},
  options: { keepDataDir?: boolean; copyOf?: string } = {},
): Promise<RunningServer> {
  const copyOf = options.copyOf ?? runTemplate(env.DEMO_DATA === 'true' ? 'demoDataDir' : 'emptyDataDir');
  return startApiServer(browserTestServer(env, { ...options, copyOf }));
}

function runTemplate(name: 'demoDataDir' | 'emptyDataDir'): string | undefined {
  try {
    return inject(name);
  } catch {
    // Outside a test: a fresh directory (and the demo loaded into it).
    return undefined;
  }
}
