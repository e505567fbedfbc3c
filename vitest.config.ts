import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Globs over config files, so a workspace without tests yet is simply not listed.
    projects: ['packages/*/vitest.config.ts', 'apps/*/vitest.config.ts', 'bench/vitest.config.ts'],
  },
});
