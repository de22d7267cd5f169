import { defineConfig } from 'vitest/config';
import { sharedTestConfig } from '../../vitest.shared.ts';

export default defineConfig({
  test: {
    ...sharedTestConfig(),
    include: ['src/**/*.test.ts'],
    // A worker runs file after file in one process: a new process per file imported PGlite and drizzle-orm again, 26
    // CPU s for the package's twelve files against 16 (three runs each, 2026-12-07). Each file opens its own
    // databases and closes them; none stubs a module or a global.
    isolate: false,
  },
});
