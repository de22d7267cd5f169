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
    projects: [{ extends: true, test: { name: 'Europe/Zurich', include: every } }, farEastProject(DATE_PATHS)],
  },
});
