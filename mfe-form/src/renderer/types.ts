import type { ComponentType } from 'react';
import type { FormFileItem, FormJsonSchema, UISchemaElement } from 'shared-contracts';
import type { LookupRequest } from './core/options';
import type { FieldError } from './core/store';

/** What every renderer receives. Controls resolve `uischema.scope` against `schema` under `path`. */
export interface RendererProps {
  uischema: UISchemaElement;
  /** The schema the element's scope is resolved against (the root, or an array item schema). */
  schema: FormJsonSchema;
  /** The data path that schema describes ('' at the root, 'Persons.2' inside a list item). */
  path: string;
  /** False inside a read-only or disabled parent. */
  enabled: boolean;
}

export interface TesterContext {
  rootSchema: FormJsonSchema;
}

/** A tester ranks how well a renderer fits an element: -1 = not at all, higher wins. */
export type Tester = (uischema: UISchemaElement, schema: FormJsonSchema, ctx: TesterContext) => number;

export interface RendererEntry {
  tester: Tester;
  renderer: ComponentType<RendererProps>;
  /** Name, for tests and debugging. */
  name: string;
}

/** A record returned by the host's record search: at least the value and title fields. */
export type LookupRecord = Record<string, unknown>;

/** A record search's answer with a line for the user (say, searched offline on the device's copy). */
export interface LookupAnswer {
  records: LookupRecord[];
  note?: string;
}

/**
 * Host services, injected as plain functions: the renderer has no network code of its own. Every
 * member is optional; a control whose service is missing still renders, read-only where it must.
 */
export interface FormRendererServices {
  /** Lookup autocomplete: records by name (limit 50, filters resolved); `createLookupSearch(api)` is the BFF one. */
  searchRecords?: (request: LookupRequest) => Promise<LookupRecord[] | LookupAnswer>;
  /** Upload one file; report 0-100 progress; resolve with the ContentDocumentId. Reject with
   * Error('Network Error') for a network failure (indeterminate bar), any other error = 'Upload failed'. */
  uploadFile?: (
    file: File,
    ctx: { path: string; localId: string; onProgress: (percent: number) => void },
  ) => Promise<{ ContentDocumentId: string }>;
  /** Whether a stored file still has an upload record (a local copy to retry from). */
  hasUploadRecord?: (item: FormFileItem) => boolean;
  /**
   * Why the file's last upload was refused, in the user's language (the org's or the BFF's words, as
   * the outbox shows them), shown under 'Upload failed'; undefined when not known.
   */
  uploadFailureReason?: (item: FormFileItem) => string | undefined;
  /** Retry a stored upload of a file item. */
  retryUpload?: (
    item: FormFileItem,
    ctx: { path: string; onProgress: (percent: number) => void },
  ) => Promise<{ ContentDocumentId: string }>;
  /** A displayable URL (object URL or data URL) for an image file item. */
  getFilePreview?: (item: FormFileItem) => Promise<string | undefined>;
  /** The preview `getFilePreview` gave is off screen: its object URL (and the bytes behind it) can go. */
  releaseFilePreview?: (url: string) => void;
  /** A displayable URL for a guide image. */
  getGuideImage?: (url: string) => Promise<string | undefined>;
  /** The signed-in user's record ($currentuser tokens, setCurrentUser). Name is the full name. */
  currentUser?: Record<string, unknown> & { Name?: string };
  /** Context record(s) for $context references. */
  context?: Record<string, unknown>;
  /** The form name for $documentname. */
  documentName?: string;
  /** Run an `invoke` rule or onInit event (a flow, an action...). */
  invoke?: (action: string, params: Record<string, unknown> | undefined, data: unknown) => void;
  /** afterSave redirectTo, quick-link navigation. */
  navigate?: (to: string) => void;
  /** Print (default window.print). */
  print?: () => void;
  /** Clock for $today (tests). */
  now?: () => Date;
  /** The user's time zone (TimeZoneSidKey): date-time fields are shown and typed in it; default the device's. */
  timeZone?: string;
}

/** Mode flags from the route and query (spec section 2). */
export interface FormRendererModes {
  /** launchFromSF / CQEditFormSF canvas mode. */
  canvas?: boolean;
  /** CQEditFormSF: section headers hidden. */
  editForm?: boolean;
  /** A path with selected-submission: file, signature and list controls read-only. */
  selectedSubmission?: boolean;
  /** Force the mobile (true) or desktop (false) layout; default follows the viewport (< 48em). */
  mobile?: boolean;
}

export type { FieldError };
