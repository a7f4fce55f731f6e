import { useState } from 'react';
import { Badge, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
// Chakra's drawer is in the second shared part: this module is fetched when the outbox first opens
// (HomeScreen), never with home's first screen (issue 46).
import {
  Drawer,
  DrawerBody,
  DrawerCloseButton,
  DrawerContent,
  DrawerHeader,
  DrawerOverlay,
} from '@chakra-ui/react-extra';
import { bffErrorText, type HostServices, type OutboxItem } from 'shared-contracts';
import { formatDateTime } from 'form-core';
import { Confirm } from './cards';
import { HOME_TEXTS, outboxWord } from './texts';
import { useObservable } from 'ui-kit/use-observable';

const stateColour: Record<OutboxItem['state'], string> = {
  queued: 'blue',
  uploading: 'blue',
  'waiting for files': 'purple',
  'retry scheduled': 'orange',
  'in error': 'red',
  'needs sign-in': 'red',
};

function OutboxRow({
  item,
  timeZone,
  onRetry,
  onDiscard,
}: {
  item: OutboxItem;
  timeZone?: string;
  onRetry(id: string): void;
  onDiscard(item: OutboxItem): void;
}) {
  return (
    <Stack as="li" borderWidth="1px" borderRadius="md" p={3} spacing={1} data-testid="outbox-item">
      <Flex align="center" gap={2} wrap="wrap">
        <Heading as="h3" size="xs">
          {item.title}
        </Heading>
        <Badge colorScheme={stateColour[item.state]}>{outboxWord(item.state)}</Badge>
        {/* gray.600 on white: the outline badge's own gray.500 is below 4.5:1 at its size */}
        <Badge variant="outline" color="gray.600">
          {outboxWord(item.kind)}
        </Badge>
        {typeof item.progress === 'number' && item.progress >= 0 && (
          <Text fontSize="xs">{item.progress}%</Text>
        )}
      </Flex>
      {item.lastError && (
        <Text fontSize="sm" color="red.700" data-testid="outbox-last-error">
          {HOME_TEXTS.lastError}: {bffErrorText(item.lastError, item.lastErrorWording)}
        </Text>
      )}
      <Text fontSize="xs" color="gray.600">
        {HOME_TEXTS.nextRetry}:{' '}
        {item.nextRetryAt ? formatDateTime(item.nextRetryAt, { timeZone }) : HOME_TEXTS.noRetryScheduled} ·{' '}
        {HOME_TEXTS.attempts}: {item.attempts}
      </Text>
      <Flex gap={2} pt={1}>
        <Button size="xs" colorScheme="blue" onClick={() => onRetry(item.id)}>
          {HOME_TEXTS.retryNow}
        </Button>
        <Button size="xs" variant="outline" colorScheme="red" onClick={() => onDiscard(item)}>
          {HOME_TEXTS.discard}
        </Button>
      </Flex>
    </Stack>
  );
}

/** The outbox (beyond the spec): each pending item with state, last error and next retry. */
export function OutboxPanel({
  host,
  timeZone,
  isOpen,
  onClose,
}: {
  host: HostServices;
  timeZone?: string;
  isOpen: boolean;
  onClose(): void;
}) {
  const items = useObservable(host.offline.outbox);
  const [discarding, setDiscarding] = useState<OutboxItem | null>(null);
  return (
    <>
      <Drawer isOpen={isOpen} onClose={onClose} placement="end" size="md">
        <DrawerOverlay />
        <DrawerContent data-testid="outbox-panel">
          <DrawerCloseButton aria-label={HOME_TEXTS.close} />
          <DrawerHeader>
            {HOME_TEXTS.outboxTitle} ({items.length})
          </DrawerHeader>
          <DrawerBody>
            {items.length === 0 ? (
              <Text color="gray.600">{HOME_TEXTS.outboxEmpty}</Text>
            ) : (
              <Stack as="ul" listStyleType="none" spacing={3}>
                {items.map((item) => (
                  <OutboxRow
                    key={item.id}
                    item={item}
                    timeZone={timeZone}
                    onRetry={(id) => void host.offline.retryNow(id)}
                    onDiscard={setDiscarding}
                  />
                ))}
              </Stack>
            )}
          </DrawerBody>
        </DrawerContent>
      </Drawer>
      <Confirm
        isOpen={discarding !== null}
        text={HOME_TEXTS.discardConfirm}
        confirmLabel={HOME_TEXTS.discard}
        onCancel={() => setDiscarding(null)}
        onConfirm={() => {
          if (discarding) void host.offline.discardOutboxItem(discarding.id);
          setDiscarding(null);
        }}
      />
    </>
  );
}
