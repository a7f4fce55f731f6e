import { memo, type ReactNode } from 'react';
import { Box, Button, FormControl, FormLabel, HStack, Select, Stack, Text } from '@chakra-ui/react';
import type { FormRuleType, LookupFilter, RuleCondition, SetValueAction } from 'shared-contracts';
import {
  changeRuleType,
  LOOKUP_FILTER_OPERATORS,
  needsValue,
  newCondition,
  newFilter,
  newSetValue,
  newTransfer,
  RULE_OPERATORS,
  validateRule,
  type EditableRule,
} from './rule-model';
import { ParamsInput, RemoveButton, TextInput } from './parts';
import { conditionOperatorText, filterOperatorText, RULE_EDITOR_TEXTS as R, ruleTypeText } from './texts';

export interface RuleCardProps {
  rule: EditableRule;
  index: number;
  /** Id prefix, unique per card. */
  id: string;
  types: readonly FormRuleType[];
  listId: string;
  onChange: (index: number, rule: EditableRule) => void;
  onRemove: (index: number) => void;
}

const replaceAt = <T,>(list: readonly T[] | undefined, i: number, v: T): T[] =>
  (list ?? []).map((x, j) => (j === i ? v : x));
const removeAt = <T,>(list: readonly T[] | undefined, i: number): T[] =>
  (list ?? []).filter((_, j) => j !== i);

function SmallSelect({
  id,
  label,
  value,
  onChange,
  children,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  children: ReactNode;
}) {
  return (
    <FormControl w="auto" minW="7rem">
      <FormLabel htmlFor={id} fontSize="sm" mb={1}>
        {label}
      </FormLabel>
      <Select id={id} size="sm" value={value} onChange={(e) => onChange(e.target.value)}>
        {children}
      </Select>
    </FormControl>
  );
}

/** One rule: its type, conditions (all or any) and what the type needs. */
export const RuleCard = memo(function RuleCard({
  rule,
  index,
  id,
  types,
  listId,
  onChange,
  onRemove,
}: RuleCardProps) {
  const errors = validateRule(rule);
  const set = (patch: Partial<EditableRule>) => onChange(index, { ...rule, ...patch });
  const conds = rule.conditions ?? [];
  const setCond = (i: number, c: RuleCondition) => set({ conditions: replaceAt(conds, i, c) });
  const n = index + 1;

  let body: ReactNode = null;
  switch (rule.type) {
    case 'lookupFilter':
      body = (
        <Stack spacing={2}>
          {(rule.filters ?? []).map((f, i) => {
            const setF = (p: Partial<LookupFilter>) =>
              set({ filters: replaceAt(rule.filters, i, { ...f, ...p }) });
            return (
              <HStack key={i} align="flex-start" wrap="wrap">
                <TextInput
                  id={`${id}-f${i}-field`}
                  label={R.filterField(i + 1)}
                  value={f.field}
                  onChange={(v) => setF({ field: v })}
                  error={errors[`filters.${i}.field`]}
                />
                <SmallSelect
                  id={`${id}-f${i}-op`}
                  label={R.filterOperator(i + 1)}
                  value={f.operator}
                  onChange={(v) => setF({ operator: v as LookupFilter['operator'] })}
                >
                  {LOOKUP_FILTER_OPERATORS.map((o) => (
                    <option key={o} value={o}>
                      {filterOperatorText(o)}
                    </option>
                  ))}
                </SmallSelect>
                <TextInput
                  id={`${id}-f${i}-value`}
                  label={R.filterValue(i + 1)}
                  value={String(f.value ?? '')}
                  onChange={(v) => setF({ value: v })}
                />
                <TextInput
                  id={`${id}-f${i}-from`}
                  label={R.filterValueFrom(i + 1)}
                  value={f.valueFrom ?? ''}
                  listId={listId}
                  onChange={(v) => setF({ valueFrom: v })}
                />
                <RemoveButton
                  label={R.removeFilter(i + 1)}
                  onClick={() => set({ filters: removeAt(rule.filters, i) })}
                />
              </HStack>
            );
          })}
          <Button
            size="xs"
            alignSelf="flex-start"
            onClick={() => set({ filters: [...(rule.filters ?? []), newFilter()] })}
          >
            {R.addFilter}
          </Button>
        </Stack>
      );
      break;
    case 'dynamicSource':
      body = (
        <TextInput
          id={`${id}-source`}
          label={R.optionsFrom}
          value={rule.source ?? ''}
          listId={listId}
          onChange={(v) => set({ source: v })}
          error={errors.source}
        />
      );
      break;
    case 'setValues':
      body = (
        <Stack spacing={2}>
          {(rule.values ?? []).map((v, i) => {
            const setV = (p: Partial<SetValueAction>) =>
              set({ values: replaceAt(rule.values, i, { ...v, ...p }) });
            return (
              <HStack key={i} align="flex-start" wrap="wrap">
                <TextInput
                  id={`${id}-v${i}-field`}
                  label={R.setField(i + 1)}
                  value={v.field}
                  listId={listId}
                  onChange={(x) => setV({ field: x })}
                  error={errors[`values.${i}.field`]}
                />
                <SmallSelect
                  id={`${id}-v${i}-fn`}
                  label={R.setFunction(i + 1)}
                  value={v.fn ?? ''}
                  onChange={(x) => setV({ fn: (x || undefined) as SetValueAction['fn'] })}
                >
                  <option value="">{R.fnValue}</option>
                  <option value="clear">{R.fnClear}</option>
                  <option value="addDays">{R.fnAddDays}</option>
                  <option value="setCurrentUser">{R.fnSetCurrentUser}</option>
                </SmallSelect>
                {v.fn === undefined ? (
                  <TextInput
                    id={`${id}-v${i}-value`}
                    label={R.setValue(i + 1)}
                    value={String(v.value ?? '')}
                    placeholder={R.setValuePlaceholder}
                    onChange={(x) => setV({ value: x })}
                  />
                ) : null}
                {v.fn === 'addDays' ? (
                  <>
                    <TextInput
                      id={`${id}-v${i}-days`}
                      label={R.setDays(i + 1)}
                      type="number"
                      value={v.days === undefined || Number.isNaN(v.days) ? '' : String(v.days)}
                      onChange={(x) => setV({ days: x.trim() === '' ? undefined : Number(x) })}
                      error={errors[`values.${i}.days`]}
                    />
                    <TextInput
                      id={`${id}-v${i}-from`}
                      label={R.setFrom(i + 1)}
                      value={v.from ?? ''}
                      listId={listId}
                      placeholder={R.setFromPlaceholder}
                      onChange={(x) => setV({ from: x })}
                    />
                  </>
                ) : null}
                {v.fn === 'setCurrentUser' ? (
                  <TextInput
                    id={`${id}-v${i}-user`}
                    label={R.setUserField(i + 1)}
                    value={v.userField ?? ''}
                    placeholder={R.userFieldPlaceholder}
                    onChange={(x) => setV({ userField: x })}
                  />
                ) : null}
                <RemoveButton
                  label={R.removeSet(i + 1)}
                  onClick={() => set({ values: removeAt(rule.values, i) })}
                />
              </HStack>
            );
          })}
          <Button
            size="xs"
            alignSelf="flex-start"
            onClick={() => set({ values: [...(rule.values ?? []), newSetValue()] })}
          >
            {R.addValue}
          </Button>
        </Stack>
      );
      break;
    case 'transfer':
      body = (
        <Stack spacing={2}>
          {(rule.transfer ?? []).map((t, i) => (
            <HStack key={i} align="flex-start" wrap="wrap">
              <TextInput
                id={`${id}-t${i}-from`}
                label={R.copyFrom(i + 1)}
                value={t.from}
                listId={listId}
                onChange={(x) => set({ transfer: replaceAt(rule.transfer, i, { ...t, from: x }) })}
                error={errors[`transfer.${i}.from`]}
              />
              <TextInput
                id={`${id}-t${i}-to`}
                label={R.copyTo(i + 1)}
                value={t.to}
                listId={listId}
                onChange={(x) => set({ transfer: replaceAt(rule.transfer, i, { ...t, to: x }) })}
                error={errors[`transfer.${i}.to`]}
              />
              <RemoveButton
                label={R.removeCopy(i + 1)}
                onClick={() => set({ transfer: removeAt(rule.transfer, i) })}
              />
            </HStack>
          ))}
          <Button
            size="xs"
            alignSelf="flex-start"
            onClick={() => set({ transfer: [...(rule.transfer ?? []), newTransfer()] })}
          >
            {R.addCopy}
          </Button>
        </Stack>
      );
      break;
    case 'invoke':
      body = (
        <Stack spacing={2}>
          <TextInput
            id={`${id}-action`}
            label={R.action}
            value={rule.action ?? ''}
            placeholder={R.actionPlaceholder}
            onChange={(v) => set({ action: v })}
            error={errors.action}
          />
          <ParamsInput
            id={`${id}-params`}
            value={rule.params}
            text={rule.paramsText}
            error={errors.params}
            onChange={set}
          />
        </Stack>
      );
      break;
    case 'formula hyperlink':
    case 'image':
      body = (
        <HStack align="flex-start" wrap="wrap">
          <TextInput
            id={`${id}-formula`}
            label={rule.type === 'image' ? R.imageFormula : R.linkFormula}
            value={rule.formula ?? ''}
            placeholder="https://example.com/{General.Id}"
            onChange={(v) => set({ formula: v })}
            error={errors.formula}
          />
          {rule.type === 'formula hyperlink' ? (
            <TextInput
              id={`${id}-link-label`}
              label={R.linkText}
              value={rule.label ?? ''}
              onChange={(v) => set({ label: v })}
            />
          ) : null}
        </HStack>
      );
      break;
    default:
      break;
  }

  return (
    <Box as="section" borderWidth="1px" borderRadius="md" p={3} aria-label={R.rule(n)}>
      <HStack justify="space-between" align="flex-end" mb={2}>
        <SmallSelect
          id={`${id}-type`}
          label={R.ruleType(n)}
          value={rule.type}
          onChange={(v) => onChange(index, changeRuleType(rule, v as FormRuleType))}
        >
          {types.map((t) => (
            <option key={t} value={t}>
              {ruleTypeText(t)}
            </option>
          ))}
        </SmallSelect>
        <Button size="xs" variant="ghost" colorScheme="red" onClick={() => onRemove(index)}>
          {R.removeRule(n)}
        </Button>
      </HStack>
      <Stack spacing={2}>
        <Text fontSize="sm" fontWeight="semibold">
          {conds.length === 0 ? R.alwaysApplies : R.when}
        </Text>
        {conds.length > 1 ? (
          <SmallSelect
            id={`${id}-match`}
            label={R.ruleMatch(n)}
            value={rule.match ?? 'all'}
            onChange={(v) => set({ match: v === 'any' ? 'any' : undefined })}
          >
            <option value="all">{R.allConditions}</option>
            <option value="any">{R.anyCondition}</option>
          </SmallSelect>
        ) : null}
        {conds.map((c, i) => (
          <HStack key={i} align="flex-start" wrap="wrap">
            <TextInput
              id={`${id}-c${i}-field`}
              label={R.conditionField(i + 1)}
              value={c.field}
              listId={listId}
              onChange={(v) => setCond(i, { ...c, field: v })}
              error={errors[`conditions.${i}.field`]}
            />
            <SmallSelect
              id={`${id}-c${i}-op`}
              label={R.conditionOperator(i + 1)}
              value={c.operator}
              onChange={(v) => setCond(i, { ...c, operator: v as RuleCondition['operator'] })}
            >
              {RULE_OPERATORS.map((o) => (
                <option key={o} value={o}>
                  {conditionOperatorText(o)}
                </option>
              ))}
            </SmallSelect>
            {needsValue(c.operator) ? (
              <TextInput
                id={`${id}-c${i}-value`}
                label={R.conditionValue(i + 1)}
                value={String(c.value ?? '')}
                onChange={(v) => setCond(i, { ...c, value: v })}
              />
            ) : null}
            <RemoveButton
              label={R.removeCondition(i + 1)}
              onClick={() => set({ conditions: removeAt(conds, i) })}
            />
          </HStack>
        ))}
        <Button
          size="xs"
          alignSelf="flex-start"
          onClick={() => set({ conditions: [...conds, newCondition()] })}
        >
          {R.addCondition}
        </Button>
        {body}
      </Stack>
    </Box>
  );
});
