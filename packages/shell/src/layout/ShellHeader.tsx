import { useSyncExternalStore } from 'react';
import { Badge, Flex, Heading, Link } from '@chakra-ui/react';
import { navigateToUrl } from 'single-spa';
import type { HostServices } from 'shared-contracts';

/** The shell's header bar; the help, notifications and profile menus arrive with the sign-in work. */
export function ShellHeader({ host }: { host: HostServices }) {
  const online = useSyncExternalStore(host.online.subscribe, host.online.get);
  return (
    <Flex as="header" align="center" justify="space-between" px={4} py={2} bg="blue.700" color="white">
      <Heading as="h1" size="md">
        <Link href="/" onClick={navigateToUrl} _hover={{ textDecoration: 'none' }}>
          Checklists
        </Link>
      </Heading>
      <Badge colorScheme={online ? 'green' : 'orange'} data-testid="online-status">
        {online ? 'Online' : 'Offline'}
      </Badge>
    </Flex>
  );
}
