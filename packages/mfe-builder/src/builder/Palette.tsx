import {
  Accordion,
  AccordionButton,
  AccordionIcon,
  AccordionItem,
  AccordionPanel,
  Box,
  Input,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useDraggable } from '@dnd-kit/core';
import { memo, useEffect, useMemo, useState } from 'react';
import { BUILDER } from 'shared-contracts';
import { draggedPaletteIds } from '../model/layout';
import { filterPalette } from '../model/palette';
import type { PaletteItem } from '../model/types';
import { paletteDragId } from './dnd';
import { useStoreSlice, type BuilderStore } from './store';
import { TEXTS } from './texts';

const PaletteEntry = memo(function PaletteEntry({ item, dragged }: { item: PaletteItem; dragged: boolean }) {
  // Object fields and documents grey out once dropped and come back when removed from the canvas.
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: paletteDragId(item.id),
    disabled: dragged,
  });
  return (
    <Box
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      data-testid="palette-item"
      data-item-id={item.id}
      data-dragged={dragged ? 'true' : 'false'}
      aria-disabled={dragged}
      px={2}
      py={1}
      borderWidth="1px"
      borderRadius="md"
      bg={dragged ? 'gray.100' : 'white'}
      color={dragged ? 'gray.500' : 'inherit'}
      cursor={dragged ? 'not-allowed' : 'grab'}
      opacity={isDragging ? 0.5 : 1}
      fontSize="sm"
      _focusVisible={{ outline: '2px solid', outlineColor: 'blue.500' }}
    >
      {item.label}
      {item.field && (
        <Text as="span" color="gray.600" fontSize="xs">
          {' '}
          ({item.field.name})
        </Text>
      )}
    </Box>
  );
});

function Panel({
  title,
  items,
  dragged,
  testId,
}: {
  title: string;
  items: PaletteItem[];
  dragged: Set<string>;
  testId: string;
}) {
  return (
    <AccordionItem data-testid={testId}>
      <AccordionButton>
        <Box flex="1" textAlign="left" fontWeight="semibold">
          {title} ({items.length})
        </Box>
        <AccordionIcon />
      </AccordionButton>
      <AccordionPanel>
        <Stack spacing={1} maxH="40vh" overflowY="auto">
          {items.map((item) => (
            <PaletteEntry key={item.id} item={item} dragged={dragged.has(item.id)} />
          ))}
        </Stack>
      </AccordionPanel>
    </AccordionItem>
  );
}

const fieldsOf = (s: BuilderStore) => s.getForm().fields;
const sectionsOf = (s: BuilderStore) => s.getForm().sections;

export interface PaletteProps {
  store: BuilderStore;
  general: PaletteItem[];
  primary: { label: string; items: PaletteItem[] };
  context: { label: string; items: PaletteItem[] } | null;
  documents: PaletteItem[] | null;
}

/** The right panel: field search (300 ms) and the panels of draggable items. */
export const Palette = memo(function Palette({ store, general, primary, context, documents }: PaletteProps) {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setSearch(text), BUILDER.paletteSearchDelayMs);
    return () => clearTimeout(t);
  }, [text]);
  const fields = useStoreSlice(store, fieldsOf);
  const sections = useStoreSlice(store, sectionsOf);
  const dragged = useMemo(
    () => draggedPaletteIds({ fields, sections } as Parameters<typeof draggedPaletteIds>[0]),
    [fields, sections],
  );
  const panels = [
    { title: TEXTS.general, items: filterPalette(general, search), testId: 'palette-general' },
    { title: primary.label, items: filterPalette(primary.items, search), testId: 'palette-primary' },
    ...(context
      ? [{ title: context.label, items: filterPalette(context.items, search), testId: 'palette-context' }]
      : []),
    ...(documents
      ? [{ title: TEXTS.documents, items: filterPalette(documents, search), testId: 'palette-documents' }]
      : []),
  ];
  return (
    <Stack spacing={3} data-testid="palette">
      <Input
        placeholder={TEXTS.searchFields}
        aria-label={TEXTS.searchFields}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <Accordion allowMultiple defaultIndex={panels.map((_, i) => i)}>
        {panels.map((p) => (
          <Panel key={p.testId} title={p.title} items={p.items} dragged={dragged} testId={p.testId} />
        ))}
      </Accordion>
    </Stack>
  );
});
