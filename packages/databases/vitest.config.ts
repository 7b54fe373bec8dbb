import { defineConfig } from 'vitest/config';

// Database tests start real servers on a 2-core machine: run files one at a time and give
// server start-up and teardown room before calling a test hung.
export default defineConfig({
  test: {
    fileParallelism: false,
    testTimeout: 60000,
    hookTimeout: 60000,
  },
});
