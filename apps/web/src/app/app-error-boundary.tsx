import { Component, type ReactNode } from 'react';
import { LoadFailure } from './layout/load-failure';

type Props = {
  children: ReactNode;
  /** A new value (the next navigation) gives the children another try. */
  resetKey?: string;
};

type State = { failed: boolean; resetKey: string | undefined };

/**
 * When code cannot load (a new release replaced the files while the page was open) or fails to
 * render, the page says so and offers a reload instead of going blank. One sits above the
 * sign-in page and the portal; another inside the portal's layout, so a failed screen keeps the
 * header and the next navigation tries again.
 */
export class AppErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <LoadFailure /> : this.props.children;
  }
}
