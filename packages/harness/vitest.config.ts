import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Behaviour tests fork real processes and time them: one file at a time, so they do not compete.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    globalSetup: ['./test/global-setup.ts'],
  },
});
