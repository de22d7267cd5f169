import { defineConfig } from 'vitest/config';
import { sharedTestConfig } from '../vitest.shared.ts';

export default defineConfig({
  test: {
    ...sharedTestConfig(),
    include: ['src/**/*.e2e.test.ts'],
    globalSetup: ['src/demo-template.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    // Concurrent tests (the roles of every-screen) share two cores with the server: three at a time keeps each screen
    // well inside its wait.
    maxConcurrency: 3,
  },
});
