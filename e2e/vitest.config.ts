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
    // A failed test prints what its browser showed then (failure-record.ts).
    setupFiles: ['src/failure-record.ts'],
    // Four files at a time, each with its own server on its own copy of the demo data (server.ts): a browser test
    // waits on its page and its server much of the time; with three the cores stood idle a tenth of the step (the
    // step alone took 377 s with four and reused workers, 390-417 s with three, 2026-11-30), with two about half.
    fileParallelism: true,
    maxWorkers: 4,
    // A worker runs file after file in one process: a new process per file imported Playwright and the helpers again
    // and left a few seconds between files. Each file still starts its own browser and server in its beforeAll.
    isolate: false,
    sequence: { sequencer: slowFilesFirst(SLOWEST) },
    testTimeout: 300_000,
    // Concurrent tests share two cores with the servers: three at a time keeps each screen
    // well inside its wait.
    maxConcurrency: 3,
  },
});
