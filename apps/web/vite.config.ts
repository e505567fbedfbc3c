import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import type { Alias } from 'vite';

// The API server of apps/server; the dev server forwards /api so cookies stay same-origin.
const API_TARGET = 'http://127.0.0.1:3000';

/**
 * react-router's package exports point at its development build (with dev-only warnings);
 * its framework plugin swaps in the production build, which plain Vite must do itself.
 */
function reactRouterProductionAliases(): Alias[] {
  const toProduction = (specifier: string) =>
    new URL(import.meta.resolve(specifier).replace('/dist/development/', '/dist/production/'))
      .pathname;
  return [
    { find: /^react-router$/, replacement: toProduction('react-router') },
    { find: /^react-router\/dom$/, replacement: toProduction('react-router/dom') },
  ];
}

export default defineConfig(({ command }) => ({
  // Lets the config work from the repository root too (`vite build apps/web`, `vitest -c …`).
  root: import.meta.dirname,
  plugins: [react()],
  resolve: { alias: command === 'build' ? reactRouterProductionAliases() : [] },
  server: {
    proxy: { '/api': { target: API_TARGET, changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: API_TARGET, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
  },
}));
