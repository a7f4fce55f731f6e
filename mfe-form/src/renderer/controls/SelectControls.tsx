import { memo, useMemo, useState } from 'react';
import {
  Box,
  Button,
  Input,
  List,
  ListItem,
  Radio,
  RadioGroup,
  Stack,
  Wrap,
  WrapItem,
} from '@chakra-ui/react';
import { COMBOBOX_VISIBLE_ITEMS, MESSAGES, SELECT_BUTTONS_MAX_OPTIONS } from 'shared-contracts';
import type { OneOfOption } from 'shared-contracts';
import { useFormContext, useValue } from '../context';
import { dependentOptions, optionColors } from '../core/options';
import { joinPath } from 'form-core/paths';
import { optionsOf, schemaAtPath } from 'form-core/schema';
import type { RendererProps } from '../types';
import { ControlShell, useControl, type ControlState } from './shared';

const ITEM_HEIGHT_PX = 32;
const NO_OPTIONS: OneOfOption[] = [];

const sameConst = (a: unknown, b: unknown): boolean =>
  a !== undefined && a !== null && String(a) === String(b);

/** Buttons for 4 or fewer options; colours from `color` 'a-b', backgroundColor, textColor. */
const OptionButtons = ({ state, options }: { state: ControlState; options: OneOfOption[] }) => (
  <Wrap role="radiogroup" aria-label={state.label} spacing={2}>
    {options.map((o) => {
      const selected = sameConst(state.value, o.const);
      const { backgroundColor, textColor } = optionColors(o);
      return (
        <WrapItem key={String(o.const)}>
          <Button
            size="sm"
            // Chakra's Button is position: relative (for a loading spinner these never show): a paint
            // layer per option, 800 on a 200-question checklist, that every keystroke's compositing
            // update and hit test walk.
            position="static"
            role="radio"
            aria-checked={selected}
            isDisabled={!state.enabled}
            variant={selected ? 'solid' : 'outline'}
            colorScheme={selected && !backgroundColor ? 'blue' : undefined}
            bg={selected && backgroundColor ? backgroundColor : undefined}
            color={selected && textColor ? textColor : undefined}
            borderColor={backgroundColor}
            onClick={() => state.setValue(selected ? undefined : o.const)}
          >
            {o.title}
          </Button>
        </WrapItem>
      );
    })}
  </Wrap>
);

/**
 * Combobox (more than 4 options): a text input with a list showing 5 items. Typed text that matches
 * no option is rejected with 'Invalid value' and an error is recorded for the path; choosing a valid
 * option removes it.
 */
const Combobox = ({ state, options }: { state: ControlState; options: OneOfOption[] }) => {
  const { store } = useFormContext();
  const current = options.find((o) => sameConst(state.value, o.const));
  const [text, setText] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const shown = text ?? current?.title ?? '';
  const filtered = useMemo(() => {
    const t = (text ?? '').trim().toLowerCase();
    return t ? options.filter((o) => (o.title ?? '').toLowerCase().includes(t)) : options;
  }, [options, text]);
  const choose = (o: OneOfOption): void => {
    store.setFieldError(state.dataPath, undefined);
    state.setValue(o.const);
    setText(null);
    setOpen(false);
  };
  const commitText = (): void => {
    setOpen(false);
    if (text === null) return;
    const t = text.trim();
    if (t === '') {
      store.setFieldError(state.dataPath, undefined);
      state.setValue(undefined);
      setText(null);
      return;
    }
    const match = options.find((o) => (o.title ?? '').toLowerCase() === t.toLowerCase());
    if (match) choose(match);
    else {
      store.setFieldError(state.dataPath, [MESSAGES.invalidValue]);
      state.setValue(undefined);
    }
  };
  const listId = `${state.id}-list`;
  return (
    <Box position="relative">
      <Input
        autoComplete="off"
        id={state.id}
        size="sm"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        value={shown}
        isReadOnly={!state.enabled}
        onFocus={() => state.enabled && setOpen(true)}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            const first = filtered[0];
            if (first && (text ?? '').trim() !== '' && filtered.length === 1) choose(first);
            else commitText();
          } else if (e.key === 'Escape') setOpen(false);
        }}
        onBlur={commitText}
      />
      {open && state.enabled ? (
        <List
          id={listId}
          role="listbox"
          position="absolute"
          zIndex={10}
          bg="white"
          borderWidth="1px"
          borderRadius="md"
          w="100%"
          maxH={`${COMBOBOX_VISIBLE_ITEMS * ITEM_HEIGHT_PX}px`}
          overflowY="auto"
          boxShadow="md"
        >
          {filtered.map((o) => {
            const { backgroundColor, textColor } = optionColors(o);
            return (
              <ListItem
                key={String(o.const)}
                role="option"
                aria-selected={sameConst(state.value, o.const)}
                h={`${ITEM_HEIGHT_PX}px`}
                px={2}
                lineHeight={`${ITEM_HEIGHT_PX}px`}
                cursor="pointer"
                bg={backgroundColor}
                color={textColor}
                _hover={{ bg: backgroundColor ?? 'gray.100' }}
                onMouseDown={(e) => {
                  e.preventDefault();
                  choose(o);
                }}
              >
                {o.title}
              </ListItem>
            );
          })}
        </List>
      ) : null}
    </Box>
  );
};

/** Options of a select: the schema's, narrowed by validFor of a controlling field, or a dynamic source. */
const useOptions = (state: ControlState): OneOfOption[] => {
  const { rootSchema } = useFormContext();
  const cs = state.controlSchema;
  const own = useMemo(() => optionsOf(cs), [cs]);
  const parent = state.dataPath.split('.').slice(0, -1).join('.');
  const controllerName = cs.dependent;
  const controllerPath = controllerName
    ? controllerName.includes('.')
      ? controllerName
      : joinPath(parent, controllerName)
    : '';
  const controllerValue = useValue(controllerPath || '__none__');
  const sourcePath = state.rule.source ?? '__none__';
  const sourceValue = useValue(sourcePath);
  return useMemo(() => {
    if (state.rule.source) {
      return Array.isArray(sourceValue)
        ? sourceValue.map((v) =>
            v && typeof v === 'object'
              ? { ...(v as OneOfOption), title: (v as OneOfOption).title ?? String((v as OneOfOption).const) }
              : { const: v as string, title: String(v) },
          )
        : NO_OPTIONS;
    }
    if (!controllerPath) return own;
    const controllerOptions = optionsOf(schemaAtPath(controllerPath, rootSchema));
    return dependentOptions(own, controllerValue, controllerOptions, cs.validFor);
  }, [state.rule.source, sourceValue, controllerPath, own, controllerValue, rootSchema, cs.validFor]);
};

/** Select: buttons when 4 or fewer options, otherwise a combobox showing 5 menu items. */
export const SelectControl = memo(function SelectControl(props: RendererProps) {
  const state = useControl(props);
  const options = useOptions(state);
  if (state.rule.hidden) return null;
  return (
    <ControlShell state={state} labelFor={options.length > SELECT_BUTTONS_MAX_OPTIONS}>
      {options.length <= SELECT_BUTTONS_MAX_OPTIONS ? (
        <OptionButtons state={state} options={options} />
      ) : (
        <Combobox state={state} options={options} />
      )}
    </ControlShell>
  );
});

export const RadioControl = memo(function RadioControl(props: RendererProps) {
  const state = useControl(props);
  const options = useOptions(state);
  if (state.rule.hidden) return null;
  return (
    <ControlShell state={state} labelFor={false}>
      <RadioGroup
        value={state.value === undefined || state.value === null ? '' : String(state.value)}
        onChange={(v) => {
          const o = options.find((x) => String(x.const) === v);
          state.setValue(o ? o.const : v);
        }}
        isDisabled={!state.enabled}
        aria-label={state.label}
      >
        <Stack direction="row" wrap="wrap" spacing={4}>
          {options.map((o) => {
            // Colour-coded results: a swatch in the result's colour beside its label (never colour alone).
            const { backgroundColor } = optionColors(o);
            return (
              <Radio key={String(o.const)} value={String(o.const)} size="sm">
                {backgroundColor ? (
                  <Box
                    as="span"
                    display="inline-block"
                    w="0.75rem"
                    h="0.75rem"
                    me={1}
                    borderRadius="sm"
                    borderWidth="1px"
                    borderColor="gray.500"
                    bg={backgroundColor}
                    verticalAlign="middle"
                    aria-hidden="true"
                    data-swatch={backgroundColor}
                  />
                ) : null}
                {o.title}
              </Radio>
            );
          })}
        </Stack>
      </RadioGroup>
    </ControlShell>
  );
});
