import { lazy, memo, Suspense, useState } from 'react';
import { lazyWithPreload } from 'ui-kit/lazy-preload';
import type { ConfirmProps } from './ConfirmDialog';
import {
  Badge,
  Box,
  Button,
  Card,
  CardBody,
  Flex,
  FormControl,
  FormLabel,
  Heading,
  IconButton,
  Link,
  Spinner,
  Stack,
  Switch,
  Text,
  useToast,
} from '@chakra-ui/react';
import { ERROR_TOAST_MS, MESSAGES, type HostServices, type LocalSubmission } from 'shared-contracts';
import { fieldValues, formatDateTime, labelWithColon } from 'form-core';
import { ExternalIcon, WarningIcon } from 'ui-kit/icons';
import { NoDataIllustration } from './icons';
import {
  errorTextsOf,
  formTitle,
  hasErrors,
  isOutOfSyncSubmitted,
  type AssignedTask,
  type FormListItem,
} from './model';
import { HOME_TEXTS, syncStateText } from './texts';
import { useOpenedOnce } from 'ui-kit/use-opened-once';

// The report's buttons only on a Submitted card: loaded when one shows, never with home's first
// screen (bench:load's shell + home budget).
const ReportActions = lazy(() => import('report/actions').then((m) => ({ default: m.ReportActions })));

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Text fontSize="sm" noOfLines={2} data-testid="field-value">
      <Text as="span" color="gray.600">
        {labelWithColon(label)}
      </Text>{' '}
      {value}
    </Text>
  );
}

/** A refused submit's errors in its toast: numbered as the form's banner numbers them. */
function ErrorList({ texts }: { texts: readonly string[] }) {
  if (texts.length === 1) return <Text data-testid="submission-error-text">{texts[0]}</Text>;
  return (
    <Box as="ol" ps={5} data-testid="submission-error-text">
      {texts.map((t, i) => (
        <li key={i}>{t}</li>
      ))}
    </Box>
  );
}

/** In-progress card: up to 4 field values (spec section 2). */
const CARD_FIELD_VALUES = 4;

export function NoData() {
  return (
    <Stack align="center" py={10} spacing={3} data-testid="no-data">
      <NoDataIllustration />
      <Text color="gray.600">{MESSAGES.noRecords}</Text>
    </Stack>
  );
}

export const AssignedTaskCard = memo(function AssignedTaskCard({
  task,
  taskUrl,
  timeZone,
  busy,
  onStart,
}: {
  task: AssignedTask;
  taskUrl: string;
  timeZone?: string;
  busy: boolean;
  onStart(task: AssignedTask): void;
}) {
  return (
    <Card variant="outline" data-testid="assigned-card" as="article">
      <CardBody>
        <Flex gap={3} align="start" justify="space-between" wrap="wrap">
          <Stack spacing={1} minW={0} flex="1">
            <Heading as="h3" size="sm">
              <Link href={taskUrl} isExternal color="blue.700">
                {task.checklist}
                <ExternalIcon mx="4px" boxSize={3} aria-label={HOME_TEXTS.openTask} role="img" />
              </Link>
            </Heading>
            {task.subject && <Field label={HOME_TEXTS.subject} value={task.subject} />}
            <Field label={HOME_TEXTS.scheduledFor} value={formatDateTime(task.scheduledFor, { timeZone })} />
          </Stack>
          <Button
            colorScheme="blue"
            size="sm"
            isLoading={busy}
            onClick={() => onStart(task)}
            aria-label={`${HOME_TEXTS.start} ${task.checklist}`}
          >
            {HOME_TEXTS.start}
          </Button>
        </Flex>
      </CardBody>
    </Card>
  );
});

export const InProgressCard = memo(function InProgressCard({
  sub,
  formDef,
  timeZone,
  onLaunch,
}: {
  sub: LocalSubmission;
  /** The submission's form definition (its own, else the offline copy of its form). */
  formDef?: unknown;
  timeZone?: string;
  onLaunch(id: string): void;
}) {
  const toast = useToast();
  const values = fieldValues(sub.data, formDef ?? sub.formDef, CARD_FIELD_VALUES, { timeZone });
  const errored = hasErrors(sub);
  return (
    <Card variant="outline" data-testid="in-progress-card" as="article">
      <CardBody>
        <Flex gap={3} align="start" justify="space-between" wrap="wrap">
          <Stack spacing={1} minW={0} flex="1">
            <Flex align="center" gap={2}>
              {/* Two lines: on a phone one line cut most names ('FORM-0002 - Workplac…'). */}
              <Heading as="h3" size="sm" noOfLines={2}>
                {sub.formName}
              </Heading>
              {errored && (
                <IconButton
                  size="xs"
                  variant="ghost"
                  colorScheme="orange"
                  aria-label={HOME_TEXTS.showErrors}
                  icon={<WarningIcon color="orange.600" />}
                  onClick={() =>
                    toast({
                      status: 'error',
                      title: MESSAGES.submissionErrorToast,
                      // what was refused, in the org's or the BFF's words (not the bare title alone)
                      description: <ErrorList texts={errorTextsOf(sub)} />,
                      duration: ERROR_TOAST_MS,
                      isClosable: true,
                    })
                  }
                />
              )}
            </Flex>
            {errored ? (
              // spec section 8, "Submit failed with errors": back in progress, errors to see on Launch
              <Text fontSize="sm" color="red.700" data-testid="submit-errors">
                {MESSAGES.submitFailedWithErrors}
              </Text>
            ) : null}
            {values.map((v, i) => (
              <Field key={i} label={v.label} value={v.value} />
            ))}
            <Text fontSize="xs" color="gray.600" data-testid="card-created">
              {HOME_TEXTS.created} {formatDateTime(sub.createdOn, { timeZone })} ·{' '}
              {syncStateText(sub.syncStatus)}
            </Text>
          </Stack>
          <Button
            colorScheme="blue"
            size="sm"
            onClick={() => onLaunch(sub.id)}
            aria-label={`${HOME_TEXTS.launch} ${sub.formName}`}
          >
            {HOME_TEXTS.launch}
          </Button>
        </Flex>
      </CardBody>
    </Card>
  );
});

export const SubmittedCard = memo(function SubmittedCard({
  sub,
  formDef,
  timeZone,
  host,
}: {
  sub: LocalSubmission;
  formDef?: unknown;
  timeZone?: string;
  /** With it, the card offers the inspection report (issue 42). */
  host?: HostServices;
}) {
  const special = isOutOfSyncSubmitted(sub);
  return (
    <Card
      variant="outline"
      as="article"
      data-testid={special ? 'out-of-sync-card' : 'submitted-card'}
      borderColor={special ? 'orange.300' : undefined}
      bg={special ? 'orange.50' : undefined}
    >
      <CardBody>
        <Stack spacing={1}>
          <Flex align="center" gap={2} wrap="wrap">
            <Heading as="h3" size="sm" noOfLines={2}>
              {sub.formName}
            </Heading>
            {special ? (
              <Badge colorScheme="orange">
                {sub.syncStatus === 'file usnyc' ? HOME_TEXTS.filesWaiting : HOME_TEXTS.waitingToSync}
              </Badge>
            ) : (
              <Badge colorScheme={sub.syncStatus === 'in error' ? 'red' : 'gray'}>
                {syncStateText(sub.syncStatus)}
              </Badge>
            )}
          </Flex>
          {fieldValues(sub.data, formDef ?? sub.formDef, CARD_FIELD_VALUES, { timeZone }).map((v, i) => (
            <Field key={i} label={v.label} value={v.value} />
          ))}
          <Text fontSize="xs" color="gray.600">
            {HOME_TEXTS.submittedOn} {formatDateTime(sub.submittedOn || sub.createdOn, { timeZone })}
          </Text>
          {host ? (
            <Suspense fallback={null}>
              <ReportActions host={host} submission={sub} size="xs" />
            </Suspense>
          ) : null}
        </Stack>
      </CardBody>
    </Card>
  );
});

export const FormCard = memo(function FormCard({
  form,
  cached,
  syncedOn,
  timeZone,
  busy,
  onToggleOffline,
  onLaunch,
}: {
  form: FormListItem;
  cached: boolean;
  syncedOn: string;
  timeZone?: string;
  busy: boolean;
  onToggleOffline(form: FormListItem, on: boolean): void;
  onLaunch(form: FormListItem): void;
}) {
  const title = formTitle(form);
  const switchId = `offline-${form.Id}`;
  return (
    <Card variant="outline" data-testid="form-card" as="article">
      <CardBody>
        <Flex gap={3} align="start" justify="space-between" wrap="wrap">
          {/* A 12rem basis: on a phone the toggle and Launch wrap below the title instead of
              squeezing it into a one-word column. */}
          <Stack spacing={1} minW={0} flex="1 1 12rem">
            <Heading as="h3" size="sm">
              {title}
            </Heading>
            {/* Only a form kept on this device has a copy to date; the others are read from the org. */}
            {syncedOn ? (
              <Text fontSize="xs" color="gray.600" data-testid="form-synced">
                {HOME_TEXTS.lastSync} {formatDateTime(syncedOn, { timeZone })}
              </Text>
            ) : null}
          </Stack>
          <Flex align="center" gap={3}>
            {form.Supports_Offline__c && (
              <FormControl display="flex" alignItems="center" w="auto">
                <FormLabel htmlFor={switchId} mb="0" fontSize="sm">
                  {HOME_TEXTS.offline}
                </FormLabel>
                {busy ? (
                  <Spinner size="sm" aria-label={HOME_TEXTS.offline} />
                ) : (
                  <Switch
                    id={switchId}
                    isChecked={cached}
                    onChange={(e) => onToggleOffline(form, e.target.checked)}
                    aria-label={`${HOME_TEXTS.offline} ${title}`}
                  />
                )}
              </FormControl>
            )}
            <Button
              colorScheme="blue"
              size="sm"
              onClick={() => onLaunch(form)}
              aria-label={`${HOME_TEXTS.launch} ${title}`}
            >
              {HOME_TEXTS.launch}
            </Button>
          </Flex>
        </Flex>
      </CardBody>
    </Card>
  );
});

// The dialog's code (and Chakra's dialogs with it): fetched when a confirmation first opens, or when
// home is first idle (HomeScreen), so it opens offline in the first seconds after a sign-in too.
export const ConfirmDialog = lazyWithPreload(() =>
  import('./ConfirmDialog').then((m) => ({ default: m.ConfirmDialog })),
);

/** A confirmation dialog (Cancel / confirm), mounted from its first opening on. */
export function Confirm(props: ConfirmProps) {
  if (!useOpenedOnce(props.isOpen)) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog {...props} />
    </Suspense>
  );
}

/** Renders the first page of a long list, more on demand, so a tab switch over 10,000 items stays fast. */
export function Paged<T>({
  items,
  page = 20,
  render,
}: {
  items: readonly T[];
  page?: number;
  render(item: T): React.ReactNode;
}) {
  const [shown, setShown] = useState(page);
  if (items.length === 0) return <NoData />;
  const visible = items.slice(0, shown);
  return (
    <Stack spacing={3}>
      {visible.map(render)}
      {items.length > shown && (
        <Box textAlign="center">
          <Text fontSize="sm" color="gray.600" mb={2}>
            {HOME_TEXTS.showing(shown, items.length)}
          </Text>
          <Button size="sm" variant="outline" onClick={() => setShown((n) => n + page)}>
            {HOME_TEXTS.showMore}
          </Button>
        </Box>
      )}
    </Stack>
  );
}
