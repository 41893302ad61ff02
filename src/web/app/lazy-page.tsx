import { Component, use, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import type { Location } from 'react-router';

/**
 * A page's module, loaded by the first render that needs it (which suspends until then) and
 * kept: later renders are synchronous. router.tsx wraps every page in one.
 */
export function lazyPage(load: () => Promise<ComponentType>): ComponentType {
  let Page: ComponentType | undefined;
  let loading: Promise<void> | undefined;
  return function LazyPage() {
    if (!Page) use((loading ??= load().then((loaded) => void (Page = loaded))));
    return Page ? <Page /> : null;
  };
}

/**
 * A page that throws while rendering (or whose chunk fails to load) shows the error instead
 * of emptying the screen, as react-router's data router did; another address shows its page.
 */
export class PageErrorBoundary extends Component<
  { location: Location; children: ReactNode },
  { error: unknown; location: Location }
> {
  override state = { error: undefined as unknown, location: this.props.location };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(
    props: { location: Location },
    state: { error: unknown; location: Location },
  ) {
    return props.location === state.location
      ? null
      : { error: undefined, location: props.location };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A page failed:', error, info.componentStack);
  }

  override render() {
    if (this.state.error === undefined) return this.props.children;
    const error = this.state.error;
    return (
      <>
        <h2>Unexpected Application Error!</h2>
        <h3 style={{ fontStyle: 'italic' }}>
          {error instanceof Error ? error.message : JSON.stringify(error)}
        </h3>
      </>
    );
  }
}
