import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Lets the config work from the repository root too (`vite build apps/web`, `vitest -c …`).
  root: import.meta.dirname,
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
    // MUI and jsdom are slow to import; the default 5 s is tight on a busy CI machine.
    testTimeout: 15_000,
  },
});
