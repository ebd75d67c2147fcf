import { Component, type ErrorInfo, type ReactNode } from "react";
import { useRouteError } from "react-router";
import { ErrorScreen } from "./ErrorScreen";

interface State {
  error: unknown;
  failed: boolean;
}

/** Catches render errors outside the router (providers, the router itself). */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error("Unhandled error", error, info.componentStack);
  }

  render() {
    if (this.state.failed) {
      return <ErrorScreen error={this.state.error} onRetry={() => this.setState({ error: null, failed: false })} />;
    }
    return this.props.children;
  }
}

/**
 * The router's error element: errors thrown while loading or rendering any route. Trying again
 * reloads, because the router keeps a failed code chunk failed until the page is reloaded.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  return <ErrorScreen error={error} onRetry={() => window.location.reload()} />;
}
