/**
 * The builder's working model: a normalized form (sections hold ids, fields live in one map) so an
 * edit replaces only the objects it touches and memoized components keep the rest. `writer.ts`
 * turns it into the saved form JSON (builder spec section 3); `reader.ts` reads it back.
 */
import type {
  FormJsonSchema,
  FormLanguages,
  FormQuery,
  FormTranslations,
  FormRule,
  LayoutEvents,
  OrgField,
  UISchemaOptions,
} from 'shared-contracts';

/** What a canvas item is; object fields come from the org, the rest from the General panel. */
export type FieldKind =
  | 'dropdown'
  | 'text'
  | 'date'
  | 'yesno'
  | 'blank'
  | 'table'
  | 'object'
  | 'photo'
  | 'location'
  | 'scan'
  /** A layout element the builder does not model (static text, CQFlexLayout, a nested Category…): kept as it is. */
  | 'kept';

/** A layout element as read from the saved JSON. */
export type SourceElement = Readonly<Record<string, unknown>>;

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
  /**
   * The layout element it was read from: a kept element is written back exactly as it is; for the
   * others, the keys the builder does not edit are written back untouched (undefined: made in the builder).
   */
  source?: SourceElement;
  /**
   * The row it was read from: the HorizontalLayout's own keys (its elements left out), or null when it
   * stood alone in its section (written back alone while it is alone in its row). Undefined: made in the builder.
   */
  row?: SourceElement | null;
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
  /** How the saved JSON held it (undefined: made in the builder). */
  source?: SectionSource;
}

/** A saved section's own keys, so what the builder does not edit is written back as it was. */
export interface SectionSource {
  /** The Section element without its elements. */
  section: SourceElement;
  /** The title it was read with (a Category wrapper labelled with it follows a rename). */
  title: string;
  /** The VerticalLayout its content sat in (without elements), or null when the content sat directly in the Section. */
  inner: SourceElement | null;
  /** Wrappers around it at the top of the layout (a Category of a Categorization), outermost first. */
  wrappers: SourceElement[];
}

/** Where a layout element the form models as a whole (signatures, Files) sat in the saved layout. */
export interface Placement {
  element: SourceElement;
  /** The section it sat in (its position there: `at`), or undefined at the top of the layout. */
  sectionId?: string;
  at: number;
}

/** A top-level layout element outside any section, kept as it is (2.0.0 forms). */
export interface OutsideElement {
  /** Stable key for the canvas. */
  key: string;
  element: SourceElement;
  /** What followed it: a section id, '#signatures', '#files', or '' (the end of the layout). */
  before: string;
}

/** The saved JSON a form was read from, and what of it the builder keeps. */
export interface FormSource {
  /** The JSON as read (after version conversion); never changed. */
  json: Readonly<Record<string, unknown>>;
  /** 'objectKey/key' of every schema property the canvas fields claimed when read (the others are kept). */
  owned: ReadonlySet<string>;
  /** The definitions the canvas tables claimed when read. */
  ownedDefinitions: ReadonlySet<string>;
  signatures?: Placement;
  files?: Placement;
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
  /** Issue 44: the form's default and declared languages (`model/translations.ts`). */
  languages?: FormLanguages;
  /** Issue 44: per language, the translated texts by key (form-core `translatableTexts`). */
  translations?: FormTranslations;
  /** Top-level layout elements outside any section, kept as they are (shown as locked blocks). */
  outside?: OutsideElement[];
  /** The saved JSON it was read from (undefined: a form started in the builder). */
  source?: FormSource;
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

/** Object metadata field (builder spec section 3 "Object metadata"): as POST /api/sf/getObjectFields answers it. */
export type ObjectField = OrgField;
