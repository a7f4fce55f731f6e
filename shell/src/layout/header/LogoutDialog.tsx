import { useRef, useState } from 'react';
import { Box, Button, Text } from '@chakra-ui/react';
// Chakra's dialogs are in the second shared Chakra part: this module is fetched when the user first
// chooses Log out (menus.tsx), never with the header (issue 46).
import {
  AlertDialog,
  AlertDialogBody,
  AlertDialogContent,
  AlertDialogFooter,
  AlertDialogOverlay,
} from '@chakra-ui/react-extra';
import { logoutPendingText, type HostServices } from 'shared-contracts';
import { useObservable } from 'ui-kit/use-observable';
import { HEADER_TEXTS } from './texts';
import { logoutConfirmText } from './logout-text';

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

/** The logout question (spec section 4 Logout) with the user's pending items, Cancel and Log out. */
export function LogoutDialog({
  host,
  isOpen,
  busy,
  onCancel,
  onLogout,
}: {
  host: HostServices;
  isOpen: boolean;
  busy: boolean;
  onCancel(): void;
  onLogout(): void;
}) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <AlertDialog isOpen={isOpen} leastDestructiveRef={cancelRef} onClose={onCancel} isCentered>
      <AlertDialogOverlay>
        <AlertDialogContent>
          <AlertDialogBody pt={6}>
            <Text>{logoutConfirmText(window.location.pathname)}</Text>
            <LogoutPending host={host} />
          </AlertDialogBody>
          <AlertDialogFooter gap={3}>
            <Button ref={cancelRef} onClick={onCancel}>
              {HEADER_TEXTS.cancel}
            </Button>
            <Button colorScheme="red" onClick={onLogout} isLoading={busy}>
              {HEADER_TEXTS.logout}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialogOverlay>
    </AlertDialog>
  );
}
