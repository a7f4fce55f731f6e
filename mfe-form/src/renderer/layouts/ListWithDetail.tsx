import { memo, useMemo, useRef, useState } from 'react';
import {
  AlertDialog,
  AlertDialogBody,
  AlertDialogContent,
  AlertDialogFooter,
  AlertDialogOverlay,
  Box,
  Button,
  Flex,
  HStack,
  Stack,
  Text,
} from '@chakra-ui/react';
import { MESSAGES } from 'shared-contracts';
import type { FormJsonSchema, LayoutElement, UISchemaElement } from 'shared-contracts';
import { Dispatch } from '../Dispatch';
import { useFormContext, useIsMobile, useReveal, useSelect } from '../context';
import { getIn } from 'form-core/paths';
import { resolveRef, schemaAtPath, typeOf } from 'form-core/schema';
import { generateUISchema } from 'form-core/uischema';
import { labelOf, removeItem, useControl } from '../controls/shared';
import type { RendererProps } from '../types';
import { RENDERER_TEXTS } from '../texts';

/** The detail layout of one item: the element's own elements, JSON Forms' options.detail, or generated. */
const detailOf = (el: UISchemaElement, items: FormJsonSchema, root: FormJsonSchema): UISchemaElement => {
  const own = (el as LayoutElement).elements;
  if (Array.isArray(own) && own.length > 0) return { type: 'VerticalLayout', elements: own };
  const detail = (el.options as { detail?: unknown } | undefined)?.detail;
  if (detail && typeof detail === 'object' && 'type' in detail) return detail as UISchemaElement;
  return generateUISchema(items, root);
};

/** Item label for the side list: options.labelField, else the first string property. */
const itemLabel = (item: unknown, labelField: string | undefined, items: FormJsonSchema): string => {
  if (item === null || typeof item !== 'object') return item === undefined ? '' : String(item);
  const field =
    labelField ?? Object.entries(items.properties ?? {}).find(([, s]) => typeOf(s) === 'string')?.[0];
  const v = field ? getIn(item, field) : undefined;
  return v === undefined || v === null ? '' : String(v);
};

/**
 * List with detail: numbered items, add, delete with confirmation then the previous item selected; a
 * side list on desktop, stacked boxes on mobile. Read-only on selected-submission pages.
 */
export const ListWithDetailLayout = memo(function ListWithDetailLayout(props: RendererProps) {
  const state = useControl(props, { subscribeToValue: false });
  const { rootSchema, store, modes } = useFormContext();
  const mobile = useIsMobile();
  const items = useMemo(
    () => resolveRef((state.controlSchema.items as FormJsonSchema | undefined) ?? {}, rootSchema) ?? {},
    [state.controlSchema.items, rootSchema],
  );
  const detail = useMemo(
    () => detailOf(props.uischema, items, rootSchema),
    [props.uischema, items, rootSchema],
  );
  const labelField =
    typeof props.uischema.options?.labelField === 'string' ? props.uischema.options.labelField : undefined;
  // Re-render on length or label changes only, not on every edit inside an item.
  const labelsKey = useSelect(state.dataPath, (v) =>
    Array.isArray(v) ? v.map((it) => itemLabel(it, labelField, items)).join('\u0001') : '',
  );
  const length = useSelect(state.dataPath, (v) => (Array.isArray(v) ? v.length : 0));
  const labels = labelsKey === '' && length === 0 ? [] : labelsKey.split('\u0001');
  const [selected, setSelected] = useState(0);
  // A refused Save selects the item holding the first field to fix.
  useReveal(props.uischema, props.path, (path) => {
    const item = Number(path.slice(state.dataPath.length + 1).split('.')[0]);
    if (path.startsWith(`${state.dataPath}.`) && Number.isInteger(item)) setSelected(item);
  });
  const [confirm, setConfirm] = useState<number | null>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  if (state.rule.hidden) return null;
  const enabled = state.enabled && !modes.selectedSubmission;
  const canAdd = enabled && state.controlSchema.preventAddition !== true;
  const canDelete = enabled && state.controlSchema.preventDeletion !== true;
  const current = Math.min(selected, length - 1);
  const add = (): void => {
    const list = store.get(state.dataPath);
    const next = [
      ...(Array.isArray(list) ? list : []),
      typeOf(items) === 'object' || items.properties ? {} : undefined,
    ];
    store.set(state.dataPath, next);
    setSelected(next.length - 1);
  };
  const remove = (index: number): void => {
    removeItem(store, state.dataPath, index);
    setSelected(Math.max(0, index - 1));
    setConfirm(null);
  };
  const detailView = (index: number) => (
    <Dispatch uischema={detail} schema={items} path={`${state.dataPath}.${index}`} enabled={enabled} />
  );
  const itemTitle = (i: number): string => `${i + 1}. ${labels[i] || `${state.label} ${i + 1}`}`;
  return (
    <Box
      mb={4}
      data-layout="list-with-detail"
      data-path={state.dataPath}
      data-edited={state.meta.edited || undefined}
      className={state.meta.edited ? 'cq-edited' : undefined}
    >
      <HStack justify="space-between" mb={2}>
        <Text fontWeight="semibold">{labelOf(props.uischema, state.controlSchema, state.dataPath)}</Text>
        {canAdd ? (
          <Button size="sm" onClick={add} className="cq-no-print">
            {RENDERER_TEXTS.add}
          </Button>
        ) : null}
      </HStack>
      {mobile ? (
        <Stack spacing={3}>
          {Array.from({ length }, (_, i) => (
            <Box key={i} borderWidth="1px" borderRadius="md" p={3} data-testid="list-item">
              <HStack justify="space-between">
                <Text fontWeight="semibold">{itemTitle(i)}</Text>
                {canDelete ? (
                  <Button size="xs" variant="outline" colorScheme="red" onClick={() => setConfirm(i)}>
                    {RENDERER_TEXTS.delete}
                  </Button>
                ) : null}
              </HStack>
              {detailView(i)}
            </Box>
          ))}
        </Stack>
      ) : (
        <Flex gap={4} align="flex-start">
          <Stack
            as="ul"
            role="listbox"
            aria-label={state.label}
            w="14rem"
            flexShrink={0}
            spacing={1}
            listStyleType="none"
          >
            {Array.from({ length }, (_, i) => (
              <HStack as="li" key={i} role="option" aria-selected={i === current} data-testid="list-item">
                <Button
                  size="sm"
                  variant={i === current ? 'solid' : 'ghost'}
                  flex="1"
                  justifyContent="flex-start"
                  onClick={() => setSelected(i)}
                >
                  {itemTitle(i)}
                </Button>
                {canDelete ? (
                  <Button
                    size="xs"
                    variant="ghost"
                    colorScheme="red"
                    aria-label={`Delete item ${i + 1}`}
                    onClick={() => setConfirm(i)}
                  >
                    ×
                  </Button>
                ) : null}
              </HStack>
            ))}
          </Stack>
          <Box flex="1" minW={0}>
            {current >= 0 ? detailView(current) : null}
          </Box>
        </Flex>
      )}
      <AlertDialog isOpen={confirm !== null} leastDestructiveRef={cancelRef} onClose={() => setConfirm(null)}>
        <AlertDialogOverlay>
          <AlertDialogContent>
            <AlertDialogBody>{MESSAGES.deleteItemConfirm}</AlertDialogBody>
            <AlertDialogFooter>
              <Button ref={cancelRef} onClick={() => setConfirm(null)}>
                {RENDERER_TEXTS.no}
              </Button>
              <Button colorScheme="red" ms={3} onClick={() => confirm !== null && remove(confirm)}>
                {RENDERER_TEXTS.yes}
              </Button>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialogOverlay>
      </AlertDialog>
    </Box>
  );
});

const MAX_OBJECT_DEPTH = 6;

/** A Control on an object: its properties laid out (generated ui schema). */
export const ObjectControl = memo(function ObjectControl(props: RendererProps) {
  const state = useControl(props, { subscribeToValue: false });
  const { rootSchema } = useFormContext();
  const layout = useMemo(
    () => generateUISchema(state.controlSchema, rootSchema),
    [state.controlSchema, rootSchema],
  );
  const absent = useSelect(state.dataPath, (v) => v === undefined);
  const recursive = useMemo(() => {
    const keys = state.dataPath.split('.');
    for (let i = 0; i < keys.length; i++) {
      if (schemaAtPath(keys.slice(0, i).join('.'), rootSchema) === state.controlSchema) return true;
    }
    return false;
  }, [state.dataPath, state.controlSchema, rootSchema]);
  if (state.rule.hidden) return null;
  // Recursive schemas: an object with no data whose schema is also an ancestor's is not expanded.
  if (absent && (recursive || state.dataPath.split('.').length > MAX_OBJECT_DEPTH)) {
    return state.showLabel ? (
      <Text fontSize="sm" color="gray.500" mb={2}>
        {state.label}
      </Text>
    ) : null;
  }
  return (
    <Box borderWidth="1px" borderRadius="md" p={3} mb={3} role="group" aria-label={state.label}>
      {state.showLabel ? <Text fontWeight="semibold">{state.label}</Text> : null}
      <Dispatch
        uischema={layout}
        schema={state.controlSchema}
        path={state.dataPath}
        enabled={state.enabled}
      />
    </Box>
  );
});
