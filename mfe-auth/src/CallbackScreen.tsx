import { useEffect, useRef, useState } from 'react';
import { useLocationSearch } from 'ui-kit/use-location';
import { MESSAGES, displayMessage, type HostServices, type LoginTarget } from 'shared-contracts';
import { appLinkClick } from 'ui-kit';
import { AUTH_TEXTS } from './texts';
import { Alert, AuthStyles, Spinner } from './ui';

/** Where each callback lands once sign-in is complete. */
export const AFTER_SIGN_IN: Record<LoginTarget, string> = {
  main: '/',
  otherOrg: '/templateConfiguration',
};

/**
 * /authSuccessCallback and /authOtherOrgSuccessCallback: the BFF has exchanged the code and sent
 * the browser here with `?status=ok` or `?status=error&error=...`; the host finishes sign-in
 * (stores both user-details records) and we land on home. A failure shows the spec's message.
 */
export function CallbackScreen({ host, target }: { host: HostServices; target: LoginTarget }) {
  const search = useLocationSearch();
  const [failed, setFailed] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    host.session.completeSignIn(search, target).then(
      () => host.navigate(AFTER_SIGN_IN[target], { replace: true }),
      (error: unknown) => {
        const message =
          error instanceof Error && error.message ? displayMessage(error.message) : MESSAGES.unableToConnect;
        setFailed(message);
      },
    );
  }, [host, search, target]);

  return (
    <div data-testid="remote-screen" data-remote="mfe-auth" className="au-callback">
      <AuthStyles />
      {failed === null ? (
        <div className="au-center" role="status">
          <Spinner large />
          <p style={{ margin: 0 }}>
            {target === 'main' ? AUTH_TEXTS.signingIn : AUTH_TEXTS.connectingOtherOrg}
          </p>
        </div>
      ) : (
        <>
          <Alert status="error" testId="signin-error">
            {failed === MESSAGES.unableToConnect ? failed : `${MESSAGES.unableToConnect}: ${failed}`}
          </Alert>
          <a
            href="/login"
            className="au-link"
            onClick={appLinkClick('/login', (to) => host.navigate(to, { replace: true }))}
          >
            {AUTH_TEXTS.backToLogin}
          </a>
        </>
      )}
    </div>
  );
}
