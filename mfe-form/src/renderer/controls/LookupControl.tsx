import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Box, Input, InputGroup, InputRightElement, List, ListItem, Spinner, Text } from '@chakra-ui/react';
import { COMBOBOX_VISIBLE_ITEMS } from 'shared-contracts';
import { useFormContext, useValue } from '../context';
import { buildLookupRequest, dependsOnFilter } from '../core/options';
import { failsPattern, normaliseText } from '../core/validation';
import { RENDERER_TEXTS } from '../texts';
import type { LookupRecord, RendererProps } from '../types';
import { ControlShell, PatternWarning, useControl } from './shared';
import { useRecordSearch } from './useRecordSearch';

/**
 * Lookup autocomplete: records by name through the host's searchRecords (50 results, the rule's
 * lookup filters applied). The value is the record's title; its id goes to the `{field}_Id` companion.
 * With `dependsOn` it offers only the records that belong to the one chosen in that lookup, and a
 * change of that choice clears this one (it may belong to the previous record).
 */
export const LookupControl = memo(function LookupControl(props: RendererProps) {
  const state = useControl(props);
  const { store } = useFormContext();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState<string | null>(null);
  const cs = state.controlSchema;
  const opts = props.uischema.options ?? {};
  const object = cs.lookupTo?.object ?? (typeof opts.lookupTo === 'string' ? opts.lookupTo : undefined);
  const titleField = cs.lookupTo?.titleField ?? opts.titleField ?? 'Name';
  const valueField = cs.lookupTo?.valueField ?? opts.valueField ?? 'Id';
  const ruleFilters = state.rule.filters;
  const dependency = useMemo(
    () => dependsOnFilter(props.uischema.options ?? {}, state.dataPath),
    [props.uischema.options, state.dataPath],
  );
  const filters = useMemo(
    () => (dependency ? [...(ruleFilters ?? []), dependency] : ruleFilters),
    [ruleFilters, dependency],
  );
  // A choice made for the record chosen there goes when that choice changes. Data replaced whole
  // (a draft opened, an onLoad event setting both) changes this lookup's own value in the same
  // update: then nothing is cleared.
  const controllerId = useValue(dependency?.valueFrom ?? '__none__');
  const ownId = useValue(dependency ? `${state.dataPath}_Id` : '__none__');
  const seen = useRef({ controllerId, ownId });
  useEffect(() => {
    const last = seen.current;
    seen.current = { controllerId, ownId };
    if (last.controllerId === controllerId || last.ownId !== ownId) return;
    if (store.get(state.dataPath) === undefined && ownId === undefined) return;
    state.setValue(undefined);
    store.set(`${state.dataPath}_Id`, undefined);
  }, [controllerId, ownId, store, state]);

  const request = useCallback(
    (text: string) =>
      buildLookupRequest({ object, search: text, titleField, valueField, filters, data: store.getData() }),
    [object, titleField, valueField, filters, store],
  );
  const { results, note, loading } = useRecordSearch(search, request);

  if (state.rule.hidden) return null;
  const choose = (r: LookupRecord): void => {
    const title = r[titleField];
    state.setValue(title === undefined || title === null ? undefined : String(title));
    store.set(`${state.dataPath}_Id`, r[valueField] === undefined ? undefined : String(r[valueField]));
    store.setPatternFailed(state.dataPath, false);
    setOpen(false);
    setSearch(null);
  };
  return (
    <ControlShell state={state}>
      <Box position="relative">
        <InputGroup size="sm">
          <Input
            autoComplete="off"
            id={state.id}
            role="combobox"
            aria-expanded={open}
            aria-autocomplete="list"
            value={typeof state.value === 'string' ? state.value : ''}
            isReadOnly={!state.enabled}
            borderColor={state.meta.patternFailed ? 'red.500' : undefined}
            onChange={(e) => {
              const next = normaliseText(e.target.value);
              store.setPatternFailed(state.dataPath, failsPattern(next, cs));
              state.setValue(next);
              store.set(`${state.dataPath}_Id`, undefined);
              setSearch(e.target.value);
              setOpen(true);
            }}
            onBlur={() => setOpen(false)}
          />
          <InputRightElement>
            {loading ? (
              <Spinner size="xs" />
            ) : state.meta.patternFailed ? (
              <PatternWarning message={cs.errorMessage ?? RENDERER_TEXTS.invalidValue} />
            ) : null}
          </InputRightElement>
        </InputGroup>
        {open && (results.length > 0 || note) ? (
          <Box position="absolute" zIndex={10} w="100%" bg="white" borderWidth="1px" boxShadow="md">
            {results.length > 0 ? (
              <List role="listbox" maxH={`${COMBOBOX_VISIBLE_ITEMS * 32}px`} overflowY="auto">
                {results.map((r) => (
                  <ListItem
                    key={String(r[valueField])}
                    role="option"
                    aria-selected={false}
                    px={2}
                    h="32px"
                    lineHeight="32px"
                    cursor="pointer"
                    _hover={{ bg: 'gray.100' }}
                    onMouseDown={(e) => {
                      e.preventDefault();
                      choose(r);
                    }}
                  >
                    {String(r[titleField] ?? '')}
                  </ListItem>
                ))}
              </List>
            ) : null}
            {note ? (
              <Text
                role="status"
                fontSize="xs"
                color="gray.700"
                px={2}
                py={1}
                borderTopWidth={results.length > 0 ? '1px' : 0}
              >
                {note}
              </Text>
            ) : null}
          </Box>
        ) : null}
      </Box>
    </ControlShell>
  );
});
