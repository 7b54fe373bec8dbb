import { defineConfig } from 'vitest/config';

// Rendering charts and spawning the CLI take seconds on a busy 2-core machine; rendering every
// committed report once (a `beforeAll`) took over 10 s, vitest's default hook limit, under load.
export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  },
});
