/**
 * The layout description (ui schema) the form renderer draws: JSON Forms' element shapes plus the
 * spec's own element types (end-user spec section 3 "UI element types", builder spec section 3) and
 * the builder's run-time rules and layout events (builder spec section 9).
 */
import type { GUIDE_OPERATORS } from './constants';

export const CONTROL_TYPES = [
  'Control',
  'select',
  'lookup',
  'radio',
  'table',
  'time',
  'filecard',
  'fileUpload',
  'genericfileupload',
  'signatureCard',
  'signatures',
  'dependent',
  // A photo list, resized on the device (issue 32; options: photo.ts).
  'photo',
] as const;
export type ControlType = (typeof CONTROL_TYPES)[number];

export const LAYOUT_TYPES = [
  'VerticalLayout',
  'HorizontalLayout',
  'Group',
  'Categorization',
  'Category',
  'ListWithDetail',
  'Section',
  'CQFlexLayout',
] as const;
export type LayoutType = (typeof LAYOUT_TYPES)[number];

/** Elements that draw something without data: label, blank spacer, guide panel, quick links, print. */
export const STATIC_TYPES = ['label', 'Label', 'blank', 'guide', 'quicklinks', 'print'] as const;
export type StaticType = (typeof STATIC_TYPES)[number];

export type RuleOperator = 'Exists' | 'IsEmpty' | '==' | '!=' | '>=' | '>' | '<=' | '<';
export type LookupFilterOperator =
  'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte' | 'endswith' | 'startswith' | 'contains';
export type FormRuleType =
  | 'hidden'
  | 'readonly'
  | 'visible'
  | 'required'
  | 'lookupFilter'
  | 'dynamicSource'
  | 'transfer'
  | 'setValues'
  | 'invoke'
  | 'formula hyperlink'
  | 'image';

/** One condition: `field` is a data path (dot separated, e.g. 'General.Status'). */
export interface RuleCondition {
  field: string;
  operator: RuleOperator;
  value?: unknown;
}

/** A set-value step: clear the target, add days to a date, or set it from the current user. */
export interface SetValueAction {
  field: string;
  fn?: 'clear' | 'addDays' | 'setCurrentUser';
  /** Literal value (or a default-value token such as `$today+1`) when no fn is given. */
  value?: unknown;
  /** addDays: number of days; base date from `from` (a data path) or today. */
  days?: number;
  from?: string;
  /** setCurrentUser: user field, default Name. */
  userField?: string;
}

/** A lookup filter: value is a literal, or `valueFrom` reads it from a data path. */
export interface LookupFilter {
  field: string;
  operator: LookupFilterOperator;
  value?: string | number | boolean;
  valueFrom?: string;
}

/** A lookup filter as sent to the BFF's lookup query: its value already read from the form data. */
export interface ResolvedLookupFilter {
  field: string;
  operator: LookupFilterOperator;
  value: string | number | boolean;
}

/** A run-time rule of the builder (builder spec section 9 "Form builder rule types"). */
export interface FormRule {
  type: FormRuleType;
  /** Conditions; all must hold unless match is 'any'. No conditions: the rule always holds. */
  conditions?: RuleCondition[];
  match?: 'all' | 'any';
  /** setValues */
  values?: SetValueAction[];
  /** transfer: copy `from` to `to` (data paths). */
  transfer?: Array<{ from: string; to: string }>;
  /** lookupFilter */
  filters?: LookupFilter[];
  /** dynamicSource: options taken from a data path holding an array of {const,title} or strings. */
  source?: string;
  /** invoke: the name of a host action (a flow, an LWC...) and its parameters. */
  action?: string;
  params?: Record<string, unknown>;
  /** formula hyperlink / image: a template with {data.path} references; label for links. */
  formula?: string;
  label?: string;
}

/** JSON Forms' own rule shape (kept for compatibility with JSON Forms ui schemas). */
export interface JsonFormsRule {
  effect: 'HIDE' | 'SHOW' | 'ENABLE' | 'DISABLE';
  condition: {
    scope?: string;
    schema?: Record<string, unknown>;
    type?: 'LEAF' | 'OR' | 'AND';
    conditions?: JsonFormsRule['condition'][];
    expectedValue?: unknown;
    failWhenUndefined?: boolean;
  };
}

/** Layout events (builder spec section 9). */
export interface LayoutEvents {
  afterSave?: { redirectTo: string };
  onInit?: Array<{ type: 'invoke'; action: string; params?: Record<string, unknown> }>;
  onLoad?: FormRule[];
}

export interface UISchemaOptions {
  readOnly?: boolean;
  showLabel?: boolean;
  edited?: boolean;
  isReferenceField?: boolean;
  id?: string | number;
  /** HorizontalLayout: items per row (default 2). CQFlexLayout: number of columns. */
  columns?: number;
  /** Table */
  rowsCount?: number;
  columnWidth?: Record<string, number> | number[];
  /** Lookup / select */
  lookupTo?: string;
  /** Lookup: the lookup (data path, or a field beside it) whose chosen record narrows this one's records. */
  dependsOn?: string;
  /** Lookup with dependsOn: the field of this lookup's object that holds the record chosen there. */
  dependsOnField?: string;
  field?: string;
  valueField?: string;
  titleField?: string;
  valueScope?: string;
  labelScope?: string;
  /** Multi-line text */
  multi?: boolean;
  /** Radio rendering for an enum/oneOf control. */
  format?: string;
  /** Guide image panel */
  guides?: GuideOption[];
  /** Quick links bar */
  links?: QuickLinkItem[];
  /** Print button */
  logo?: string;
  header?: string;
  subheader?: string;
  /** ListWithDetail: data path of the item label. */
  labelField?: string;
  /** Section: starts closed. */
  collapsed?: boolean;
  /** Text control: can be filled by scanning a code of these formats with the camera (barcode.ts). */
  scanFormats?: string[];
  [option: string]: unknown;
}

interface BaseElement {
  /** JSON Pointer into the data schema, e.g. '#/properties/General/properties/Name'. */
  scope?: string;
  label?: string | boolean | { text: string; show?: boolean };
  text?: string;
  options?: UISchemaOptions;
  rule?: JsonFormsRule;
  rules?: FormRule[];
  i18n?: string;
}

export interface ControlElement extends BaseElement {
  type: ControlType;
  scope: string;
}

export interface LayoutElement extends BaseElement {
  type: LayoutType;
  /** ListWithDetail: the detail layout of one item (JSON Forms' options.detail is accepted too). */
  elements: UISchemaElement[];
  /** Section */
  sectionId?: string;
  /** Root layout: layout events. */
  events?: LayoutEvents;
}

export interface StaticElement extends BaseElement {
  type: StaticType;
}

export type UISchemaElement = ControlElement | LayoutElement | StaticElement;

export const isLayoutElement = (el: UISchemaElement): el is LayoutElement =>
  (LAYOUT_TYPES as readonly string[]).includes(el.type) || Array.isArray((el as LayoutElement).elements);
export const isControlElement = (el: UISchemaElement): el is ControlElement =>
  typeof (el as ControlElement).scope === 'string' && !isLayoutElement(el);

/** A quick-link item (spec section 3). */
export interface QuickLinkItem {
  Id: string;
  Name: string;
  Total: number;
  Done: number;
}

/** A guide option of the guide image panel (spec section 3). */
export interface GuideOption {
  field: string;
  operator: (typeof GUIDE_OPERATORS)[number];
  value: unknown;
  imageURL?: string;
  text?: string;
}
