/**
 * The data-schema subset the form renderer understands (JSON Schema draft-07 plus the spec's extra
 * keywords, end-user spec section 3 "Schema field properties") and the form definition of the same
 * section. The extra keywords are annotations: they never change Ajv's verdict.
 */
import { MESSAGES } from './messages';
import type { UISchemaElement } from './ui-schema';

/** A select option (spec section 3 "Select option"). `color` is two colours joined by a dash. */
export interface OneOfOption {
  const: string | number | boolean;
  title?: string;
  color?: string;
  backgroundColor?: string;
  textColor?: string;
  /** Salesforce dependent picklist bitmap: base64, bit i (MSB first) = controller option index i. */
  validFor?: string;
}

/** Where a lookup control finds records (spec: "Reference becomes string with a lookupTo object"). */
export interface LookupTo {
  object: string;
  /** Field searched by name prefix and shown; default Name. */
  titleField?: string;
  /** Field stored as the `_Id` companion; default Id. */
  valueField?: string;
  fields?: string[];
}

export type JsonSchemaType = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null';

export interface FormJsonSchema {
  $schema?: string;
  $id?: string;
  $ref?: string;
  title?: string;
  description?: string;
  type?: JsonSchemaType | JsonSchemaType[];
  format?: string;
  pattern?: string;
  /** Message shown (3 s warning toast) when `pattern` fails; also used in the error listing. */
  errorMessage?: string;
  /** Builder validation preset, e.g. 'Numeric Only', 'none'. 'Numeric Only' columns parse as numbers. */
  regexRuleName?: string;
  /** Column order of table columns (not a schema id: stripped before Ajv sees the schema). */
  id?: number | string;
  oneOf?: FormJsonSchema[] | OneOfOption[];
  anyOf?: FormJsonSchema[];
  allOf?: FormJsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  /** Name of the controlling field of a dependent picklist (data path, dot separated). */
  dependent?: string;
  /** Name of the dependent (child) field this field controls. */
  child?: string;
  /** Dependent picklist map: controlling value -> allowed option values. */
  validFor?: Record<string, Array<string | number>>;
  preventAddition?: boolean;
  preventDeletion?: boolean;
  lookupTo?: LookupTo;
  properties?: Record<string, FormJsonSchema>;
  required?: string[];
  items?: FormJsonSchema | FormJsonSchema[];
  additionalProperties?: boolean | FormJsonSchema;
  definitions?: Record<string, FormJsonSchema>;
  $defs?: Record<string, FormJsonSchema>;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  readOnly?: boolean;
  [keyword: string]: unknown;
}

/** A lookup/query entry of a form definition (spec sections 3 of both documents). */
export interface FormQuery {
  mappingData?: Record<string, string>;
  relationships?: unknown;
  filter?: { field: string; operator: string; value: string };
  fields?: string[];
  objectType?: string;
  sectionId?: string;
  key?: string;
  type?: string;
}

export interface FormStyles {
  header?: { logo?: string; backgroundColor?: string; title?: string; subtitle?: string };
}

/** The form definition (end-user spec section 3 "Form definition"). */
export interface FormDefinition {
  /** Always has a 'General' section. */
  schema: FormJsonSchema;
  ui: UISchemaElement;
  data?: Record<string, unknown>;
  styles?: FormStyles;
  cqFormType?: string;
  cqFormObjectSchema?: Record<string, unknown>;
  version?: string;
  signatures?: Array<{ Purpose: string }>;
  Files?: unknown;
  startingData?: Record<string, unknown>;
  /**
   * Not in the spec: the starting data of each record the form may be launched for on this device
   * (kept by "Download for offline"; `$recordId` was that record), by record Id.
   */
  startingDataByRecord?: Record<string, Record<string, unknown>>;
  lookupCacheData?: Record<string, unknown>;
  queries?: FormQuery[];
  formBuilderData?: unknown;
  nextaction?: Record<string, string>;
  contextObject?: string;
  contextObjectRelationshipName?: string;
  formName?: string;
  readOnly?: string[];
  /** Issue 43: points, failing answers, section weights, pass mark (form-validation/scoring.ts). */
  scoring?: ScoringConfig;
  /** Issue 44: the form's default and declared languages. */
  languages?: FormLanguages;
  /** Issue 44: the form's texts per declared language. */
  translations?: FormTranslations;
}

/** A signature value (spec section 3). */
export interface SignatureValue {
  SignatureBase64: string;
  Purpose: string;
}

/** A file item inside form data (spec section 3 "File item in a form"). */
export interface FormFileItem {
  ContentDocumentId: string;
  LocalId: string;
  Name: string;
  error?: string;
  submissionId?: string;
  progress?: number;
  originUrl?: string;
  accessToken?: string;
  /** Photo fields: bytes queued (after the resize) and bytes of the picture as taken. */
  Size?: number;
  OriginalSize?: number;
  /** Photo fields: the picture as taken, kept beside its resized copy when the field asks. */
  Original?: boolean;
}

/** A form's display title (end-user spec, form card): its name, then " - " and its title when it has one. */
export function formTitle(form: { Name: string; Title__c?: string | null }): string {
  const title = form.Title__c?.trim();
  return title ? `${form.Name} - ${title}` : form.Name;
}

/** A form definition the renderer can show: an object with a data schema. */
export function isFormDefinition(v: unknown): v is FormDefinition {
  return typeof v === 'object' && v !== null && typeof (v as { schema?: unknown }).schema === 'object';
}

/**
 * Why a definition the org gave cannot be filled in, or undefined when it can (spec section 8, "Schema
 * problem": an invalid form definition returned as a string shows error text). A string is shown as
 * it came (cut to 300 characters); anything else that is not a definition is 'Schema error in server'.
 * Home, the launcher and the form screen all ask this, so none makes or opens a record without a form.
 */
export function definitionProblem(v: unknown): string | undefined {
  if (isFormDefinition(v)) return undefined;
  if (typeof v === 'string' && v.trim() !== '') return v.trim().slice(0, 300);
  return MESSAGES.schemaError;
}

// The saved JSON's `scoring` block (issue 43); what the numbers mean: form-validation/scoring.ts.
export interface OptionScoring {
  points?: number;
  failing?: boolean;
  /** "Not applicable": the question counts in neither the score nor the maximum. */
  notApplicable?: boolean;
}

export interface FieldScoring {
  /** false: not scored at all (e.g. a Yes/No question that is no check). */
  scored?: boolean;
  /** By the option's value (String(const)). */
  options?: Record<string, OptionScoring>;
}

export interface ScoringConfig {
  /** Pass mark in percent (0-100); absent: no pass/fail. */
  passMark?: number;
  /** What a failing answer needs before the form can be submitted. */
  failingRequires?: { note?: boolean; photo?: boolean };
  /** Section weights by sectionId (default 1). */
  sections?: Record<string, { weight?: number }>;
  /** Per question, by data path. */
  fields?: Record<string, FieldScoring>;
  correctiveActions?: CorrectiveActionSettings;
}

/** Issue 43: what a failed item proposes (ScoringConfig.correctiveActions). */
export interface CorrectiveActionSettings {
  enabled: boolean;
  /** Default owner: the inspector (submitter), the main record's owner, a chosen user or a queue. */
  assignee: 'inspector' | 'recordOwner' | 'user' | 'queue';
  userId?: string;
  userName?: string;
  /** The queue (a Group of Type Queue that takes Tasks) when `assignee` is 'queue': its members see the task. */
  queueId?: string;
  queueName?: string;
  /** Due this many days after the submit (default 7). */
  dueDays?: number;
  priority?: 'High' | 'Normal' | 'Low';
}

/** One proposed action, in the submission's data under data.CorrectiveActions[<question's data path>]. */
export interface CorrectiveAction {
  title: string;
  /** A User Id; absent: the form's default rule, resolved by the org side at submit. */
  assigneeId?: string;
  assigneeName?: string;
  /** YYYY-MM-DD; absent: submit date + dueDays. */
  dueDate?: string;
  priority?: 'High' | 'Normal' | 'Low';
  note?: string;
  /** Dismissed with a reason: no task. */
  dismissed?: { reason: string };
}

/**
 * Issue 44: the languages of a form's own texts (form-core `translations.ts`). Absent: the form is
 * in English only. `version` is the shape's version (1).
 */
export interface FormLanguages {
  version?: number;
  /** The language the definition's own texts are written in (default 'en'). */
  default?: string;
  /** The languages the form is translated into (Salesforce language keys: es, pt_BR, ar…). */
  declared?: string[];
}

/** Issue 44: per language, a text per stable key (form-core `translatableTexts` lists the keys). */
export type FormTranslations = Record<string, Record<string, string>>;
