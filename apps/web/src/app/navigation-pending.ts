import { createContext, use } from 'react';

/** True while a navigation waits for its screen's code: the layout then shows its loading bar. */
export const NavigationPendingContext = createContext(false);

export function useNavigationPending(): boolean {
  return use(NavigationPendingContext);
}
