import { useCallback, useState } from 'react';
import { Heading, Stack, useToast } from '@chakra-ui/react';
import { ERROR_TOAST_MS, displayMessage, type HostServices } from 'shared-contracts';
import { ActionCard } from './ActionCard';
import { CompleteActionDrawer } from './CompleteActionDrawer';
import type { ActionCardModel } from './model';
import { ACTION_TEXTS } from './texts';

/**
 * The assignee's corrective actions on the Assigned tab (issue 43): a card each; Open records what was
 * done. Marked done, the completion is stored and, online, sent at once through the outbox's delivery
 * path (deliverNow); offline it waits in the outbox and goes when the device is back online.
 */
export function CorrectiveActions({
  host,
  cards,
  online,
  timeZone,
}: {
  host: HostServices;
  cards: readonly ActionCardModel[];
  online: boolean;
  timeZone?: string;
}) {
  const [open, setOpen] = useState<ActionCardModel | null>(null);
  const toast = useToast();
  const onOpen = useCallback((card: ActionCardModel) => setOpen(card), []);

  const onStored = useCallback(
    (id: string) => {
      setOpen(null);
      if (!host.online.get()) {
        toast({ status: 'info', title: ACTION_TEXTS.savedOnDevice, isClosable: true });
        return;
      }
      void host.offline.deliverNow(id).then((outcome) => {
        if (outcome.kind === 'delivered') toast({ status: 'success', title: ACTION_TEXTS.delivered });
        else if (outcome.kind === 'queued')
          toast({ status: 'info', title: ACTION_TEXTS.savedOnDevice, isClosable: true });
        else if (outcome.kind === 'failed' || outcome.kind === 'refused')
          toast({
            status: 'error',
            title: ACTION_TEXTS.failed_,
            description: outcome.kind === 'failed' ? displayMessage(outcome.message) : ACTION_TEXTS.refused,
            duration: ERROR_TOAST_MS,
            isClosable: true,
          });
      });
    },
    [host, toast],
  );

  if (cards.length === 0) return null;
  return (
    <Stack as="section" spacing={3} mb={4} aria-labelledby="corrective-actions-heading">
      <Heading as="h3" size="sm" id="corrective-actions-heading">
        {ACTION_TEXTS.heading}
      </Heading>
      {cards.map((card) => (
        <ActionCard
          key={card.taskId}
          card={card}
          host={host}
          online={online}
          timeZone={timeZone}
          onOpen={onOpen}
        />
      ))}
      <CompleteActionDrawer
        host={host}
        card={open}
        online={online}
        onClose={() => setOpen(null)}
        onStored={onStored}
      />
    </Stack>
  );
}
