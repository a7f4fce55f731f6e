import {
  Box,
  Editable,
  EditableInput,
  EditablePreview,
  HStack,
  IconButton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { memo, useCallback, useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { checklistSections, type ChecklistSection } from 'form-core';
import { dropId, tableDropId } from '../model/ids';
import { deleteSection, removeDocument, renameSection, standsAlone } from '../model/layout';
import { slotId } from './dnd';
import type { DragState } from './drag-state';
import { useIsOver } from './drag-hooks';
import { CHIP_FLEX, FieldChip } from './FieldChip';
import { useStoreSlice, type BuilderStore } from './store';
import { TEXTS } from './texts';
import { ChevronDownIcon, ChevronUpIcon, CloseIcon, TrashIcon } from 'ui-kit/icons';

// The drop places re-render when the lifted item comes over them or leaves (DragState): plain
// elements with fixed style objects, and their children are elements made by SectionView, which
// React skips when the section itself did not change.
const zoneStyle = (
  minHeight: string,
  idle: string,
  over: boolean,
  extra: CSSProperties = {},
): CSSProperties => ({
  display: 'flex',
  flexDirection: 'column',
  gap: 'var(--chakra-space-2)',
  minHeight,
  padding: 'var(--chakra-space-2)',
  borderWidth: '2px',
  borderStyle: 'dashed',
  borderRadius: 'var(--chakra-radii-md)',
  borderColor: over ? 'var(--chakra-colors-blue-500)' : idle,
  ...extra,
});
const FIELD_ZONE = [false, true].map((over) => zoneStyle('64px', 'var(--chakra-colors-gray-300)', over));
const TABLE_ZONE = [false, true].map((over) =>
  zoneStyle('48px', 'var(--chakra-colors-gray-200)', over, { marginTop: 'var(--chakra-space-2)' }),
);
const SLOT = [false, true].map((over): CSSProperties => ({
  flex: CHIP_FLEX,
  minHeight: '48px',
  borderWidth: '1px',
  borderStyle: 'dashed',
  borderRadius: 'var(--chakra-radii-md)',
  borderColor: over ? 'var(--chakra-colors-blue-500)' : 'var(--chakra-colors-gray-200)',
}));

function DropZone({
  drag,
  id,
  testId,
  styles,
  children,
}: {
  drag: DragState;
  id: string;
  testId: string;
  styles: CSSProperties[];
  children: ReactNode;
}) {
  const isOver = useIsOver(drag, id);
  return (
    <div
      data-testid={testId}
      data-drop-id={id}
      data-drop-place={id}
      data-drop-over={isOver ? 'true' : 'false'}
      style={styles[isOver ? 1 : 0]}
    >
      {children}
    </div>
  );
}

function Slot({ drag, section, row }: { drag: DragState; section: number; row: number }) {
  const id = slotId(section, row);
  const isOver = useIsOver(drag, id);
  return (
    <div
      data-testid="row-slot"
      data-drop-place={id}
      data-drop-over={isOver ? 'true' : 'false'}
      style={SLOT[isOver ? 1 : 0]}
    />
  );
}

// A row: a plain flex element (a Chakra HStack per row re-ran Chakra's style work for all 25 rows
// of a section at every move into or out of it); memoized, so a move re-renders only the rows whose
// id list changed (edits share untouched rows).
// Wraps: the two places of a row share a line from 2 x 10rem (CHIP_FLEX) up, and stack on a phone,
// where side by side a field's label was cut to three letters ('Sit…').
const ROW_STYLE: CSSProperties = {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'stretch',
  gap: 'var(--chakra-space-2)',
};

const Row = memo(function Row({
  ids,
  section,
  row,
  store,
  onEditField,
}: {
  ids: readonly number[];
  section: number;
  row: number;
  store: BuilderStore;
  onEditField: (id: number) => void;
}) {
  // A kept block that stood alone keeps its row to itself (layout.ts insertIntoRows): no empty place beside it.
  const alone = ids.length === 1 && standsAlone(store.getForm(), ids[0]!);
  return (
    <div data-testid="canvas-row" style={ROW_STYLE}>
      {ids.map((id) => (
        <FieldChip key={id} id={id} store={store} onEdit={onEditField} />
      ))}
      {ids.length < 2 && !alone && <Slot drag={store.drag} section={section} row={row} />}
    </div>
  );
});

// Memoised without props: React skips them when a section re-renders; a new language mounts the
// builder again, so they read their text in it (an element made at module load kept English).
const DropHere = memo(function DropHere() {
  return (
    <Text fontSize="sm" color="gray.600" textAlign="center">
      {TEXTS.dropHere}
    </Text>
  );
});
const DropTables = memo(function DropTables() {
  return (
    <Text fontSize="sm" color="gray.600" textAlign="center">
      {TEXTS.dropTables}
    </Text>
  );
});

/** A section's title and buttons: re-rendered when its title or open state changes, not on moves. */
const SectionHead = memo(function SectionHead({
  index,
  title,
  store,
  open,
  panelId,
  onToggle,
}: {
  index: number;
  title: string;
  store: BuilderStore;
  open: boolean;
  panelId: string;
  onToggle: () => void;
}) {
  return (
    <HStack>
      <Editable
        flex="1"
        value={undefined}
        defaultValue={title}
        key={title}
        onSubmit={(next) => next.trim() && store.apply((f) => renameSection(f, index, next.trim()))}
        px={2}
      >
        <EditablePreview fontWeight="bold" aria-label={TEXTS.sectionTitleOf(title)} />
        <EditableInput aria-label={TEXTS.sectionTitle} />
      </Editable>
      <IconButton
        size="sm"
        variant="ghost"
        aria-label={`${TEXTS.deleteSection} ${title}`}
        icon={<TrashIcon />}
        onClick={() => store.apply((f) => deleteSection(f, index))}
      />
      <IconButton
        size="sm"
        variant="ghost"
        aria-label={TEXTS.toggleSection(title)}
        aria-expanded={open}
        aria-controls={panelId}
        icon={open ? <ChevronUpIcon /> : <ChevronDownIcon />}
        onClick={onToggle}
      />
    </HStack>
  );
});

/**
 * A dropped document's sections and questions, read-only: they come from the org's controlled
 * document and change only there (the fixed layout, README "Safety inspections").
 */
const DocumentChecklist = ({ sections }: { sections: ChecklistSection[] }) => (
  <Box ps={3} pt={1} data-testid="document-checklist" aria-label={TEXTS.documentChecklist}>
    {sections.map((s) => (
      <Box key={s.id} mt={1} data-testid="document-section">
        <Text fontSize="sm" fontWeight="semibold">
          {s.title}
        </Text>
        <Stack as="ol" spacing={0} ps={5} fontSize="xs" color="gray.700">
          {s.questions.map((q) => (
            <Text as="li" key={q.id} data-testid="document-question">
              {q.text}
              {q.required ? ' *' : ''}{' '}
              <Text as="span" color="gray.600">
                ({q.type === 'Radio' ? TEXTS.radioQuestion : TEXTS.picklistQuestion}:{' '}
                {q.options.map((o) => o.title).join(', ')})
              </Text>
            </Text>
          ))}
        </Stack>
      </Box>
    ))}
  </Box>
);

const startingDataOf = (s: BuilderStore) => s.getForm().startingData;
const queriesOf = (s: BuilderStore) => s.getForm().queries;

export interface SectionViewProps {
  index: number;
  store: BuilderStore;
  onEditField: (id: number) => void;
  documentLabel: (id: string) => string;
}

/**
 * One section: a collapsible item with its drop zone (rows of at most 2) and its table zone. It
 * keeps its own open state, so adding or removing a section never re-renders the others.
 */
export const SectionView = memo(function SectionView({
  index,
  store,
  onEditField,
  documentLabel,
}: SectionViewProps) {
  const section = useStoreSlice(
    store,
    useCallback((s: BuilderStore) => s.getForm().sections[index], [index]),
  );
  const [open, setOpen] = useState(true);
  const onToggle = useCallback(() => setOpen((o) => !o), []);
  const startingData = useStoreSlice(store, startingDataOf);
  const queries = useStoreSlice(store, queriesOf);
  const checklist = useMemo(() => checklistSections({ queries }, startingData), [queries, startingData]);
  if (!section) return null;
  const panelId = `section-panel-${index}`;
  return (
    <Box data-testid="section" data-section-id={section.sectionId} borderTopWidth="1px">
      <SectionHead
        index={index}
        title={section.title}
        store={store}
        open={open}
        panelId={panelId}
        onToggle={onToggle}
      />
      <Box id={panelId} hidden={!open} px={4} pt={2} pb={5}>
        <DropZone drag={store.drag} id={dropId(index)} testId="drop-zone" styles={FIELD_ZONE}>
          {section.rows.map((row, r) => (
            <Row key={r} ids={row} section={index} row={r} store={store} onEditField={onEditField} />
          ))}
          <DropHere />
        </DropZone>
        {section.documents.length > 0 && (
          <Stack mt={2} spacing={1} data-testid="section-documents">
            {section.documents.map((d) => (
              <Box key={d} borderWidth="1px" borderRadius="md" px={2} py={1}>
                <HStack>
                  <Text flex="1" fontSize="sm">
                    {documentLabel(d)}
                  </Text>
                  <IconButton
                    size="xs"
                    variant="ghost"
                    aria-label={TEXTS.removeItem(documentLabel(d))}
                    icon={<CloseIcon />}
                    onClick={() => store.apply((f) => removeDocument(f, d))}
                  />
                </HStack>
                <DocumentChecklist
                  // The query key is the document's record id (documents.ts documentQuery).
                  sections={checklist.filter(
                    (c) => c.documentId === d && c.hostSectionId === section.sectionId,
                  )}
                />
              </Box>
            ))}
          </Stack>
        )}
        <DropZone drag={store.drag} id={tableDropId(index)} testId="table-drop-zone" styles={TABLE_ZONE}>
          {section.tables.map((id) => (
            <FieldChip key={id} id={id} store={store} onEdit={onEditField} />
          ))}
          <DropTables />
        </DropZone>
      </Box>
    </Box>
  );
});
