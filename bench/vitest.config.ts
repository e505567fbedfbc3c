import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'bench',
    environment: 'node',
    include: ['lib/**/*.test.ts'],
    // The PGlite recording test opens an embedded database (WASM): safest in a child process.
    pool: 'forks',
    testTimeout: 30_000,
  },
});
