import { type HostServices } from 'shared-contracts';
import { appLinkClick } from 'ui-kit';
import { CLOUD_OFF_PATH } from 'ui-kit/icon-paths';
import { HEADER_TEXTS } from './header/texts';
import { useObservable } from 'ui-kit/use-observable';

/**
 * The header while no route needs Chakra (the sign-in screens, signed out): the title, the
 * online/offline indicator and the offline icon that links to /login when no user is stored. Plain
 * React styled by index.html's stylesheet, so the sign-in page does not wait for the UI library;
 * HeaderSlot swaps in the full header (menus) as soon as a route or a signed-in user needs it.
 */
export function LightHeader({ host }: { host: HostServices }) {
  const online = useObservable(host.online);
  const session = useObservable(host.session.state);
  const go = (to: string) => appLinkClick(to, host.navigate);
  return (
    <header className="sh-header">
      <h1 className="sh-title">
        <a href="/" onClick={go('/')} aria-label={HEADER_TEXTS.home}>
          {HEADER_TEXTS.appTitle}
        </a>
      </h1>
      <div className="sh-tools">
        <span className={online ? 'sh-badge sh-online' : 'sh-badge sh-offline'} data-testid="online-status">
          {online ? HEADER_TEXTS.online : HEADER_TEXTS.offline}
        </span>
        {session.status === 'signedOut' ? (
          <a
            className="sh-icon-link"
            href="/login"
            onClick={go('/login')}
            aria-label={HEADER_TEXTS.signIn}
            data-testid="offline-login"
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path fill="currentColor" d={CLOUD_OFF_PATH} />
            </svg>
          </a>
        ) : null}
      </div>
    </header>
  );
}
