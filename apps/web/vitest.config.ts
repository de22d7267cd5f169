import { defineConfig } from 'vitest/config';
import { farEastProject, sharedTestConfig } from '../../vitest.shared.ts';

const every = ['src/**/*.test.ts', 'build-plugins/**/*.test.ts'];

/** The screens' date work: forms that turn a picked day into a time, axes, charts and formatting. */
const DATE_PATHS = [
  'src/lib/format.test.ts',
  'src/components/time-axis.test.ts',
  'src/features/{tasks/task-form,installations/installation-form,events/event-form}.test.ts',
  'src/features/{sensors/sensor-chart-data,events/loss-chart-data,dashboard/device-attention}.test.ts',
];

export default defineConfig({
  test: {
    ...sharedTestConfig(),
    environment: 'node',
    // A worker runs file after file in one process (a new process per file was most of the package's CPU, 81 in a
    // run); the files stub globals only through vi.stubGlobal and undo it after each test.
    isolate: false,
    projects: [{ extends: true, test: { name: 'Europe/Zurich', include: every } }, farEastProject(DATE_PATHS)],
  },
});
