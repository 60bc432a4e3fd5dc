import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** Rendered instead of the children after an error; `reset` clears the error. */
  fallback: (error: unknown, reset: () => void) => ReactNode;
  /** Changing it (another route) clears a previous error. */
  resetKey?: string;
  onError?: (error: unknown, info: ErrorInfo) => void;
  children: ReactNode;
}
interface State {
  error: unknown;
  failed: boolean;
  resetKey?: string;
}

/** One per remote area: whatever an area throws stays inside its own page. */
export class AreaErrorBoundary extends Component<Props, State> {
  state: State = { error: null, failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey !== state.resetKey) return { error: null, failed: false, resetKey: props.resetKey };
    return null;
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    this.props.onError?.(error, info);
  }

  reset = () => this.setState({ error: null, failed: false });

  render() {
    if (this.state.failed) return this.props.fallback(this.state.error, this.reset);
    return this.props.children;
  }
}
