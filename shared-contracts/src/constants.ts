import { defineTexts } from './texts';

/** Business constants and limits of both specs (end-user section 9, builder section 9). Exact values. */
export const MAX_FILE_SIZE_BYTES = 1e8;
export const WARNING_TOAST_MS = 3000;
export const ERROR_TOAST_MS = 10000;
export const SNACKBAR_MS = 6000;
export const HOME_REFRESH_MS = 2000;
export const SUBMISSION_UPLOADER_INTERVAL_MS = 2000;
export const FILE_UPLOADER_INTERVAL_MS = 4000;
export const FORMS_LISTED = 20;
export const FORM_SEARCH_MIN_LENGTH = 2;
export const TASK_QUERY_LIMIT = 50;
export const LOOKUP_RESULTS_LIMIT = 50;
/** Table cell text must be shorter than this. */
export const TABLE_TEXT_MAX_EXCLUSIVE = 255;
export const NUMBER_STEP = 0.001;
export const SELECT_BUTTONS_MAX_OPTIONS = 4;
export const COMBOBOX_VISIBLE_ITEMS = 5;
export const INDETERMINATE_STEP_PERCENT = 5;
export const INDETERMINATE_STEP_MS = 50;
export const INDETERMINATE_WRAP_PERCENT = 95;
export const DEFAULT_HOME_TAB = 1;
export const HORIZONTAL_LAYOUT_DEFAULT_COLUMNS = 2;
export const CUSTOM_VALIDATION_MAX_DEPTH = 5;
export const API_VERSION_FILE_UPLOAD = 'v60.0';
export const API_VERSION_UI_API = 'v57.0';
export const API_VERSION_PREVIEWS = 'v62.0';
export const DEFAULT_NAMESPACE = 'cqext';
/** The prefix the namespace puts on the package's custom names: `cqext__`, or nothing for an unmanaged deploy (''). */
export const nsPrefix = (namespace: string): string => (namespace ? `${namespace}__` : '');
/** A custom name of the package as the org spells it: `Title__c` → `cqext__Title__c` (or `Title__c` without a namespace). */
export const nsName = (namespace: string, name: string): string => `${nsPrefix(namespace)}${name}`;
export const DEFAULT_ACTION_VALUE = 'submitForm';
export const LOCAL_SUBMISSION_VERSION_START = 1;
export const IMAGE_DB_VERSION = 2;
export const FLOW_LABEL_PREFIX = 'CQ';

/** Home's tab names: the spec's English, through the translation layer here, where they are defined (issue 44). */
export const HOME_TAB_TEXTS = /* @__PURE__ */ defineTexts('homeTabs', {
  assigned: 'Assigned',
  inProgress: 'In Progress',
  submitted: 'Submitted',
  forms: 'Forms',
} as const);

/** A tab whose label is read when shown, so it answers in the language active then. */
const homeTab = <K extends keyof typeof HOME_TAB_TEXTS>(index: number, key: K) => ({
  index,
  key,
  get label(): string {
    return HOME_TAB_TEXTS[key];
  },
});

export const HOME_TABS = [
  homeTab(0, 'assigned'),
  homeTab(1, 'inProgress'),
  homeTab(2, 'submitted'),
  homeTab(3, 'forms'),
] as const;

export const TABLE_COLUMN_LABELS = [
  'Checklist',
  'Parent Record',
  'Target',
  'Due Date',
  'Status',
  'Last Sync',
  'Scheduled For',
  'Subject',
  'Safety Inspection Title',
  'Start Date',
  'End Date',
  'Actions',
  'Offline',
  'Search',
  'Required',
  'Launch',
  'Start',
] as const;

/** Browser storage keys (spec section 3). */
export const STORAGE_KEYS = {
  instanceUrl: 'instanceurl',
  organizationId: 'organizationId',
  userDetails: 'userDetails',
  userDetailsSF: 'userDetailsSF',
  timezoneKey: 'timezoneKey',
  targetOrigin: 'targetOrigin',
} as const;

export const SUBMISSION_STATUS = {
  inProgress: 'in progress',
  submitted: 'submitted',
  scheduled: 'scheduled',
} as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUS)[keyof typeof SUBMISSION_STATUS];

/** Sync statuses, with the product's own spelling of 'file usnyc'. */
export const SYNC_STATUS = {
  inSync: 'in sync',
  outOfSync: 'out of sync',
  inError: 'in error',
  fileUnsynced: 'file usnyc',
  offlineSubmissionSync: 'offline submission sync',
} as const;
export type SyncStatus = (typeof SYNC_STATUS)[keyof typeof SYNC_STATUS];

export const FILE_STATUS = { unsynced: 'Unsynced', synced: 'Synced' } as const;

export const ERROR_TYPES = [
  'generic',
  'fatal',
  'server',
  'custom',
  'session expired',
  'deploy failed',
  'unknown publish error',
  'base class name',
  'component exists',
  'component equals base class',
] as const;
export type ErrorType = (typeof ERROR_TYPES)[number];

export const RULE_OPERATORS = ['Exists', 'IsEmpty', '==', '!=', '>=', '>', '<=', '<'] as const;
export const LOOKUP_FILTER_OPERATORS = [
  'eq',
  'neq',
  'lt',
  'lte',
  'gt',
  'gte',
  'endswith',
  'startswith',
  'contains',
] as const;
export const GUIDE_OPERATORS = ['eq', 'neq'] as const;
export const RULE_TYPES = [
  'hidden',
  'readonly',
  'visible',
  'required',
  'lookupFilter',
  'dynamicSource',
  'transfer',
  'setValues',
  'invoke',
  'formula hyperlink',
  'image',
] as const;
export const SET_VALUE_FUNCTIONS = ['clear', 'addDays', 'setCurrentUser'] as const;
export const ACTION_OVERRIDE_OPTIONS = ['Create', 'Edit', 'None'] as const;

/** Builder constants (builder spec section 9). */
export const BUILDER = {
  autosaveIntervalMs: 10000,
  tableErrorToastMs: 3000,
  duplicateErrorToastMs: 3000,
  explicitSaveRedirectMs: 2000,
  documentErrorToastMs: 10000,
  explicitSaveErrorToastMs: 2000,
  logoMessageMs: 5000,
  textFieldMaxLength: 255,
  labelMax: 40,
  apiNameMax: 48,
  defaultMax: 48,
  defaultTableRows: 3,
  defaultTableColumns: 3,
  defaultColumnWidth: 250,
  minColumnWidth: 50,
  minRows: 2,
  minColumns: 3,
  paletteSearchDelayMs: 300,
  formVersionComparisons: ['1.2.0', '2.0.0'],
  logoMaxBytes: 200 * 1024,
  horizontalRowMax: 2,
  dragIdStep: 100,
  fieldApiPrefix: 'CQ_Form_',
  defaultTemplateDeveloperName: 'cqui',
  lwcListLimitSearch: 50,
  lwcListLimitDefault: 10,
  vfPageLimitSearch: 100,
  vfPageLimitDefault: 10,
  downloadArchiveName: 'src.zip',
} as const;

/** The most records kept per lookup: one BFF answer of `kind=lookupCache` (form-core's lookup-cache). */
export const LOOKUP_CACHE_LIMIT = 200;

/**
 * sObject Collections' limit, and so the most items one batch request (POST /api/submissions/batch)
 * may carry: the uploader's batch size too. A leaf constant, so the offline core reads it without
 * the route table.
 */
export const SUBMISSION_BATCH_MAX_ITEMS = 200;
