import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Every test reads one pinned clock (test/test-now.ts); TEST_NOW and TZ move it.
    setupFiles: ['./src/test/setup-clock.ts'],
    // Each test file gets its own database; argon2 hashing and migrations make 5 s tight.
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // PGlite (WASM) and argon2 (native) are safest in child processes rather than worker threads.
    pool: 'forks',
  },
});
