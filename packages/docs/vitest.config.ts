import { defineConfig } from 'vitest/config';

// Rendering charts and spawning the CLI take seconds on a busy 2-core machine.
export default defineConfig({
  test: {
    testTimeout: 60_000,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  },
});
