import type { ComponentType, ReactNode } from 'react';
import { CONTRACT_VERSION, setDisplayLocale, type LanguageService } from 'shared-contracts';
import type { RemoteAppModule, RemoteAppProps } from 'shared-contracts';
import type { CatalogLoaders } from './i18n';
import { LanguageGate } from './language-gate';
import { reactLifecycles } from './react-lifecycles';

/**
 * Dates and numbers of this bundle in the user's Salesforce locale (host.i18n.displayLocale, issue
 * 44; form-core's formatters read it): set before the root renders and on every change. Subscribed at
 * mount, before any component, so a change is set before the components that read it render again.
 */
function followDisplayLocale(i18n: LanguageService | undefined): () => void {
  if (!i18n) return () => undefined;
  setDisplayLocale(i18n.displayLocale.get().locale);
  return i18n.displayLocale.subscribe((next) => setDisplayLocale(next.locale));
}

/** What wraps a remote's root: its UI library's provider, or nothing for a plain React screen. */
export type RemoteAppFrame = ComponentType<{ children: ReactNode }>;

const NoFrame: RemoteAppFrame = ({ children }) => <>{children}</>;

/**
 * A remote's `./app` module without any UI library (subpath `ui-kit/remote-app-core`): its
 * single-spa application around its root component inside `Frame`, declaring the contract version
 * this build was made against. A remote whose first screen must not wait for Chakra (mfe-auth's
 * sign-in page) uses this directly; `defineRemoteApp` is this with the product's ChakraProvider.
 */
export function defineRemoteAppIn(
  Root: ComponentType<RemoteAppProps>,
  Frame: RemoteAppFrame = NoFrame,
  /** The remote's catalogs per language (its texts in the host's language: ui-kit/i18n). */
  catalogs: CatalogLoaders = {},
): RemoteAppModule {
  /** A deployment can stamp a label on its build (BUILD_LABEL), shown under the remote's screen. */
  function App(props: RemoteAppProps) {
    return (
      <Frame>
        <LanguageGate i18n={props.host.i18n} catalogs={catalogs}>
          <Root {...props} />
        </LanguageGate>
        {process.env.BUILD_LABEL ? (
          <small
            data-testid="build-label"
            style={{ display: 'block', padding: '0 1.5rem', color: '#4A5568' }}
          >
            {props.name} build {process.env.BUILD_LABEL}
          </small>
        ) : null}
      </Frame>
    );
  }
  // A crash after mount: the shell swaps this area for its fallback and keeps the rest running.
  const { bootstrap, mount, unmount } = reactLifecycles(App, (props, error) =>
    props.host.reportCrash(props.name, error),
  );
  let unfollow: (() => void) | undefined;
  return {
    // The override exists to test the shell's refusal of an incompatible remote.
    contractVersion: process.env.CONTRACT_VERSION_OVERRIDE || CONTRACT_VERSION,
    bootstrap,
    mount: (props) => {
      unfollow = followDisplayLocale(props.host.i18n);
      return mount(props);
    },
    unmount: (props) => {
      unfollow?.();
      unfollow = undefined;
      return unmount(props);
    },
  };
}
