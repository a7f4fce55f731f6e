/**
 * Corrective actions on the form screen (issue 43). The panel sits in a failed item's findings block
 * (scoring-layout.ts), so it mounts only while the answer fails; it reads and writes its own action,
 * `data.CorrectiveActions[<question path>]`, through `useSelect`, so typing in one panel re-renders
 * that panel only. The keeper beside the live score keeps the actions in step with the failed items
 * (a new one gets its action, one that stops failing loses it): it runs when the score changes, not
 * per keystroke. The rules are form-core's corrective-actions.ts.
 */
import { memo, useEffect, useId, useState } from 'react';
import {
  Box,
  Button,
  FormControl,
  FormHelperText,
  FormLabel,
  Heading,
  HStack,
  Input,
  List,
  ListItem,
  Select,
  SimpleGrid,
  Spinner,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { COMBOBOX_VISIBLE_ITEMS, LOOKUP_RESULTS_LIMIT } from 'shared-contracts';
import type { CorrectiveAction, CorrectiveActionSettings } from 'shared-contracts';
import {
  ASSIGNEE_LOOKUP,
  CORRECTIVE_ACTIONS_KEY,
  CORRECTIVE_PRIORITIES,
  CORRECTIVE_TEXTS as T,
  actionsOf,
  defaultAssigneeText,
  defaultDueDate,
  dueDaysOf,
  editAction,
  priorityOf,
  syncActions,
  withAction,
} from 'form-core/corrective-actions';
import { useFormContext, useSelect } from '../context';
import type { LookupRequest } from '../core/options';
import type { RendererProps } from '../types';
import { useRecordSearch } from '../controls/useRecordSearch';
import { useScore } from './ScoreElements';

/** Keeps `data.CorrectiveActions` in step with the failed items (renders nothing). */
export const CorrectiveActionsKeeper = memo(function CorrectiveActionsKeeper() {
  const score = useScore();
  const { store, readOnly } = useFormContext();
  useEffect(() => {
    if (!score || readOnly) return;
    const current = store.get(CORRECTIVE_ACTIONS_KEY) === undefined ? undefined : actionsOf(store.getData());
    const next = syncActions(current, score.failedItems);
    if (next !== current) store.set(CORRECTIVE_ACTIONS_KEY, next);
  }, [score, store, readOnly]);
  return null;
});

/** The assignee search: Users by name, the spec's 50 at most (a stable function: see useRecordSearch). */
const assigneeRequest = (search: string): LookupRequest => ({
  ...ASSIGNEE_LOOKUP,
  search,
  filters: [],
  limit: LOOKUP_RESULTS_LIMIT,
});

/** The assignee: Users by name through the form's record search (the device's copy offline). */
function AssigneeLookup(props: {
  id: string;
  value: string;
  readOnly: boolean;
  onChoose: (user: { id: string; name: string } | undefined) => void;
  helpId: string;
}) {
  const [text, setText] = useState<string | null>(null);
  const { results, note, loading } = useRecordSearch(text, assigneeRequest);
  const open = text !== null && (results.length > 0 || !!note);
  return (
    <Box position="relative">
      <HStack>
        <Input
          autoComplete="off"
          id={props.id}
          size="sm"
          role="combobox"
          aria-expanded={open}
          aria-autocomplete="list"
          aria-describedby={props.helpId}
          isReadOnly={props.readOnly}
          value={text ?? props.value}
          onChange={(e) => {
            setText(e.target.value);
            // a typed name is no choice: the default rule applies until one is chosen
            if (props.value) props.onChoose(undefined);
          }}
          onBlur={() => setText(null)}
        />
        {loading ? <Spinner size="xs" /> : null}
      </HStack>
      {open ? (
        <Box position="absolute" zIndex={10} w="100%" bg="white" borderWidth="1px" boxShadow="md">
          {results.length > 0 ? (
            <List role="listbox" maxH={`${COMBOBOX_VISIBLE_ITEMS * 32}px`} overflowY="auto">
              {results.map((r) => (
                <ListItem
                  key={String(r.Id)}
                  role="option"
                  aria-selected={false}
                  px={2}
                  h="32px"
                  lineHeight="32px"
                  cursor="pointer"
                  _hover={{ bg: 'gray.100' }}
                  onMouseDown={(e) => {
                    e.preventDefault();
                    props.onChoose({ id: String(r.Id), name: String(r.Name ?? '') });
                    setText(null);
                  }}
                >
                  {String(r.Name ?? '')}
                </ListItem>
              ))}
            </List>
          ) : null}
          {note ? (
            <Text role="status" fontSize="xs" color="gray.700" px={2} py={1}>
              {note}
            </Text>
          ) : null}
        </Box>
      ) : null}
    </Box>
  );
}

/** A failed item's "Corrective action" panel: title, assignee, due date, priority, note; dismissable. */
export const CorrectiveActionElement = memo(function CorrectiveActionElement(props: RendererProps) {
  const { store, services, readOnly } = useFormContext();
  const opts = props.uischema.options ?? {};
  const path = String(opts.path ?? '');
  const question = String(opts.title ?? path);
  const settings = opts.settings as CorrectiveActionSettings | undefined;
  const action = useSelect(CORRECTIVE_ACTIONS_KEY, (v) => actionsOf({ [CORRECTIVE_ACTIONS_KEY]: v })[path]);
  const [reason, setReason] = useState<string | null>(null);
  const id = useId();
  if (!action) return null;
  const save = (next: CorrectiveAction): void =>
    store.set(CORRECTIVE_ACTIONS_KEY, withAction(actionsOf(store.getData()), path, next));
  const edit = (patch: Partial<CorrectiveAction>): void => save(editAction(action, patch));
  const f = (name: string) => `${id}-${name}`;

  return (
    <Box
      as="section"
      aria-label={`${T.panel}: ${question}`}
      data-element="corrective-action"
      data-path={path}
      borderWidth="1px"
      borderRadius="md"
      p={3}
      mb={3}
    >
      <HStack justify="space-between" mb={2} flexWrap="wrap">
        <Heading as="h4" size="sm">
          {T.panel}
        </Heading>
        {readOnly ? null : action.dismissed ? (
          <Button size="sm" variant="outline" onClick={() => edit({ dismissed: undefined })}>
            {T.reopen}
          </Button>
        ) : reason === null ? (
          <Button size="sm" variant="outline" onClick={() => setReason('')}>
            {T.dismiss}
          </Button>
        ) : null}
      </HStack>
      {action.dismissed ? (
        <Text data-testid="corrective-dismissed">{T.dismissed(action.dismissed.reason)}</Text>
      ) : reason !== null ? (
        <HStack align="end" flexWrap="wrap">
          <FormControl flex="1" minW="12rem">
            <FormLabel htmlFor={f('reason')}>{T.dismissReason}</FormLabel>
            <Input
              autoComplete="off"
              id={f('reason')}
              size="sm"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </FormControl>
          <Button
            size="sm"
            isDisabled={reason.trim() === ''}
            onClick={() => {
              edit({ dismissed: { reason: reason.trim() } });
              setReason(null);
            }}
          >
            {T.confirmDismiss}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setReason(null)}>
            {T.cancel}
          </Button>
        </HStack>
      ) : (
        <SimpleGrid columns={{ base: 1, md: 2 }} spacing={3}>
          <FormControl>
            <FormLabel htmlFor={f('title')}>{T.title}</FormLabel>
            <Input
              autoComplete="off"
              id={f('title')}
              size="sm"
              isReadOnly={readOnly}
              value={action.title}
              onChange={(e) => edit({ title: e.target.value })}
              // an action needs a title: an emptied one is the question's again
              onBlur={() => (action.title.trim() === '' ? edit({ title: question }) : undefined)}
            />
          </FormControl>
          <FormControl>
            <FormLabel htmlFor={f('assignee')}>{T.assignee}</FormLabel>
            <AssigneeLookup
              id={f('assignee')}
              helpId={f('assignee-help')}
              readOnly={readOnly}
              value={action.assigneeName ?? ''}
              onChoose={(u) => edit({ assigneeId: u?.id, assigneeName: u?.name })}
            />
            <FormHelperText id={f('assignee-help')}>
              {T.assigneeDefault(defaultAssigneeText(settings))}
            </FormHelperText>
          </FormControl>
          <FormControl>
            <FormLabel htmlFor={f('due')}>{T.dueDate}</FormLabel>
            <Input
              autoComplete="off"
              id={f('due')}
              type="date"
              dir="ltr"
              size="sm"
              isReadOnly={readOnly}
              value={action.dueDate ?? defaultDueDate(settings, services.now?.() ?? new Date())}
              onChange={(e) => edit({ dueDate: e.target.value })}
            />
            <FormHelperText>{T.dueDefault(dueDaysOf(settings))}</FormHelperText>
          </FormControl>
          <FormControl>
            <FormLabel htmlFor={f('priority')}>{T.priority}</FormLabel>
            <Select
              id={f('priority')}
              size="sm"
              isDisabled={readOnly}
              value={priorityOf(action, settings)}
              onChange={(e) => edit({ priority: e.target.value as CorrectiveAction['priority'] })}
            >
              {CORRECTIVE_PRIORITIES.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </Select>
          </FormControl>
          <FormControl gridColumn={{ md: 'span 2' }}>
            <FormLabel htmlFor={f('note')}>{T.note}</FormLabel>
            <Textarea
              autoComplete="off"
              id={f('note')}
              size="sm"
              isReadOnly={readOnly}
              value={action.note ?? ''}
              onChange={(e) => edit({ note: e.target.value })}
            />
          </FormControl>
        </SimpleGrid>
      )}
    </Box>
  );
});
