import { defineConfig } from 'vitest/config';

// Integration tests share real database servers and a 2-core machine: run files one at a time.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
