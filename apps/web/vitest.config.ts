import { defineConfig } from 'vitest/config';
import { sharedTestConfig } from '../../vitest.shared.ts';

export default defineConfig({
  test: { ...sharedTestConfig(), environment: 'node', include: ['src/**/*.test.ts', 'build-plugins/**/*.test.ts'] },
});
