import { defineConfig } from 'vitest/config';
import { sharedTestConfig } from '../vitest.shared.ts';
import { SlowFilesFirst } from './src/slow-files-first.ts';

export default defineConfig({
  test: {
    ...sharedTestConfig(),
    include: ['src/**/*.e2e.test.ts'],
    globalSetup: ['src/demo-template.ts'],
    // Three files at a time, each with its own server on its own copy of the demo data (server.ts): a browser test
    // waits on its page and its server much of the time, and with two the run used about one core of two.
    fileParallelism: true,
    maxWorkers: 3,
    sequence: { sequencer: SlowFilesFirst },
    testTimeout: 300_000,
    // Concurrent tests share two cores with the servers: three at a time keeps each screen
    // well inside its wait.
    maxConcurrency: 3,
  },
});
