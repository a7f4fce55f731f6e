import {
  AccordionButton,
  AccordionIcon,
  AccordionItem,
  AccordionPanel,
  Box,
  Editable,
  EditableInput,
  EditablePreview,
  HStack,
  IconButton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useDroppable } from '@dnd-kit/core';
import { memo, useCallback } from 'react';
import { dropId, tableDropId } from '../model/ids';
import { deleteSection, removeDocument, renameSection } from '../model/layout';
import { slotId } from './dnd';
import { FieldChip } from './FieldChip';
import { useStoreSlice, type BuilderStore } from './store';
import { TEXTS } from './texts';

function Slot({ section, row }: { section: number; row: number }) {
  const { setNodeRef, isOver } = useDroppable({ id: slotId(section, row) });
  return (
    <Box
      ref={setNodeRef}
      data-testid="row-slot"
      flex="1 1 0"
      minH="48px"
      borderWidth="1px"
      borderStyle="dashed"
      borderRadius="md"
      borderColor={isOver ? 'blue.500' : 'gray.200'}
    />
  );
}

export interface SectionViewProps {
  index: number;
  store: BuilderStore;
  onEditField: (id: number) => void;
  documentLabel: (id: string) => string;
}

/** One section: an accordion item with its drop zone (rows of at most 2) and its table zone. */
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
  const fieldsDrop = useDroppable({ id: dropId(index) });
  const tablesDrop = useDroppable({ id: tableDropId(index) });
  if (!section) return null;
  return (
    <AccordionItem data-testid="section" data-section-id={section.sectionId}>
      <HStack>
        <Editable
          flex="1"
          value={undefined}
          defaultValue={section.title}
          key={section.title}
          onSubmit={(title) => title.trim() && store.apply((f) => renameSection(f, index, title.trim()))}
          px={2}
        >
          <EditablePreview fontWeight="bold" aria-label={`Section title ${section.title}`} />
          <EditableInput aria-label="Section title" />
        </Editable>
        <IconButton
          size="sm"
          variant="ghost"
          aria-label={`${TEXTS.deleteSection} ${section.title}`}
          icon={<span aria-hidden="true">🗑</span>}
          onClick={() => store.apply((f) => deleteSection(f, index))}
        />
        <AccordionButton w="auto" aria-label={`Toggle ${section.title}`}>
          <AccordionIcon />
        </AccordionButton>
      </HStack>
      <AccordionPanel>
        <Stack
          ref={fieldsDrop.setNodeRef}
          data-testid="drop-zone"
          data-drop-id={dropId(index)}
          spacing={2}
          minH="64px"
          p={2}
          borderWidth="2px"
          borderStyle="dashed"
          borderRadius="md"
          borderColor={fieldsDrop.isOver ? 'blue.500' : 'gray.300'}
        >
          {section.rows.map((row, r) => (
            <HStack key={r} align="stretch" data-testid="canvas-row">
              {row.map((id) => (
                <FieldChip key={id} id={id} store={store} onEdit={onEditField} />
              ))}
              {row.length < 2 && <Slot section={index} row={r} />}
            </HStack>
          ))}
          <Text fontSize="sm" color="gray.600" textAlign="center">
            {TEXTS.dropHere}
          </Text>
        </Stack>
        {section.documents.length > 0 && (
          <Stack mt={2} spacing={1} data-testid="section-documents">
            {section.documents.map((d) => (
              <HStack key={d} borderWidth="1px" borderRadius="md" px={2} py={1}>
                <Text flex="1" fontSize="sm">
                  {documentLabel(d)}
                </Text>
                <IconButton
                  size="xs"
                  variant="ghost"
                  aria-label={TEXTS.removeItem(documentLabel(d))}
                  icon={<span aria-hidden="true">✕</span>}
                  onClick={() => store.apply((f) => removeDocument(f, d))}
                />
              </HStack>
            ))}
          </Stack>
        )}
        <Stack
          ref={tablesDrop.setNodeRef}
          data-testid="table-drop-zone"
          data-drop-id={tableDropId(index)}
          mt={2}
          spacing={2}
          minH="48px"
          p={2}
          borderWidth="2px"
          borderStyle="dashed"
          borderRadius="md"
          borderColor={tablesDrop.isOver ? 'blue.500' : 'gray.200'}
        >
          {section.tables.map((id) => (
            <FieldChip key={id} id={id} store={store} onEdit={onEditField} />
          ))}
          <Text fontSize="sm" color="gray.600" textAlign="center">
            {TEXTS.dropTables}
          </Text>
        </Stack>
      </AccordionPanel>
    </AccordionItem>
  );
});
