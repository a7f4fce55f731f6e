import { Badge, Box, Flex, HStack, Heading, IconButton, Link } from '@chakra-ui/react';
import { type HostServices } from 'shared-contracts';
import { appLinkClick } from 'ui-kit';
import { CloudOffIcon, CloudUploadIcon } from 'ui-kit/icons';
import { HelpMenu, NotificationsMenu, ProfileMenu } from './header/menus';
import { HEADER_TEXTS } from './header/texts';
import { OfflineReady } from './header/OfflineReady';
import { ApiUsageNotice } from './header/ApiUsageNotice';
import { useObservable } from 'ui-kit/use-observable';
import type { HeaderMenu } from './LightHeader';

/**
 * The shell's header bar (spec section 1): help, notifications (count 0) and profile menus; an
 * offline icon linking to /login when no user is stored; beyond the spec, the online/offline
 * indicator and the count of items waiting to sync (links to the home screen's outbox). `openMenu`: the
 * menu a tap on the light header asked for, open as this one first shows.
 */
export function ShellHeader({ host, openMenu }: { host: HostServices; openMenu?: HeaderMenu }) {
  const online = useObservable(host.online);
  const session = useObservable(host.session.state);
  const outbox = useObservable(host.offline.outbox);
  const go = (to: string) => appLinkClick(to, host.navigate);

  return (
    <>
      <Flex
        as="header"
        align="center"
        justify="space-between"
        gap={2}
        px={{ base: 2, md: 4 }}
        py={2}
        bg="blue.700"
        color="white"
      >
        <Heading as="h1" size="md">
          <Link href="/" onClick={go('/')} _hover={{ textDecoration: 'none' }} aria-label={HEADER_TEXTS.home}>
            {HEADER_TEXTS.appTitle}
          </Link>
        </Heading>
        {/* Tight on a phone: offline badge, ready sign, sync count and three menus just fit 390 px. */}
        <HStack spacing={{ base: 0.5, md: 2 }}>
          <Badge colorScheme={online ? 'green' : 'orange'} data-testid="online-status">
            {online ? HEADER_TEXTS.online : HEADER_TEXTS.offline}
          </Badge>
          <OfflineReady />
          <Link
            href="/?outbox=1"
            onClick={go('/?outbox=1')}
            fontSize="sm"
            data-testid="sync-count"
            px={1}
            whiteSpace="nowrap"
            aria-label={outbox.length ? HEADER_TEXTS.waitingToSync(outbox.length) : HEADER_TEXTS.allSynced}
            display={{ base: outbox.length ? 'inline-flex' : 'none', sm: 'inline-flex' }}
            alignItems="center"
            gap={1}
          >
            {outbox.length ? (
              // A phone has no room for the words next to the menus (they wrapped onto three lines and
              // widened the page): an icon and the count there, the words from sm up.
              <>
                <CloudUploadIcon boxSize={4} display={{ base: 'inline', sm: 'none' }} aria-hidden />
                {outbox.length}
                <Box as="span" display={{ base: 'none', sm: 'inline' }}>
                  {` ${HEADER_TEXTS.waitingToSyncWords}`}
                </Box>
              </>
            ) : (
              HEADER_TEXTS.allSynced
            )}
          </Link>
          <HelpMenu host={host} open={openMenu === 'help'} />
          <NotificationsMenu open={openMenu === 'notifications'} />
          {session.status === 'signedIn' ? (
            <ProfileMenu host={host} user={session} open={openMenu === 'profile'} />
          ) : session.status === 'signedOut' ? (
            <IconButton
              as="a"
              href="/login"
              onClick={go('/login')}
              aria-label={HEADER_TEXTS.signIn}
              icon={<CloudOffIcon boxSize={5} />}
              variant="ghost"
              color="white"
              _hover={{ bg: 'whiteAlpha.300' }}
              data-testid="offline-login"
            />
          ) : null}
        </HStack>
      </Flex>
      <ApiUsageNotice host={host} />
    </>
  );
}
