import { memo, useCallback, useId, useRef, useState } from 'react';
import { Button, FormControl, FormLabel, HStack, Select, Stack, Text } from '@chakra-ui/react';
import type { FormRuleType } from 'shared-contracts';
import {
  newRule,
  ON_LOAD_TYPES,
  RULE_TYPES,
  validateEvents,
  type EditableEvents,
  type EditableRule,
  type InitStep,
} from './rule-model';
import { RuleCard } from './RuleCard';
import { ParamsInput, PathList, RemoveButton, TextInput, type FieldOption } from './parts';
import { RULE_EDITOR_TEXTS as R, ruleTypeText } from './texts';

export type { FieldOption } from './parts';

export interface RuleEditorProps {
  /** The element's rules as edited (write `cleanRule` of each to the ui schema). */
  value: readonly EditableRule[];
  onChange: (next: EditableRule[]) => void;
  /** Data paths offered for conditions, sources and targets (any path may be typed). */
  fields: readonly FieldOption[];
  /** Rule types offered (default: all the renderer runs). */
  types?: readonly FormRuleType[];
  /** Heading; default 'Rules'. */
  title?: string;
}

/** The rule editor: a list of rules of the renderer's types with their conditions. */
export const RuleEditor = memo(function RuleEditor({
  value,
  onChange,
  fields,
  types = RULE_TYPES,
  title = R.rules,
}: RuleEditorProps) {
  const uid = useId().replace(/:/g, '');
  const [addType, setAddType] = useState<FormRuleType>(types[0]!);
  // Cards get stable callbacks; the latest list is read at call time.
  const latest = useRef(value);
  latest.current = value;
  const change = useRef(onChange);
  change.current = onChange;
  const onCardChange = useCallback((i: number, r: EditableRule) => {
    change.current(latest.current.map((x, j) => (j === i ? r : x)));
  }, []);
  const onRemove = useCallback((i: number) => change.current(latest.current.filter((_, j) => j !== i)), []);
  const listId = `${uid}-paths`;
  return (
    <Stack spacing={3} role="group" aria-label={title}>
      <Text fontWeight="bold">{title}</Text>
      <PathList id={listId} fields={fields} />
      {value.map((r, i) => (
        <RuleCard
          key={i}
          rule={r}
          index={i}
          id={`${uid}-r${i}`}
          types={types}
          listId={listId}
          onChange={onCardChange}
          onRemove={onRemove}
        />
      ))}
      <HStack align="flex-end">
        <FormControl w="auto">
          <FormLabel htmlFor={`${uid}-add-type`} fontSize="sm" mb={1}>
            {R.newRuleType}
          </FormLabel>
          <Select
            id={`${uid}-add-type`}
            size="sm"
            value={addType}
            onChange={(e) => setAddType(e.target.value as FormRuleType)}
          >
            {types.map((t) => (
              <option key={t} value={t}>
                {ruleTypeText(t)}
              </option>
            ))}
          </Select>
        </FormControl>
        <Button size="sm" onClick={() => onChange([...value, newRule(addType)])}>
          {R.addRule}
        </Button>
      </HStack>
    </Stack>
  );
});

export interface LayoutEventsEditorProps {
  /** The root layout's events as edited (write `cleanEvents` of it). */
  value: EditableEvents | undefined;
  onChange: (next: EditableEvents) => void;
  fields: readonly FieldOption[];
}

/** Layout events of the form: afterSave redirectTo, onInit invoke steps, onLoad rules. */
export const LayoutEventsEditor = memo(function LayoutEventsEditor({
  value,
  onChange,
  fields,
}: LayoutEventsEditorProps) {
  const uid = useId().replace(/:/g, '');
  const ev = value ?? {};
  const errors = validateEvents(ev);
  const onInit: InitStep[] = ev.onInit ?? [];
  const setInit = (steps: InitStep[]) => onChange({ ...ev, onInit: steps });
  return (
    <Stack spacing={4} role="group" aria-label={R.formEvents}>
      <TextInput
        id={`${uid}-redirect`}
        label={R.redirectTo}
        value={ev.afterSave?.redirectTo ?? ''}
        placeholder={R.redirectPlaceholder}
        onChange={(v) => onChange({ ...ev, afterSave: { redirectTo: v } })}
      />
      <Stack spacing={2}>
        <Text fontWeight="bold">{R.onInit}</Text>
        {onInit.map((s, i) => (
          <HStack key={i} align="flex-start" wrap="wrap">
            <TextInput
              id={`${uid}-init${i}-action`}
              label={R.onInitAction(i + 1)}
              value={s.action}
              onChange={(action) => setInit(onInit.map((x, j) => (j === i ? { ...x, action } : x)))}
              error={errors[`onInit.${i}.action`]}
            />
            <ParamsInput
              id={`${uid}-init${i}-params`}
              value={s.params}
              text={s.paramsText}
              error={errors[`onInit.${i}.params`]}
              onChange={(p) => setInit(onInit.map((x, j) => (j === i ? { ...x, ...p } : x)))}
            />
            <RemoveButton
              label={R.removeOnInit(i + 1)}
              onClick={() => setInit(onInit.filter((_, j) => j !== i))}
            />
          </HStack>
        ))}
        <Button
          size="xs"
          alignSelf="flex-start"
          onClick={() => setInit([...onInit, { type: 'invoke', action: '' }])}
        >
          {R.addOnInit}
        </Button>
      </Stack>
      <RuleEditor
        title={R.onLoad}
        value={ev.onLoad ?? []}
        onChange={(onLoad) => onChange({ ...ev, onLoad })}
        fields={fields}
        types={ON_LOAD_TYPES}
      />
    </Stack>
  );
});
