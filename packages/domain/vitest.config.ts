import { defineConfig } from 'vitest/config';
import { farEastProject, sharedTestConfig } from '../../vitest.shared.ts';

const every = ['src/**/*.test.ts'];

// The domain holds the date arithmetic (due dates, windows, forecasts): all of it runs in both worlds.
export default defineConfig({
  test: {
    ...sharedTestConfig(),
    // Pure functions without mocks: a worker runs file after file in one process (a new process per file was most of
    // the package's CPU, 74 processes in a run).
    isolate: false,
    projects: [{ extends: true, test: { name: 'Europe/Zurich', include: every } }, farEastProject(every)],
  },
});
