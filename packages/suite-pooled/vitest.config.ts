import { defineConfig } from 'vitest/config';

// Integration tests share two real database servers and fork benchmark processes: run files one at a
// time and give each test room for a server round trip on a busy 2-core machine.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
