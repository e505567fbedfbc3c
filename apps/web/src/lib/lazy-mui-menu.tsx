import { lazy, Suspense } from 'react';
import type { MenuProps } from '@mui/material/Menu';
import { useOpenedOnce } from './use-opened-once';

const Menu = lazy(() => import('@mui/material/Menu'));

/**
 * MUI's MenuItem for a LazyMenu's items: it loads with the menu when the menu first opens, under
 * the same Suspense, so the items never arrive after the menu (DESIGN §7).
 */
export const LazyMenuItem = lazy(() => import('@mui/material/MenuItem'));

/**
 * MUI's Menu, loaded when it first opens: a closed menu draws nothing, so the menu with its
 * popover, modal and transitions stays out of the first load of a page that shows a select or a
 * menu button (DESIGN §7). The build hands it to MUI's Select too
 * (build-plugins/lazy-select-menu.ts). Mounted from then on, so closing plays its exit transition.
 */
export function LazyMenu(props: MenuProps) {
  const opened = useOpenedOnce(props.open);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <Menu {...props} />
    </Suspense>
  );
}
