import { Component, type ReactNode } from "react";
import { ClientErrorView } from "./FallbackView.tsx";

interface Props {
  readonly homeHref: string;
  readonly children: ReactNode;
}

/**
 * ERR-5: a client-side exception in the page's content shows the application-error page inside the
 * app's frame (header and navigation stay), instead of unmounting everything to a blank screen.
 * Keyed by the page's path by its parent, so navigating away recovers.
 */
export class ErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <ClientErrorView homeHref={this.props.homeHref} /> : this.props.children;
  }
}
