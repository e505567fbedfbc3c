import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import type { Alias, Plugin } from 'vite';
import { lazySelectMenu } from './build-plugins/lazy-select-menu.ts';
import { precompressAssets } from './build-plugins/precompress-assets.ts';

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

/**
 * MUI ships its CSS-theme-variables machinery (CssVarsProvider, createThemeWithVars) inside every
 * app, because ThemeProvider and createTheme import it for themes that enable `cssVariables` or
 * `colorSchemes`. Our theme (src/app/theme.ts) enables neither, so the build replaces those two
 * modules with stubs that fail loudly if ever called: 7 KB less on every first load (DESIGN §7).
 * Turning CSS variables on means removing this plugin.
 */
function muiWithoutCssVariables(): Plugin {
  const fail = `() => { throw new Error('MUI CSS theme variables are left out of this build; see apps/web/vite.config.ts.'); }`;
  const stubs: Record<string, string> = {
    'ThemeProviderWithVars.mjs': `const fail = ${fail};
export const CssVarsProvider = fail;
export const useColorScheme = fail;
export const getInitColorSchemeScript = fail;
export const Experimental_CssVarsProvider = fail;`,
    'createThemeWithVars.mjs': `const fail = ${fail};
export const createGetCssVar = fail;
export default fail;`,
  };
  const prefix = '\0mui-without-css-variables:';
  const stylesDir = `${path.sep}@mui${path.sep}material${path.sep}styles${path.sep}`;
  return {
    name: 'mui-without-css-variables',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      const file = source.startsWith('./') ? source.slice(2) : null;
      if (!file || !(file in stubs) || !importer?.includes(stylesDir)) return null;
      return `${prefix}${file}`;
    },
    load(id) {
      return id.startsWith(prefix) ? stubs[id.slice(prefix.length)] : null;
    },
  };
}

/**
 * The sign-in page's own modules, which no portal screen needs at its first paint: the form, the
 * code step, single sign-on's choice, the card they sit in, MUI's input parts, and what only they
 * import. Left out, they join 'page-frame', which every portal screen loads (2 KB of /participants,
 * 8 KB more with the input parts).
 */
const SIGN_IN_FORM_MODULES = new RegExp(
  [
    /[\\/]node_modules[\\/]react-hook-form[\\/]/,
    /[\\/]node_modules[\\/]@mui[\\/]icons-material[\\/](Visibility|VisibilityOff|Login)\.m?js$/,
    // MUI's input machinery: the forms draw it; the lists' fields are lighter (outlined-field.tsx).
    // Not FormControl's context, which the switches and checkboxes read.
    /[\\/]node_modules[\\/]@mui[\\/]material[\\/](FormControl[\\/](FormControl|formControlClasses)\.|(FormLabel|InputLabel|FormHelperText|OutlinedInput|InputBase|InputAdornment|TextareaAutosize)[\\/])/,
    /[\\/]src[\\/]app[\\/](sign-in-page|routes[\\/]login)\.tsx$/,
    /[\\/]src[\\/]features[\\/]account[\\/](components[\\/]login-form\.tsx|api[\\/]login\.ts)$/,
    /[\\/]src[\\/]features[\\/]mfa[\\/]components[\\/]mfa-challenge-step\.tsx$/,
    /[\\/]src[\\/]features[\\/]sso[\\/](components[\\/]sso-(login|sign-in)\.tsx|api[\\/](get-sign-in-options|sso-keys)\.ts)$/,
    /[\\/]src[\\/]components[\\/]layout[\\/]auth-card\.tsx$/,
    /[\\/]packages[\\/]contract[\\/]src[\\/]sso-constants\.ts$/,
    /[\\/]src[\\/]components[\\/]form[\\/](form-text-field|password-field)\.tsx$/,
    /[\\/]src[\\/]lib[\\/](form-errors|lazy-resolver)\.ts$/,
  ]
    .map((part) => part.source)
    .join('|'),
);

/**
 * zod with the small contract modules every signed-in screen loads beside it (user and
 * participant identity fields, care team, programmes, date checks): one file instead of eight.
 * The contract builds its schemas with zod/mini, which tree-shakes (ADR 0028).
 */
const CONTRACT_CORE_MODULES = new RegExp(
  [
    /[\\/]node_modules[\\/]zod[\\/]/,
    /[\\/]packages[\\/]contract[\\/]src[\\/](users|validation|account|participant-identity|care-team|calendar-dates|flags-constants|export-file-name|programmes)\.ts$/,
  ]
    .map((part) => part.source)
    .join('|'),
);

/**
 * Helpers nearly every signed-in screen uses at its first paint (list state, the API client,
 * MUI's small utilities), each a file of its own otherwise: one file saves 2 to 4 KB a page.
 * Listed by name: a module here brings what it imports to every screen.
 */
const PORTAL_KIT_MODULES = new RegExp(
  [
    /[\\/]src[\\/]lib[\\/](list-state|query-keys|keep-previous-page|participant-type|session-user|sso-end-session|use-opened-once|save-file)\.ts$/,
    /[\\/]src[\\/]lib[\\/]api[\\/](request|envelope|transport|csrf|session-refresh|download|user-groups)\.ts$/,
    /[\\/]src[\\/]components[\\/](ui[\\/](load-error|visually-hidden)|layout[\\/]page-heading)\.tsx$/,
    // Not the roving focus of MUI's menus, tabs and toggle buttons, nor Stack: the lists do not
    // draw them at first paint, and here they would weigh on every screen.
    /[\\/]node_modules[\\/]@mui[\\/](utils|system|material[\\/]utils)[\\/](?!useRovingTabIndex|Stack[\\/])/,
  ]
    .map((part) => part.source)
    .join('|'),
);

export default defineConfig(({ command }) => ({
  // Lets the config work from the repository root too (`vite build apps/web`, `vitest -c …`).
  root: import.meta.dirname,
  plugins: [react(), muiWithoutCssVariables(), lazySelectMenu(), precompressAssets()],
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
    // dist/.vite/manifest.json: which chunks each route loads, read by `npm run bench`.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry needs at start-up goes into one chunk; the first-load sign-in
          // page into two more: its form (react-hook-form, the login and code steps) and what it
          // shares with the portal's screens (header, buttons, inputs), so that a portal first
          // load takes the second without the forms. Left to itself the bundler splits out every
          // module a lazy screen shares with another; those many small files compress worse
          // (9 KB more on /login) and cost a request each; 'zod' and 'portal-kit' gather those the
          // signed-in screens all load.
          groups: [
            { name: 'app', tags: ['$initial'] },
            {
              name: 'sign-in',
              test: SIGN_IN_FORM_MODULES,
              includeDependenciesRecursively: false,
            },
            { name: 'page-frame', test: /[\\/]src[\\/]app[\\/]sign-in-page\.tsx$/ },
            { name: 'zod', test: CONTRACT_CORE_MODULES },
            {
              name: 'portal-kit',
              test: PORTAL_KIT_MODULES,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
}));
