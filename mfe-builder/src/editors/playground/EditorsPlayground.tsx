// The editors on their own (mfe-builder's origin, /editors): the page the Chromium suite drives, and
// a quick way to try the editors without an org. No shell, no sign-in, nothing saved.
import { useMemo, useState } from 'react';
import { Box, Button, ChakraBaseProvider, Code, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { FormRule } from 'shared-contracts';
import { FieldEditModal } from '../FieldEditModal';
import type { FieldDraft, FieldKind } from '../field-draft';
import { TableEditor } from '../table/TableEditor';
import { RuleEditor, LayoutEventsEditor } from '../rules/RuleEditor';
import { cleanEvents, cleanRule, type EditableEvents } from '../rules/rule-model';
import { createTable, type TableModel } from '../../model/table';
import { builderTheme } from '../../theme';
import { NO_VALIDATION } from '../../model/validation-presets';

/** Names the playground's form already uses (so duplicates can be tried). */
export const PLAYGROUND_TAKEN = ['CQ_Form_Inspector', 'G_Table_1', 'G_Table_1__r'];

const PATHS = [
  { path: 'General.CQ_Form_Inspector', label: 'Inspector' },
  { path: 'General.CQ_Form_Status', label: 'Status' },
  { path: 'General.CQ_Form_Due', label: 'Due' },
];

const newDraft = (kind: FieldKind): FieldDraft => ({
  kind,
  label: '',
  apiName: '',
  defaultValue: '',
  validation: { ...NO_VALIDATION },
  options: [],
  required: false,
  readOnly: false,
  isNew: true,
});

const KINDS: Array<[FieldKind, string]> = [
  ['text', 'Text Field'],
  ['date', 'Date Field'],
  ['dropdown', 'Dropdown'],
  ['yesno', 'Yes/No Field'],
];

export default function EditorsPlayground() {
  const [editing, setEditing] = useState<FieldDraft>();
  const [saved, setSaved] = useState<FieldDraft[]>([]);
  const [table, setTable] = useState<TableModel | undefined>(() => createTable('G_Table_2', 'Parts'));
  const [relationshipName, setRelationshipName] = useState('G_Table_2__r');
  const [rules, setRules] = useState<FormRule[]>([]);
  const [events, setEvents] = useState<EditableEvents>();
  const taken = useMemo(() => [...PLAYGROUND_TAKEN, ...saved.map((s) => s.apiName)], [saved]);
  return (
    <ChakraBaseProvider theme={builderTheme}>
      <Stack spacing={6} p={6} maxW="5xl" mx="auto">
        <Heading size="lg">Builder editors playground</Heading>
        <Box as="section" aria-label="Fields">
          <Heading size="md" mb={2}>
            Field edit modal
          </Heading>
          <HStack wrap="wrap">
            {KINDS.map(([kind, label]) => (
              <Button key={kind} onClick={() => setEditing(newDraft(kind))}>
                New {label}
              </Button>
            ))}
          </HStack>
          <Code as="pre" display="block" mt={2} p={2} whiteSpace="pre-wrap" data-testid="saved-fields">
            {JSON.stringify(saved, null, 1)}
          </Code>
        </Box>
        <Box as="section" aria-label="Table">
          <Heading size="md" mb={2}>
            Table editor
          </Heading>
          {table ? (
            <TableEditor
              value={table}
              onChange={setTable}
              onDelete={() => setTable(undefined)}
              relationshipName={relationshipName}
              takenNames={taken}
              onRelationshipNameChange={setRelationshipName}
            />
          ) : (
            <Text>Table deleted</Text>
          )}
          <Code as="pre" display="block" mt={2} p={2} whiteSpace="pre-wrap" data-testid="table-json">
            {JSON.stringify({ table, relationshipName })}
          </Code>
        </Box>
        <Box as="section" aria-label="Rules">
          <RuleEditor value={rules} onChange={setRules} fields={PATHS} />
          <Code as="pre" display="block" mt={2} p={2} whiteSpace="pre-wrap" data-testid="rules-json">
            {JSON.stringify(rules.map(cleanRule))}
          </Code>
        </Box>
        <Box as="section" aria-label="Events">
          <Heading size="md" mb={2}>
            Form events
          </Heading>
          <LayoutEventsEditor value={events} onChange={setEvents} fields={PATHS} />
          <Code as="pre" display="block" mt={2} p={2} whiteSpace="pre-wrap" data-testid="events-json">
            {JSON.stringify(cleanEvents(events) ?? null)}
          </Code>
        </Box>
      </Stack>
      {editing ? (
        <FieldEditModal
          draft={editing}
          takenNames={taken}
          ruleFields={PATHS}
          onClose={() => setEditing(undefined)}
          onSave={(d) => {
            setSaved((list) => [...list, d]);
            setEditing(undefined);
          }}
        />
      ) : null}
    </ChakraBaseProvider>
  );
}
