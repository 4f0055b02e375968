import { Component, type ReactNode } from 'react';
import { ErrorPage } from './ErrorPage';

/** Shows the 500 page when a screen throws while rendering, instead of a blank page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error('screen failed to render', error);
  }

  render() {
    return this.state.failed ? <ErrorPage statusCode={500} /> : this.props.children;
  }
}
