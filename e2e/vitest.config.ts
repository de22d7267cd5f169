import { defineConfig } from 'vitest/config';
import { sharedTestConfig, slowFilesFirst } from '../vitest.shared.ts';

/** The browser test files that take longest (a minute and more each, the admin's every screen and the device states). */
const SLOWEST = [
  /\/every-screen-admin\./,
  /\/device-state\./,
  /\/every-screen-[a-z]+\./,
  /\/every-screen\./,
  /\/screens\./,
];

export default defineConfig({
  test: {
    ...sharedTestConfig(),
    include: ['src/**/*.e2e.test.ts'],
    globalSetup: ['src/demo-template.ts'],
    // Three files at a time, each with its own server on its own copy of the demo data (server.ts): a browser test
    // waits on its page and its server much of the time, and with two the run used about one core of two.
    fileParallelism: true,
    maxWorkers: 3,
    sequence: { sequencer: slowFilesFirst(SLOWEST) },
    testTimeout: 300_000,
    // Concurrent tests share two cores with the servers: three at a time keeps each screen
    // well inside its wait.
    maxConcurrency: 3,
  },
});
