import { memo, useEffect, useState } from 'react';
import { Badge, Box, Button, Card, CardBody, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { displayMessage, type HostServices } from 'shared-contracts';
import { formatDateOnly, labelWithColon } from 'form-core';
import { WarningIcon } from 'ui-kit/icons';
import type { ActionCardModel } from './model';
import { ACTION_TEXTS } from './texts';

const priorityColour: Record<string, string> = { High: 'red', Normal: 'gray', Low: 'blue' };

export function Line({ label, value, testId }: { label: string; value: string; testId?: string }) {
  if (!value) return null;
  return (
    <Text fontSize="sm" data-testid={testId}>
      <Text as="span" color="gray.600">
        {labelWithColon(label)}
      </Text>{' '}
      {value}
    </Text>
  );
}

/** The failed answer, marked by text and icon, never colour alone. */
export function FailedAnswer({ answer }: { answer: string }) {
  if (!answer) return null;
  return (
    <Text fontSize="sm" data-testid="action-answer">
      <Text as="span" color="gray.600">
        {labelWithColon(ACTION_TEXTS.answer)}
      </Text>{' '}
      {answer}{' '}
      <Text as="span" color="red.700" fontWeight="semibold" whiteSpace="nowrap">
        <WarningIcon boxSize={3} me={1} aria-hidden />
        {ACTION_TEXTS.failed}
      </Text>
    </Text>
  );
}

/**
 * A photo the org linked to the action (the failed answer's), as its preview through the BFF
 * (host.api.blob); offline it says it shows when back online.
 */
export function InspectionPhoto({
  host,
  id,
  title,
  online,
}: {
  host: HostServices;
  id: string;
  title: string;
  online: boolean;
}) {
  const [url, setUrl] = useState<string | null>(null);
  // Loaded once while online; a photo already shown stays when the network goes.
  useEffect(() => {
    if (!online || url) return;
    let live = true;
    host.api.blob(`/api/files/${id}/preview`).then(
      (blob) => live && setUrl(URL.createObjectURL(blob)),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [host, id, online, url]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  const alt = title ? ACTION_TEXTS.inspectionPhotoTitled(title) : ACTION_TEXTS.inspectionPhoto;
  if (!url)
    return (
      <Text fontSize="xs" color="gray.600">
        {online ? alt : ACTION_TEXTS.photoOffline}
      </Text>
    );
  return (
    <Box
      as="img"
      src={url}
      alt={alt}
      maxH="90px"
      maxW="120px"
      borderRadius="md"
      borderWidth="1px"
      data-testid="action-photo"
    />
  );
}

/** One open corrective action on the assignee's home. */
export const ActionCard = memo(function ActionCard({
  card,
  host,
  online,
  timeZone,
  onOpen,
}: {
  card: ActionCardModel;
  host: HostServices;
  online: boolean;
  timeZone?: string;
  onOpen(card: ActionCardModel): void;
}) {
  const waiting = card.local.kind === 'waiting';
  return (
    <Card variant="outline" as="article" data-testid="action-card" data-task-id={card.taskId}>
      <CardBody>
        <Flex gap={3} align="start" justify="space-between" wrap="wrap">
          <Stack spacing={1} minW={0} flex="1">
            <Heading as="h4" size="sm">
              {card.subject}
            </Heading>
            <Flex gap={2} wrap="wrap">
              <Badge colorScheme={card.overdue ? 'red' : 'gray'} data-testid="action-due">
                {card.dueDate
                  ? `${ACTION_TEXTS.due} ${formatDateOnly(card.dueDate, { timeZone })}`
                  : ACTION_TEXTS.noDueDate}
                {card.overdue ? ` · ${ACTION_TEXTS.overdue}` : ''}
              </Badge>
              <Badge colorScheme={priorityColour[card.priority] ?? 'gray'} data-testid="action-priority">
                {ACTION_TEXTS.priority} {card.priority}
              </Badge>
              {card.queueName && (
                <Badge colorScheme="purple">
                  {ACTION_TEXTS.queue} {card.queueName}
                </Badge>
              )}
              {waiting && (
                <Badge colorScheme="orange" data-testid="action-waiting">
                  {ACTION_TEXTS.waiting}
                </Badge>
              )}
            </Flex>
            <Line label={ACTION_TEXTS.question} value={card.question} testId="action-question" />
            <FailedAnswer answer={card.answer} />
            <Line label={ACTION_TEXTS.note} value={card.note} testId="action-note" />
            <Line label={ACTION_TEXTS.inspection} value={card.whatName ?? ''} />
            {card.local.kind === 'refused' && (
              <Text fontSize="sm" color="red.700" data-testid="action-refused">
                <WarningIcon boxSize={3} me={1} aria-hidden />
                {ACTION_TEXTS.refused}: {displayMessage(card.local.message)} {ACTION_TEXTS.seeOutbox}
              </Text>
            )}
          </Stack>
          <Stack align="end" spacing={2}>
            {(card.photos ?? []).slice(0, 1).map((p) => (
              <InspectionPhoto key={p.id} host={host} id={p.id} title={p.title} online={online} />
            ))}
            {!waiting && (
              <Button
                colorScheme="blue"
                size="sm"
                onClick={() => onOpen(card)}
                aria-label={ACTION_TEXTS.openLabel(card.subject)}
              >
                {ACTION_TEXTS.open}
              </Button>
            )}
          </Stack>
        </Flex>
      </CardBody>
    </Card>
  );
});
