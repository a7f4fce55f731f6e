import { type HostServices } from 'shared-contracts';
import { appLinkClick } from 'ui-kit';
import { BELL_PATH, CLOUD_OFF_PATH, CLOUD_UPLOAD_PATH, HELP_PATH } from 'ui-kit/icon-paths';
import { HEADER_TEXTS } from './header/texts';
import { OfflineReady } from './header/OfflineReady';
import { USER_PHOTO_PATH } from './header/user-photo';
import { avatarColours, initials } from './header/avatar';
import { useObservable } from 'ui-kit/use-observable';

/** The full header's menus, named for the one a tap on the light header asks to open. */
export type HeaderMenu = 'help' | 'notifications' | 'profile';

function Icon({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path fill="currentColor" d={d} />
    </svg>
  );
}

/** The profile button's avatar as Chakra's (sm): the user's photo, else initials on a colour of the name. */
function Avatar({ name, photo }: { name: string; photo: boolean }) {
  const { bg, fg } = avatarColours(name);
  return (
    <span className="sh-avatar" style={{ background: bg, color: fg }} aria-hidden="true">
      {photo ? <img src={USER_PHOTO_PATH} alt="" /> : initials(name)}
    </span>
  );
}

/**
 * The header until its full form (Chakra, menus; its own chunk) is there: on the sign-in screens while
 * signed out, and on every other screen for its first paint (HeaderSlot loads the full one at idle, or
 * at once on a tap on a menu's button, which then opens). Plain React styled by index.html's
 * stylesheet, the same bar as the full one, so neither the sign-in page nor home waits for the UI
 * library and nothing moves when the full header takes over.
 */
export function LightHeader({
  host,
  tools,
  onMenu,
}: {
  host: HostServices;
  /** The full header's tools (sync count, menus) as plain buttons, or only the offline sign-in icon. */
  tools: boolean;
  /** A menu's button was tapped: the full header is to open that menu. */
  onMenu(menu: HeaderMenu): void;
}) {
  const online = useObservable(host.online);
  const session = useObservable(host.session.state);
  const outbox = useObservable(host.offline.outbox);
  const go = (to: string) => appLinkClick(to, host.navigate);
  const offlineLogin =
    session.status === 'signedOut' ? (
      <a
        className="sh-icon-link"
        href="/login"
        onClick={go('/login')}
        aria-label={HEADER_TEXTS.signIn}
        data-testid="offline-login"
      >
        <Icon d={CLOUD_OFF_PATH} />
      </a>
    ) : null;
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
        {tools ? (
          <>
            <OfflineReady />
            <a
              className={outbox.length ? 'sh-count' : 'sh-count sh-count-none'}
              href="/?outbox=1"
              onClick={go('/?outbox=1')}
              data-testid="sync-count"
              aria-label={outbox.length ? HEADER_TEXTS.waitingToSync(outbox.length) : HEADER_TEXTS.allSynced}
            >
              {outbox.length ? (
                <>
                  <span className="sh-narrow-only">
                    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
                      <path fill="currentColor" d={CLOUD_UPLOAD_PATH} />
                    </svg>
                  </span>
                  {outbox.length}
                  <span className="sh-wide-only">{` ${HEADER_TEXTS.waitingToSyncWords}`}</span>
                </>
              ) : (
                HEADER_TEXTS.allSynced
              )}
            </a>
            <button
              type="button"
              className="sh-icon-link"
              aria-label={HEADER_TEXTS.help}
              aria-haspopup="menu"
              onClick={() => onMenu('help')}
            >
              <Icon d={HELP_PATH} />
            </button>
            <span className="sh-bell">
              <button
                type="button"
                className="sh-icon-link"
                aria-label={HEADER_TEXTS.notifications(0)}
                aria-haspopup="menu"
                onClick={() => onMenu('notifications')}
              >
                <Icon d={BELL_PATH} />
              </button>
              <span className="sh-bell-count" aria-hidden="true" data-testid="notifications-count">
                0
              </span>
            </span>
            {session.status === 'signedIn' ? (
              <button
                type="button"
                className="sh-icon-link sh-profile"
                aria-label={`${HEADER_TEXTS.profile}: ${session.userDetails.Name}`}
                aria-haspopup="menu"
                data-testid="profile-menu"
                onClick={() => onMenu('profile')}
              >
                <Avatar name={session.userDetails.Name} photo={!!session.userDetails.SmallPhotoUrl} />
              </button>
            ) : (
              offlineLogin
            )}
          </>
        ) : (
          offlineLogin
        )}
      </div>
    </header>
  );
}
