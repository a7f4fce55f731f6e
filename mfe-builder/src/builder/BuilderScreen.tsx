import { Box, Grid, GridItem, useToast } from '@chakra-ui/react';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { BUILDER, MESSAGES, nsName, type LayoutEvents } from 'shared-contracts';
import { FieldEditModal } from '../editors/FieldEditModal';
import type { LookupDependencies } from '../editors/DependsOnFields';
import { lookupChoicesOf } from '../model/lookup-depends';
import { FormEventsModal } from '../editors/FormEventsModal';
import { ScoringModal } from '../editors/scoring/ScoringModal';
import { scoringOf, withScoringConfig } from '../model/scoring-settings';
import type { RemoteModules, ScoringConfig } from 'shared-contracts';
import type { FieldDraft } from '../editors/field-draft';
import { createField, type ObjectSchemas } from '../model/field-factory';
import { namesInUse } from '../model/ids';
import {
  addDocument,
  addField,
  canDrop,
  canMove,
  moveField,
  removeDocument,
  setDocumentData,
  updateField,
} from '../model/layout';
import { documentItem, generalPalette, objectPalette } from '../model/palette';
import type { PaletteItem } from '../model/types';
import type { ObjectFieldsAnswer } from 'shared-contracts';
import type { BuilderApi } from './api';
import { useAssigneeSearch } from './assignee-search';
import { errorText } from './api';
import { Canvas } from './Canvas';
import { describeDrop, dropPlaceOf, followPointer, jumpToDropPlaces, parseDragId, resolveDrop } from './dnd';
import { DND_ID } from './drag-hooks';
import { documentQuery, documentSummary, isSafetyInspection, type DocumentRecord } from './documents';
import { applyDraft, draftOf, ruleFieldsOf } from './field-draft-bridge';
import { Header } from './Header';
import { TranslationsWarning } from './TranslationsWarning';

const TranslationsModal = lazy(() => import('./TranslationsModal'));
import { incompleteLanguages } from '../model/translations';
import { Palette } from './Palette';
import { Preview } from './Preview';
import type { BuilderStore } from './store';
import { DROP_REFUSALS, TEXTS } from './texts';
import { useSaving } from './useSaving';
import { askNotificationPermissionOnGesture } from './notifications';
import { DropSafePointerSensor } from './pointer-sensor';
import { DragBridge, OverlayLabel } from './drag-overlay';
import { schemasFrom } from './object-schemas';

export interface BuilderScreenProps {
  store: BuilderStore;
  api: BuilderApi;
  recordId: string;
  namespace: string;
  timeZone: string | undefined;
  recordUrl: string;
  /** The form record's Title (or Name): the header names the form when its JSON does not. */
  recordTitle?: string;
  leave: (url: string) => void;
  /** The host's other remotes: the preview renders mfe-form's renderer. */
  remotes: RemoteModules;
}

interface PaletteData {
  primary: { label: string; items: PaletteItem[] };
  context: { label: string; items: PaletteItem[] } | null;
  documents: PaletteItem[] | null;
  schemas: ObjectSchemas;
}

// A fixed object: new sensor options would change dnd-kit's context on every screen render.
const POINTER_OPTIONS = { activationConstraint: { distance: 5 } };

export function BuilderScreen({
  store,
  api,
  recordId,
  namespace,
  timeZone,
  recordUrl,
  recordTitle = '',
  leave,
  remotes,
}: BuilderScreenProps) {
  const toast = useToast();
  const meta = store.getForm().meta;
  const general = useMemo(() => generalPalette(), []);
  const [palette, setPalette] = useState<PaletteData>({
    primary: { label: meta.primaryLabel || meta.cqFormType, items: [] },
    context: meta.contextObject ? { label: meta.contextLabel || meta.contextObject, items: [] } : null,
    documents: isSafetyInspection(meta.cqFormType) ? [] : null,
    schemas: {},
  });
  const documentRecords = useRef(new Map<string, DocumentRecord>());
  const [docLabels, setDocLabels] = useState<Record<string, string>>({});

  /**
   * Controlled documents from the org (the named query searches by name, number or title server-side):
   * kept by id, and labelled 'number title', with '(N sections, M questions)' once the form holds
   * what the document's query loaded (saved with the form, so also after a reload).
   */
  const searchDocuments = useCallback(
    async (params: { name?: string; ids?: string }): Promise<PaletteItem[]> => {
      const res = await api.searchQuery({ kind: 'controlledDocuments', ...params });
      const loaded = store.getForm().startingData ?? {};
      const items = res.records.map((r) => {
        const d: DocumentRecord = { ...r, Name: String(r.Name ?? '') };
        documentRecords.current.set(d.Id, d);
        return documentItem({
          Id: d.Id,
          Name: d.Name,
          number: String(d[nsName(namespace, 'Document_Number__c')] ?? d.Name),
          title: String(d[nsName(namespace, 'Title__c')] ?? ''),
        });
      });
      setDocLabels((l) => {
        const next = { ...l };
        for (const item of items) {
          const summary = documentSummary(namespace, loaded, item.id);
          next[item.id] = summary
            ? `${item.label} (${summary.sections} sections, ${summary.questions} questions)`
            : (l[item.id] ?? item.label);
        }
        return next;
      });
      return items;
    },
    [api, store, namespace],
  );

  const onPaletteSearch = useCallback(
    (name: string) => {
      if (!isSafetyInspection(meta.cqFormType)) return;
      searchDocuments(name ? { name } : {}).then(
        (documents) => setPalette((p) => ({ ...p, documents })),
        (error: unknown) =>
          toast({ status: 'error', description: errorText(error), duration: 10_000, isClosable: true }),
      );
    },
    [meta.cqFormType, searchDocuments, toast],
  );

  // Palette: the objects' fields, their mapped schemas (object info) and, for safety inspections,
  // the controlled documents.
  useEffect(() => {
    let live = true;
    (async () => {
      // Fields the org computes (formulas, roll-ups, created/modified) are offered too, placed read-only.
      const primary: ObjectFieldsAnswer = await api.objectFields(meta.cqFormType, false, true);
      const context: ObjectFieldsAnswer | null = meta.contextObject
        ? await api.objectFields(meta.contextObject, false, true)
        : null;
      let schemas: ObjectSchemas = {};
      try {
        const info = await api.objectInfo(
          meta.cqFormType,
          primary.fields.map((f) => f.name),
          context ? { objectType: context.name, fields: context.fields.map((f) => f.name) } : null,
        );
        schemas = schemasFrom(info.properties, info.ui);
      } catch {
        // Without object info, fields are mapped from their describe type (objectFieldSchema).
      }
      let documents: PaletteItem[] | null = null;
      if (isSafetyInspection(meta.cqFormType)) {
        documents = await searchDocuments({});
        // Documents the form already holds are named (with their counts) even when not in this page.
        const saved = store.getForm().sections.flatMap((s) => s.documents);
        const missing = saved.filter((id) => !documentRecords.current.has(id)).slice(0, 50);
        if (missing.length > 0) await searchDocuments({ ids: missing.join(',') });
      }
      if (!live) return;
      setPalette({
        primary: { label: primary.label, items: objectPalette(primary.name, primary.fields, false) },
        context: context
          ? { label: context.label, items: objectPalette(context.name, context.fields, true) }
          : null,
        documents,
        schemas,
      });
    })().catch((error: unknown) => {
      if (live) toast({ status: 'error', description: errorText(error), duration: 10_000, isClosable: true });
    });
    return () => {
      live = false;
    };
  }, [api, meta.cqFormType, meta.contextObject, namespace, toast, store, searchDocuments]);

  const itemsById = useMemo(() => {
    const map = new Map<string, PaletteItem>();
    for (const i of [
      ...general,
      ...palette.primary.items,
      ...(palette.context?.items ?? []),
      ...(palette.documents ?? []),
    ])
      map.set(i.id, i);
    return map;
  }, [general, palette]);

  const loadDocument = useCallback(
    async (docId: string, sectionIndex: number) => {
      const doc = documentRecords.current.get(docId);
      const section = store.getForm().sections[sectionIndex];
      if (!doc || !section) return;
      const query = documentQuery(namespace, doc, section.sectionId);
      store.apply((f) => addDocument(f, sectionIndex, docId, query));
      const label = itemsById.get(docId)?.label ?? doc.Name;
      const fail = (title?: string) => {
        // A document that does not load is removed with its query (builder spec section 8).
        store.apply((f) => removeDocument(f, docId));
        toast({
          status: 'error',
          ...(title ? { title } : {}),
          description: title ? label : TEXTS.documentError(label),
          duration: BUILDER.documentErrorToastMs,
          isClosable: true,
        });
      };
      try {
        const res = await api.startingData(recordId, [query]);
        const summary = documentSummary(namespace, res.startingData, docId);
        if (!summary) fail();
        // A criteria document without questions would add an empty section (spec 000 section 8).
        else if (summary.questions === 0) fail(MESSAGES.documentCriteria);
        else {
          store.apply((f) => setDocumentData(f, docId, res.startingData[docId]));
          setDocLabels((l) => ({
            ...l,
            [docId]: `${label} (${summary.sections} sections, ${summary.questions} questions)`,
          }));
        }
      } catch {
        fail();
      }
    },
    [store, namespace, itemsById, api, recordId, toast],
  );

  const selectedDocIds = useCallback(() => store.getForm().sections.flatMap((s) => s.documents), [store]);
  const { status, save } = useSaving({ store, api, recordId, selectedDocIds, recordUrl, leave });

  // Notification permission: asked on the user's first gesture in the builder (spec 001 section 2).
  useEffect(() => askNotificationPermissionOnGesture(window), []);

  // Undo / redo on Ctrl+Z / Ctrl+Shift+Z (and Ctrl+Y); text inputs keep their own undo.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey)) return;
      const t = e.target as HTMLElement | null;
      if (t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.isContentEditable)) return;
      const key = e.key.toLowerCase();
      if (key === 'z' && !e.shiftKey) store.undo();
      else if ((key === 'z' && e.shiftKey) || key === 'y') store.redo();
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store]);

  const drag = store.drag;
  const keyboardOptions = useMemo(() => ({ coordinateGetter: jumpToDropPlaces(drag) }), [drag]);
  const sensors = useSensors(
    useSensor(DropSafePointerSensor, POINTER_OPTIONS),
    useSensor(KeyboardSensor, keyboardOptions),
  );
  // The place under the pointer lights up while an item is lifted.
  useEffect(() => followPointer(drag), [drag]);
  const onDragStart = useCallback(() => void drag.begin(), [drag]);
  // dnd-kit's draggable is always DRAG_ID and its droppables are not ours: the announcements name
  // the lifted item and the drop place it is over (DragState), once per place.
  const announcements = useMemo<Announcements>(() => {
    let announced: string | null = null;
    const overText = () => {
      if (drag.over === announced) return undefined;
      announced = drag.over;
      const where = drag.over === null ? null : describeDrop(store.getForm(), drag.over);
      return where ? TEXTS.dragOver(drag.label, where) : undefined;
    };
    return {
      onDragStart: () => {
        announced = null;
        return TEXTS.dragStart(drag.label);
      },
      onDragMove: overText,
      onDragOver: overText,
      onDragEnd: () => TEXTS.dragEnd(drag.label),
      onDragCancel: () => TEXTS.dragCancel(drag.label),
    };
  }, [drag, store]);

  const refuse = useCallback(
    (message: string) =>
      toast({ status: 'warning', description: message, duration: 3000, isClosable: true, id: message }),
    [toast],
  );

  const onDragEnd = useCallback(
    (e: DragEndEvent) => {
      const { active, over } = drag.end();
      const src = active === null ? null : parseDragId(active);
      const overId = dropPlaceOf(e, over);
      if (!src || overId === null) return;
      const form = store.getForm();
      const drop = resolveDrop(form, overId);
      if (!drop) return;
      if (src.kind === 'palette') {
        const item = itemsById.get(src.itemId);
        if (!item) return;
        if (item.type === 'DOCUMENT') {
          // The panel shows only on safety inspections; a document never lands on another form.
          if (!isSafetyInspection(form.meta.cqFormType)) return refuse(TEXTS.documentsOnlyForSafety);
          if (drop.tableArea) return refuse(TEXTS.fieldIntoTable);
          void loadDocument(item.id, drop.section);
          return;
        }
        const kind = item.field ? 'object' : item.general === 'table' ? 'table' : 'text';
        const refusal = canDrop({ kind }, drop.tableArea);
        if (refusal) return refuse(DROP_REFUSALS[refusal]);
        store.apply((f) => addField(f, drop.section, createField(f, item, palette.schemas), drop.target));
        return;
      }
      if (overId === active) return;
      const field = form.fields[src.id];
      if (!field) return;
      const refusal = canMove(form, field.id, drop.section, drop.tableArea);
      if (refusal) return refuse(DROP_REFUSALS[refusal]);
      store.apply((f) => moveField(f, src.id, drop.section, drop.target));
    },
    [store, drag, itemsById, refuse, loadDocument, palette.schemas],
  );

  const onDragCancel = useCallback(() => void drag.end(), [drag]);

  const [editing, setEditing] = useState<number | null>(null);
  const [eventsOpen, setEventsOpen] = useState(false);
  const openEvents = useCallback(() => setEventsOpen(true), []);
  const onEditField = useCallback((id: number) => setEditing(id), []);
  const editingField = editing === null ? undefined : store.getForm().fields[editing];
  const onSaveDraft = useCallback(
    (d: FieldDraft) => {
      if (editing === null) return;
      store.apply((f) => {
        const field = f.fields[editing];
        return field ? updateField(f, editing, applyDraft(field, d)) : f;
      });
      setEditing(null);
    },
    [store, editing],
  );

  // Rule editors offer the form's fields as they are when the modal opens.
  const ruleFields = useMemo(
    () => (editing !== null || eventsOpen ? ruleFieldsOf(store.getForm()) : []),
    [editing, eventsOpen, store],
  );
  // A lookup's dependsOn: the form's other lookups, and the fields of the edited lookup's object.
  const lookups = useMemo<LookupDependencies>(
    () => ({
      choices: editing !== null ? lookupChoicesOf(store.getForm(), editing) : [],
      fieldsOf: async (object) => (await api.objectFields(object, false, true)).fields,
    }),
    [editing, store, api],
  );
  const onSaveEvents = useCallback(
    (events: LayoutEvents | undefined) => {
      store.apply((f) => {
        if (!events) {
          if (!f.events) return f;
          const { events: _dropped, ...rest } = f;
          return rest;
        }
        return { ...f, events };
      });
      setEventsOpen(false);
    },
    [store],
  );

  const [scoringOpen, setScoringOpen] = useState(false);
  const openScoring = useCallback(() => setScoringOpen(true), []);
  const onSaveScoring = useCallback(
    (config: ScoringConfig | undefined) => {
      store.apply((f) => withScoringConfig(f, config));
      setScoringOpen(false);
    },
    [store],
  );
  const { searchUsers, searchQueues } = useAssigneeSearch(api);

  // Issue 44: the Translations view (its own chunk), and Save Form's warning while a language is incomplete.
  const [translationsOpen, setTranslationsOpen] = useState(false);
  const openTranslations = useCallback(() => setTranslationsOpen(true), []);
  const [incomplete, setIncomplete] = useState<ReturnType<typeof incompleteLanguages>>([]);
  const onSaveForm = useCallback(() => {
    const missing = incompleteLanguages(store.getForm());
    if (missing.length) setIncomplete(missing);
    else void save();
  }, [store, save]);

  const [previewOpen, setPreviewOpen] = useState(false);
  const documentLabel = useCallback((id: string) => docLabels[id] ?? id, [docLabels]);

  return (
    <Box data-testid="builder" px={4} pb={6}>
      <Header
        store={store}
        title={meta.formName || recordTitle || TEXTS.title}
        status={status}
        timeZone={timeZone}
        onSave={onSaveForm}
        previewOpen={previewOpen}
        onTogglePreview={() => setPreviewOpen((o) => !o)}
        onEditEvents={openEvents}
        onEditScoring={openScoring}
        onEditTranslations={openTranslations}
      />
      <Grid
        // A phone stacks the canvas, the fields and the preview: side by side they were too narrow
        // for a field's label and pushed the page past the window.
        templateColumns={{
          base: 'minmax(0,1fr)',
          md: previewOpen ? 'minmax(0,2fr) minmax(0,1fr) minmax(0,2fr)' : 'minmax(0,2fr) minmax(0,1fr)',
        }}
        gap={4}
        mt={3}
      >
        <GridItem as="section" aria-label={TEXTS.canvas}>
          <Canvas store={store} onEditField={onEditField} documentLabel={documentLabel} />
        </GridItem>
        <GridItem as="aside" aria-label={TEXTS.palette}>
          <Palette
            store={store}
            general={general}
            primary={palette.primary}
            context={palette.context}
            documents={palette.documents}
            onSearch={onPaletteSearch}
          />
        </GridItem>
        {previewOpen && (
          <GridItem as="section" aria-label={TEXTS.preview} maxH="85vh" overflowY="auto">
            <Preview store={store} remotes={remotes} />
          </GridItem>
        )}
      </Grid>
      {/* Only dnd-kit's own users go under DndContext: its context value changes on every pointer move,
          start and drop, and React walks every fiber under a provider whose value changed looking for
          its readers (the canvas and palette read none: DragState). With them inside, each drop walked
          all of a 200-field canvas (issue 31: drag p95 64 ms against its 33 ms goal). */}
      <DndContext
        id={DND_ID}
        sensors={sensors}
        accessibility={{ announcements }}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={onDragCancel}
      >
        <DragBridge drag={drag} />
        <DragOverlay dropAnimation={null}>
          <OverlayLabel drag={drag} />
        </DragOverlay>
      </DndContext>
      {editingField && (
        <FieldEditModal
          key={editing}
          draft={draftOf(editingField)}
          takenNames={namesInUse(store.getForm(), editingField.id)}
          ruleFields={ruleFields}
          lookups={lookups}
          onSave={onSaveDraft}
          onClose={() => setEditing(null)}
        />
      )}
      {scoringOpen && (
        <ScoringModal
          form={store.getForm()}
          value={scoringOf(store.getForm())}
          onSave={onSaveScoring}
          onClose={() => setScoringOpen(false)}
          searchUsers={searchUsers}
          searchQueues={searchQueues}
        />
      )}
      {translationsOpen && (
        <Suspense fallback={null}>
          <TranslationsModal store={store} onClose={() => setTranslationsOpen(false)} />
        </Suspense>
      )}
      {incomplete.length > 0 && (
        <TranslationsWarning
          incomplete={incomplete}
          onCancel={() => setIncomplete([])}
          onSave={() => {
            setIncomplete([]);
            void save();
          }}
        />
      )}
      {eventsOpen && (
        <FormEventsModal
          value={store.getForm().events}
          fields={ruleFields}
          onSave={onSaveEvents}
          onClose={() => setEventsOpen(false)}
        />
      )}
    </Box>
  );
}
