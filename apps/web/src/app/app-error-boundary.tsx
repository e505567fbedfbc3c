import { Component, type ReactNode } from 'react';
import { LoadFailure } from './layout/load-failure';

/**
 * Above the sign-in page and the portal: when either's code cannot load (a new release replaced
 * the files while the login page was open) or it fails outside a route, the page says so and
 * offers a reload instead of going blank. Screens inside the portal have their own (RouteError).
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <LoadFailure /> : this.props.children;
  }
}
