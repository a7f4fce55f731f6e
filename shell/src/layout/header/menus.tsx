import { Suspense, useEffect, useState } from 'react';
import { lazyWithPreload, preloadWhenIdle } from 'ui-kit/lazy-preload';
import {
  Avatar,
  Badge,
  Box,
  Button,
  IconButton,
  Menu,
  MenuButton,
  MenuDivider,
  MenuGroup,
  MenuItem,
  MenuList,
  Text,
} from '@chakra-ui/react';
import { LANGUAGES, LANGUAGE_NAMES, type HostServices, type SignedIn } from 'shared-contracts';
import { useObservable } from 'ui-kit/use-observable';
import { BellIcon, HelpIcon } from 'ui-kit/icons';
import { useBuilderAccess } from 'ui-kit/use-builder-access';
import { HEADER_TEXTS } from './texts';
import { USER_PHOTO_PATH } from './user-photo';
import { useOpenedOnce } from 'ui-kit/use-opened-once';

/**
 * `open`: the menu opens as it first shows (its button was tapped on the light header, LightHeader.tsx).
 * Every header menu is positioned `fixed`. A closed menu's list stays laid out (hidden) where the
 * popper left it, or before its first opening at its container's left edge at `max-content` width;
 * as `absolute` it widened the page past the window's right edge (1400 px at 1280, 522 at 390).
 * Fixed boxes never add to the page's scroll width, and Popper places the open list just the same.
 */
const menuProps = { strategy: 'fixed' } as const;

// The logout confirmation: fetched when Log out is first chosen or the page is first idle, with
// Chakra's dialogs (the second shared Chakra part), not with the header every signed-in page loads
// (issue 46); idle, so a user can sign out offline in the first seconds after a sign-in too.
const LogoutDialog = lazyWithPreload(() =>
  import('./LogoutDialog').then((m) => ({ default: m.LogoutDialog })),
);

const headerButton = {
  variant: 'ghost',
  color: 'white',
  _hover: { bg: 'whiteAlpha.300' },
  _active: { bg: 'whiteAlpha.400' },
} as const;

export function HelpMenu({ host, open = false }: { host: HostServices; open?: boolean }) {
  // The builder entry only for users the org lets edit form definitions (it answers, not a user list).
  const builder = useBuilderAccess(host) === 'allowed';
  return (
    <Menu {...menuProps} defaultIsOpen={open}>
      <MenuButton
        as={IconButton}
        aria-label={HEADER_TEXTS.help}
        icon={<HelpIcon boxSize={5} />}
        {...headerButton}
      />
      <MenuList color="gray.800">
        <MenuItem onClick={() => host.navigate('/?outbox=1')}>{HEADER_TEXTS.helpOutbox}</MenuItem>
        {builder ? (
          <MenuItem onClick={() => host.navigate('/templates')}>{HEADER_TEXTS.helpBuilder}</MenuItem>
        ) : null}
        <MenuItem onClick={() => host.navigate('/login')}>{HEADER_TEXTS.helpSignIn}</MenuItem>
        <MenuDivider />
        <Text px={3} py={1} fontSize="sm" color="gray.600">
          {HEADER_TEXTS.helpAbout(host.contractVersion)}
        </Text>
      </MenuList>
    </Menu>
  );
}

/** Notifications: the spec's count is always 0. */
export function NotificationsMenu({ open = false }: { open?: boolean }) {
  const count = 0;
  return (
    <Box position="relative">
      <Menu {...menuProps} defaultIsOpen={open}>
        <MenuButton
          as={IconButton}
          aria-label={HEADER_TEXTS.notifications(count)}
          icon={<BellIcon boxSize={5} />}
          {...headerButton}
        />
        <MenuList color="gray.800">
          <MenuItem isDisabled>{HEADER_TEXTS.noNotifications}</MenuItem>
        </MenuList>
      </Menu>
      <Badge
        position="absolute"
        top="0"
        insetEnd="0"
        fontSize="0.6rem"
        colorScheme="gray"
        borderRadius="full"
        pointerEvents="none"
        aria-hidden="true"
        data-testid="notifications-count"
      >
        {count}
      </Badge>
    </Box>
  );
}

export { USER_PHOTO_PATH } from './user-photo';

/**
 * The app's language (issue 44): each language named in its own words; the choice is kept for this
 * user on this device (host.i18n.setLanguage), online or not.
 */
function LanguageChoice({ host }: { host: HostServices }) {
  const current = useObservable(host.i18n.language);
  return (
    <MenuGroup title={HEADER_TEXTS.language} data-testid="language-choice">
      {LANGUAGES.map((language) => (
        <MenuItem
          key={language}
          lang={language}
          aria-current={current === language ? 'true' : undefined}
          fontWeight={current === language ? 'bold' : undefined}
          onClick={() => host.i18n.setLanguage(language)}
        >
          {current === language ? '✓ ' : ''}
          {LANGUAGE_NAMES[language]}
        </MenuItem>
      ))}
    </MenuGroup>
  );
}

/** Profile: name, username, photo and log out (confirmed; spec section 4 Logout). */
export function ProfileMenu({
  host,
  user,
  open = false,
}: {
  host: HostServices;
  user: SignedIn;
  open?: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const dialogMounted = useOpenedOnce(confirming);
  useEffect(() => preloadWhenIdle(LogoutDialog), []);
  const { Name, Username, SmallPhotoUrl } = user.userDetails;

  const logout = async () => {
    setBusy(true);
    try {
      await host.session.logout();
    } catch {
      // Offline or the org refused: the local sign-out below still happens.
    } finally {
      setBusy(false);
      setConfirming(false);
      if (window.location.pathname !== '/login') host.navigate('/login');
    }
  };

  return (
    <>
      <Menu {...menuProps} defaultIsOpen={open}>
        <MenuButton
          as={Button}
          aria-label={`${HEADER_TEXTS.profile}: ${Name}`}
          {...headerButton}
          px={1}
          data-testid="profile-menu"
        >
          <Avatar size="sm" name={Name} src={SmallPhotoUrl ? USER_PHOTO_PATH : undefined} />
        </MenuButton>
        <MenuList color="gray.800">
          <MenuGroup title={Name}>
            <Text px={3} pb={2} fontSize="sm" color="gray.600" data-testid="profile-username">
              {Username}
            </Text>
          </MenuGroup>
          <MenuDivider />
          <LanguageChoice host={host} />
          <MenuDivider />
          <MenuItem onClick={() => setConfirming(true)}>{HEADER_TEXTS.logout}</MenuItem>
        </MenuList>
      </Menu>
      {dialogMounted && (
        <Suspense fallback={null}>
          <LogoutDialog
            host={host}
            isOpen={confirming}
            busy={busy}
            onCancel={() => setConfirming(false)}
            onLogout={() => void logout()}
          />
        </Suspense>
      )}
    </>
  );
}
