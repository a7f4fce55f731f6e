import { Component, useEffect, type ComponentType, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { RemoteAppProps } from 'shared-contracts';

/** Reports an error thrown while rendering, after mount, and renders nothing in its place. */
class CrashBoundary extends Component<{ onCrash: (error: unknown) => void; children: ReactNode }> {
  override state = { crashed: false };

  static getDerivedStateFromError() {
    return { crashed: true };
  }

  override componentDidCatch(error: unknown) {
    this.props.onCrash(error);
  }

  override render() {
    return this.state.crashed ? null : this.props.children;
  }
}

/** Calls `done` once its first render is committed (a task later, as single-spa-react did). */
function Committed({ done, children }: { done: () => void; children: ReactNode }) {
  useEffect(() => {
    const timer = setTimeout(done);
    return () => clearTimeout(timer);
  }, [done]);
  return children;
}

/** A screen that draws nothing at first for longer than this (never in practice) settles its mount anyway. */
const FIRST_CONTENT_WAIT_MS = 10_000;

/**
 * Resolves once `el` holds the screen's first content: a root's first commit may be empty (a language
 * gate waiting for its catalogs), and the shell fetches what waits for the first screen (the full
 * header, Chakra) once the mount has settled, so it must not settle on an empty area (issue 46).
 */
function firstContent(el: HTMLElement): Promise<void> {
  if (el.childNodes.length > 0) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const observer = new MutationObserver(() => el.childNodes.length > 0 && done());
    observer.observe(el, { childList: true });
    const timer = setTimeout(done, FIRST_CONTENT_WAIT_MS);
  });
}

export interface ReactLifecycles {
  bootstrap: (props: RemoteAppProps) => Promise<void>;
  mount: (props: RemoteAppProps) => Promise<void>;
  unmount: (props: RemoteAppProps) => Promise<void>;
}

/**
 * A remote's root component as single-spa lifecycles: a React root in the area's element the shell
 * gives (`props.domElement`); mount settles once a render with content is committed (firstContent); a crash after mount goes
 * to `onCrash` (the shell swaps the area for its fallback). In place of single-spa-react, whose generic
 * options (legacy render, parcels, a default container, warnings) cost ~2 KB br on every remote's first
 * screen, the sign-in page's included.
 */
export function reactLifecycles(
  Root: ComponentType<RemoteAppProps>,
  onCrash: (props: RemoteAppProps, error: unknown) => void,
): ReactLifecycles {
  const roots = new Map<string, Root>();
  return {
    bootstrap: async () => undefined,
    mount: (props) =>
      new Promise<void>((resolve) => {
        const root = createRoot(props.domElement);
        roots.set(props.name, root);
        root.render(
          <Committed done={() => void firstContent(props.domElement).then(resolve)}>
            <CrashBoundary onCrash={(error) => onCrash(props, error)}>
              <Root {...props} />
            </CrashBoundary>
          </Committed>,
        );
      }),
    unmount: async (props) => {
      roots.get(props.name)?.unmount();
      roots.delete(props.name);
    },
  };
}
