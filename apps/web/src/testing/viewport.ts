import { vi } from 'vitest';

/**
 * Makes `window.matchMedia` answer width queries as a screen `width` pixels wide would, so MUI's
 * useMediaQuery sees a phone or a laptop (jsdom has no layout and no matchMedia). The test setup
 * removes it after each test.
 */
export function stubViewportWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const matches =
      (min === null || width >= Number(min[1])) && (max === null || width <= Number(max[1]));
    return {
      matches,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    };
  });
}
