import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { Plugin } from 'vite';

const LAZY_MENU = fileURLToPath(new URL('../src/lib/lazy-mui-menu.tsx', import.meta.url));
const VIRTUAL_ID = '\0lazy-select-menu';
const SELECT_INPUT = `${path.sep}@mui${path.sep}material${path.sep}Select${path.sep}SelectInput.`;

/**
 * MUI's SelectInput imports its Menu statically, so every page that shows a closed select ships
 * the menu, popover and modal too. The build hands SelectInput a menu that loads on first opening
 * (src/lib/lazy-mui-menu.tsx); everything else imports MUI's Menu as it is.
 */
export function lazySelectMenu(): Plugin {
  return {
    name: 'lazy-select-menu',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer?.includes(SELECT_INPUT) || !/^\.\.\/Menu\/Menu(\.m?js)?$/.test(source)) {
        return null;
      }
      return VIRTUAL_ID;
    },
    load(id) {
      // SelectInput imports a default export.
      return id === VIRTUAL_ID
        ? `export { LazyMenu as default } from ${JSON.stringify(LAZY_MENU)};`
        : null;
    },
  };
}
