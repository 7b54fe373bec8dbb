import { defineConfig } from 'vitest/config';

// Profiler and setup tests open pools on the two real database services: one file at a time.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
