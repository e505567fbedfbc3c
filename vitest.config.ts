import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Globs over config files, so a workspace without tests yet is simply not listed.
    projects: ['packages/*/vitest.config.ts', 'apps/*/vitest.config.ts', 'bench/vitest.config.ts'],
    // One test file per core. Vitest's default leaves a core to its main process, which only
    // hands out files and collects results: on CI's two cores that ran every file one after
    // another and left the second core mostly idle.
    maxWorkers: '100%',
  },
});
