import { defineConfig } from 'vitest/config';
import { sharedTestConfig } from '../vitest.shared.ts';

export default defineConfig({
  test: { ...sharedTestConfig(), include: ['src/**/*.e2e.test.ts'], fileParallelism: false, testTimeout: 120_000 },
});
