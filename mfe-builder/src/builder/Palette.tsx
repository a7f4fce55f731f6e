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
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { BUILDER } from 'shared-contracts';
import { draggedPaletteIds } from '../model/layout';
import { filterPalette, isReusable, withDragState } from '../model/palette';
import type { PaletteItem } from '../model/types';
import { paletteDragId } from './dnd';
import type { DragState } from './drag-state';
import { useDragHandle, useIsLifted } from './drag-hooks';
import { useStoreSlice, type BuilderStore } from './store';
import { TEXTS } from './texts';

const PaletteEntry = memo(function PaletteEntry({ drag, item }: { drag: DragState; item: PaletteItem }) {
  // Greyed once dropped, back when removed from the canvas (builder spec section 4). Object fields and
  // documents are once per form; a General item drops again (each drop is a new field).
  const dragged = item.isDragged;
  const locked = dragged && !isReusable(item);
  const id = paletteDragId(item.id);
  const handle = useDragHandle(drag, id, item.label, locked);
  const isDragging = useIsLifted(drag, id);
  return (
    <Box
      {...handle}
      aria-pressed={isDragging || undefined}
      data-testid="palette-item"
      data-item-id={item.id}
      data-dragged={dragged ? 'true' : 'false'}
      title={dragged && !locked ? TEXTS.onTheFormDropAgain : undefined}
      px={2}
      py={1}
      borderWidth="1px"
      borderRadius="md"
      bg={dragged ? 'gray.100' : 'white'}
      color={dragged ? 'gray.600' : 'inherit'}
      cursor={locked ? 'not-allowed' : 'grab'}
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
      {dragged && !locked && (
        <Text as="span" color="gray.600" fontSize="xs">
          {' '}
          ({TEXTS.onTheForm})
        </Text>
      )}
    </Box>
  );
});

const Panel = memo(function Panel({
  drag,
  title,
  items,
  dragged,
  testId,
}: {
  drag: DragState;
  title: string;
  items: PaletteItem[];
  dragged: ReadonlySet<string>;
  testId: string;
}) {
  return (
    <AccordionItem data-testid={testId}>
      <AccordionButton>
        <Box flex="1" textAlign="start" fontWeight="semibold">
          {title} ({items.length})
        </Box>
        <AccordionIcon />
      </AccordionButton>
      <AccordionPanel>
        <Stack spacing={1} maxH="40vh" overflowY="auto">
          {items.map((item) => (
            <PaletteEntry key={item.id} drag={drag} item={withDragState(item, dragged)} />
          ))}
        </Stack>
      </AccordionPanel>
    </AccordionItem>
  );
});

const sameSet = (a: ReadonlySet<string>, b: ReadonlySet<string>) =>
  a.size === b.size && [...a].every((x) => b.has(x));

/**
 * The palette ids on the canvas, as the same set object while its content is unchanged: the palette
 * re-renders only when an item greys out or comes back, not on every canvas edit or move.
 */
function useDraggedIds(store: BuilderStore): ReadonlySet<string> {
  const cache = useRef<{ fields: unknown; sections: unknown; ids: ReadonlySet<string> } | null>(null);
  const select = useCallback((s: BuilderStore) => {
    const form = s.getForm();
    const last = cache.current;
    if (last && last.fields === form.fields && last.sections === form.sections) return last.ids;
    const next = draggedPaletteIds(form);
    const ids = last && sameSet(next, last.ids) ? last.ids : next;
    cache.current = { fields: form.fields, sections: form.sections, ids };
    return ids;
  }, []);
  return useStoreSlice(store, select);
}

export interface PaletteProps {
  store: BuilderStore;
  general: PaletteItem[];
  primary: { label: string; items: PaletteItem[] };
  context: { label: string; items: PaletteItem[] } | null;
  documents: PaletteItem[] | null;
  /** Called with the search text once it settles (300 ms): the documents are searched in the org. */
  onSearch?: (search: string) => void;
}

/** The right panel: field search (300 ms) and the panels of draggable items. */
export const Palette = memo(function Palette({
  store,
  general,
  primary,
  context,
  documents,
  onSearch,
}: PaletteProps) {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setSearch(text), BUILDER.paletteSearchDelayMs);
    return () => clearTimeout(t);
  }, [text]);
  const searched = useRef('');
  useEffect(() => {
    if (search === searched.current) return;
    searched.current = search;
    onSearch?.(search);
  }, [search, onSearch]);
  const dragged = useDraggedIds(store);
  // Filtered once per search or palette change, not on every canvas edit.
  const panels = useMemo(
    () => [
      { title: TEXTS.general, items: filterPalette(general, search), testId: 'palette-general' },
      { title: primary.label, items: filterPalette(primary.items, search), testId: 'palette-primary' },
      ...(context
        ? [{ title: context.label, items: filterPalette(context.items, search), testId: 'palette-context' }]
        : []),
      ...(documents
        ? [{ title: TEXTS.documents, items: filterPalette(documents, search), testId: 'palette-documents' }]
        : []),
    ],
    [general, primary, context, documents, search],
  );
  return (
    <Stack spacing={3} data-testid="palette">
      <Input
        placeholder={TEXTS.searchFields}
        aria-label={TEXTS.searchFields}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      {/* reduceMotion: Chakra renders items closed until registered, so animated panels that start
          open would mount collapsed and grow a moment after the builder shows. */}
      <Accordion allowMultiple reduceMotion defaultIndex={panels.map((_, i) => i)}>
        {panels.map((p) => (
          <Panel
            key={p.testId}
            drag={store.drag}
            title={p.title}
            items={p.items}
            dragged={dragged}
            testId={p.testId}
          />
        ))}
      </Accordion>
    </Stack>
  );
});
