import { defineConfig } from 'vitest/config';
import { farEastProject, sharedTestConfig, slowFilesFirst } from '../../vitest.shared.ts';

/**
 * Every route and job that computes, compares or formats a date or a time (due dates, windows, expiry, aggregates,
 * mails). Files whose subject is something else (brokers, queues, uploads, parsers under load) run once.
 */
const DATE_PATHS = [
  'src/modules/events/{events,loss-over-target,import-inspection}.test.ts',
  'src/modules/damage/{rows,unknown}.test.ts',
  'src/modules/tasks/*.test.ts',
  'src/modules/notifications/{due-tasks,triggers,evaluation,deliver,lists,settings,smartrope-threshold-state}.test.ts',
  'src/modules/{mrt/mrt,truscan/truscan,smartropes/smartropes,projects/projects}.test.ts',
  'src/modules/sensors/{aggregates,device-states,sensors}.test.ts',
  'src/modules/auth/{session-clock,reset-password}.test.ts',
  'src/modules/auth/mail-*.test.ts',
  'src/mail/*.test.ts',
];

/**
 * The files that take longest (20 to 60 s each, most of it waiting on processes, brokers and outages), first: a clean
 * clone's run otherwise started the fault tests last and ended with one worker busy and two idle for 20 s.
 */
const SLOWEST = [
  /\/ops\/backup\./,
  /\/worker-killed\./,
  /\/notifications\/worker-kill\./,
  /\/authorization\/matrix\./,
  /\/bad-input-every-route\./,
  /\/redis-down\./,
  /\/api-killed\./,
  /\/node-22\./,
  /\/api-stopped\./,
  /\/demo\/load\./,
  /\/server-start\./,
  /\/postgres-restart\./,
];

export default defineConfig({
  test: {
    ...sharedTestConfig(),
    // A worker imports the app once for all the files it runs, not once per file: the import was a third of the
    // suite's time. Each file still builds its own app on its own database; state that outlives a file is per app.
    isolate: false,
    // Vitest's default on two cores is one worker; the API tests wait on PostgreSQL, Redis, brokers and child
    // processes much of the time, so three keep the cores busy.
    maxWorkers: 3,
    globalSetup: ['test/support/compiled-api.ts'],
    sequence: { sequencer: slowFilesFirst(SLOWEST) },
    projects: [
      { extends: true, test: { name: 'Europe/Zurich', include: ['src/**/*.test.ts', 'test/**/*.test.ts'] } },
      farEastProject(DATE_PATHS),
    ],
  },
});
