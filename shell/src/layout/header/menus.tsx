import { useRef, useState } from 'react';
import {
  AlertDialog,
  AlertDialogBody,
  AlertDialogContent,
  AlertDialogFooter,
  AlertDialogOverlay,
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
import {
  LANGUAGES,
  LANGUAGE_NAMES,
  logoutPendingText,
  type HostServices,
  type SignedIn,
} from 'shared-contracts';
import { useObservable } from 'ui-kit/use-observable';
import { BellIcon, HelpIcon } from 'ui-kit/icons';
import { useBuilderAccess } from 'ui-kit/use-builder-access';
import { HEADER_TEXTS } from './texts';
import { logoutConfirmText } from './logout-text';

/**
 * Every header menu is positioned `fixed`. A closed menu's list stays laid out (hidden) where the
 * popper left it, or before its first opening at its container's left edge at `max-content` width;
 * as `absolute` it widened the page past the window's right edge (1400 px at 1280, 522 at 390).
 * Fixed boxes never add to the page's scroll width, and Popper places the open list just the same.
 */
const menuProps = { strategy: 'fixed' } as const;

const headerButton = {
  variant: 'ghost',
  color: 'white',
  _hover: { bg: 'whiteAlpha.300' },
  _active: { bg: 'whiteAlpha.400' },
} as const;

export function HelpMenu({ host }: { host: HostServices }) {
  // The builder entry only for users the org lets edit form definitions (it answers, not a user list).
  const builder = useBuilderAccess(host) === 'allowed';
  return (
    <Menu {...menuProps}>
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
export function NotificationsMenu() {
  const count = 0;
  return (
    <Box position="relative">
      <Menu {...menuProps}>
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

/**
 * The org's SmallPhotoUrl through the BFF (GET /api/userPhoto): same-origin, so the browser's cookies
 * never go to the org and the image needs no org session; offline the avatar shows the initials.
 */
export const USER_PHOTO_PATH = '/api/userPhoto';

/**
 * The logout confirmation (spec section 4 Logout, issue 28): the spec's question, and how many of
 * this user's items are not yet in the org. They stay on the device, kept for this user, and are
 * sent when the same user signs in again; online, "Sync now first" sends them before leaving.
 */
function LogoutPending({ host }: { host: HostServices }) {
  const outbox = useObservable(host.offline.outbox);
  const online = useObservable(host.online);
  const [syncing, setSyncing] = useState(false);
  const [synced, setSynced] = useState(false);
  if (outbox.length === 0)
    return synced ? (
      <Text mt={3} color="green.700" data-testid="logout-all-in-org">
        {HEADER_TEXTS.allInOrg}
      </Text>
    ) : null;
  const syncNow = async () => {
    setSyncing(true);
    try {
      for (const item of outbox) await host.offline.retryNow(item.id);
      setSynced(true);
    } finally {
      setSyncing(false);
    }
  };
  return (
    <Box mt={3} data-testid="logout-pending">
      <Text>{logoutPendingText(outbox.length)}</Text>
      {online ? (
        <Button mt={3} size="sm" onClick={() => void syncNow()} isLoading={syncing}>
          {HEADER_TEXTS.syncFirst}
        </Button>
      ) : null}
    </Box>
  );
}

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
export function ProfileMenu({ host, user }: { host: HostServices; user: SignedIn }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);
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
      <Menu {...menuProps}>
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
      <AlertDialog
        isOpen={confirming}
        leastDestructiveRef={cancelRef}
        onClose={() => setConfirming(false)}
        isCentered
      >
        <AlertDialogOverlay>
          <AlertDialogContent>
            <AlertDialogBody pt={6}>
              <Text>{logoutConfirmText(window.location.pathname)}</Text>
              <LogoutPending host={host} />
            </AlertDialogBody>
            <AlertDialogFooter gap={3}>
              <Button ref={cancelRef} onClick={() => setConfirming(false)}>
                {HEADER_TEXTS.cancel}
              </Button>
              <Button colorScheme="red" onClick={() => void logout()} isLoading={busy}>
                {HEADER_TEXTS.logout}
              </Button>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialogOverlay>
      </AlertDialog>
    </>
  );
}
