/**
 * The builder's working model: a normalized form (sections hold ids, fields live in one map) so an
 * edit replaces only the objects it touches and memoized components keep the rest. `writer.ts`
 * turns it into the saved form JSON (builder spec section 3); `reader.ts` reads it back.
 */
import type { FormJsonSchema, FormQuery, FormRule, LayoutEvents, UISchemaOptions } from 'shared-contracts';

/** What a canvas item is; object fields come from the org, the rest from the General panel. */
export type FieldKind =
  'dropdown' | 'text' | 'date' | 'yesno' | 'blank' | 'table' | 'object' | 'photo' | 'location' | 'scan';

/** An object field's UI element type (lookup fields render as lookups, picklists as selects). */
export type ObjectFieldUi = 'Control' | 'select' | 'lookup' | 'time';

export interface CanvasField {
  /** Control id, in steps of 100 (builder spec section 3 "Builder ids"). */
  id: number;
  /** Property name in the data schema: the API name of a General field, the field of an object. */
  key: string;
  kind: FieldKind;
  /** 'General' or the object API name the field belongs to (primary or context object). */
  objectKey: string;
  /** The property schema (title, type, oneOf, pattern…) exactly as written to the form JSON. */
  schema: FormJsonSchema;
  /** The UI element type and options written to the layout. */
  uiType: string;
  options: UISchemaOptions;
  required: boolean;
  readOnly: boolean;
  /** The control's run-time rules as written (the read-only disable rule included when set). */
  rules?: FormRule[];
  /** Palette item this field came from (greyed while the field is on the canvas). */
  paletteId?: string;
  /** Tables: the array definition (columns, relationship name) written under schema.definitions. */
  definition?: FormJsonSchema;
  /** Tables: cell values entered in the table editor (written as the table's data). */
  rows?: ReadonlyArray<Readonly<Record<string, string | number>>>;
}

export interface CanvasSection {
  /** 'section-N', kept across renumbering so saved references (queries, sectionsInfo) stay valid. */
  sectionId: string;
  title: string;
  /** Horizontal rows of field ids, at most BUILDER.horizontalRowMax per row. */
  rows: number[][];
  /** Table field ids, in the section's table drop area. */
  tables: number[];
  /** Controlled documents pulled into this section (safety inspections): record ids. */
  documents: string[];
}

export interface FormMeta {
  cqFormType: string;
  primaryLabel: string;
  contextObject: string;
  contextLabel: string;
  contextObjectRelationshipName: string;
  formName: string;
  logo: string;
  backgroundColor: string;
  /** Activity-code field name of nextaction (value 'submit'). */
  activityField: string;
}

export interface BuilderForm {
  meta: FormMeta;
  sections: CanvasSection[];
  fields: Readonly<Record<number, CanvasField>>;
  signatures: Array<{ Purpose: string }>;
  files: boolean;
  queries: FormQuery[];
  lookupCache: Record<string, unknown>;
  /**
   * What the documents' queries loaded (their sections and questions), keyed like the queries (the
   * document's record id): drawn read-only in the canvas and the preview, and saved with the form so a
   * checklist has its questions before the form screen's own /api/startingData answers.
   */
  startingData?: Record<string, unknown>;
  /** The root layout's events (afterSave, onInit, onLoad), written to `ui.events`. */
  events?: LayoutEvents;
  /** Keys of the loaded JSON the builder does not model, written back untouched. */
  extra: Record<string, unknown>;
}

/** A palette item (builder spec section 3 "Palette item"). */
export interface PaletteItem {
  id: string;
  label: string;
  value: string;
  isDragged: boolean;
  type: 'FIELD' | 'DOCUMENT';
  isTimeField?: boolean;
  isReferenceField?: boolean;
  contextObject?: boolean;
  /** Field metadata for object fields, the General kind for general items. */
  general?: Exclude<FieldKind, 'object'>;
  field?: ObjectField;
  /** The object the field belongs to (object fields). */
  objectName?: string;
}

/** Object metadata field (builder spec section 3 "Object metadata"). */
export interface ObjectField {
  name: string;
  label: string;
  type: string;
  custom?: boolean;
  autoNumber?: boolean;
  referenceTo?: string[];
  relationshipName?: string | null;
  required?: boolean;
  length?: number | null;
  /** RecordTypeId only: the object's record types the user may choose (by name). */
  recordTypes?: Array<{ id: string; name: string }>;
}
