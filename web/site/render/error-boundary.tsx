import { Component, type ErrorInfo, type ReactNode } from "react";
import { ErrorBox } from "./error-box.js";

interface State {
  error: Error | null;
}

/** Catches a widget's errors in the browser so one broken widget leaves the rest of the page. */
export class WidgetErrorBoundary extends Component<{ children?: ReactNode }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error("widget failed", error, info.componentStack);
  }

  render() {
    return this.state.error ? <ErrorBox message={this.state.error.message} /> : this.props.children;
  }
}
