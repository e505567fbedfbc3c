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
    // Test files share each worker's loaded modules instead of importing the server afresh: about
    // a fifth less CPU for the suite, which runs five times in CI (npm test and npm run test:dates).
    // Safe because every file builds its own app and database, and no test mocks a module.
    isolate: false,
  },
});
