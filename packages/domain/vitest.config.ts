import { defineConfig } from 'vitest/config';
import { farEastProject, sharedTestConfig } from '../../vitest.shared.ts';

const every = ['src/**/*.test.ts'];

// The domain holds the date arithmetic (due dates, windows, forecasts): all of it runs in both worlds.
export default defineConfig({
  test: {
    ...sharedTestConfig(),
    projects: [{ extends: true, test: { name: 'Europe/Zurich', include: every } }, farEastProject(every)],
  },
});
