/**
 * The BFF's routes as types: per operation id of `API_ROUTES` (./routes), what a call sends (path
 * `params`, `query`, JSON `body`) and what it answers (the success envelope's `data`, or a Blob).
 * `host.api.call(id, request)` is typed by this map, so no remote declares its own answer type for a
 * BFF route. route-types.test.ts checks each entry against the route table's JSON Schemas.
 * Routes a page navigates to (sign-in, canvas) or that take multipart are not called this way.
 */
import type {
  CorrectiveActionTask,
  CompleteCorrectiveActionBody,
  SearchQueryKind,
  SubmissionBatchWireResult,
} from './routes';
import type { PublishResult } from '../publish';
import type { UserDetails, UserDetailsSF } from '../user-details';
import type { DevicePolicy } from './device-policy';

/** A record as the org answers it: its Id and whatever fields were asked for. */
export type OrgRecord = { Id: string } & Record<string, unknown>;

/** The user context of a session (authUser, storeToken, userContext, the session's main org). */
export interface UserContextAnswer {
  url: string;
  /** The session handle (opaque; never a Salesforce token). */
  token: string;
  organizationId: string;
  userDetails: unknown;
}

/** GET /api/auth/session: null when signed out. */
export type AuthSessionAnswer = {
  main: UserContextAnswer;
  otherOrg: { url: string; organizationId: string; username: string } | null;
  embedded: boolean;
} | null;

/** A form of GET /api/forms and /api/search. */
export interface FormListItem {
  Id: string;
  Name: string;
  Title__c?: string | null;
  LastModifiedDate: string;
  Supports_Offline__c?: boolean;
}

/** GET /api/schema and /api/formDefinition: the record's fields plus the parsed definition. */
export type FormDefinitionAnswer = { Id: string; Name: string; formDef: Record<string, unknown> } & Record<
  string,
  unknown
>;

/** A submission record of the pending, scheduled and sync reads. */
export type SubmissionRecord = {
  Id: string;
  Name: string;
  Uniqueness_Constraint__c?: string | null;
  Form_Definition__c?: string | null;
  Scheduled_Date__c?: string | null;
  SQX_Controlled_Document__c?: string | null;
  Main_Record_Id__c?: string | null;
  Version__c?: number | null;
  Status__c?: string | null;
  CreatedDate: string;
  LastModifiedDate: string;
} & Record<string, unknown>;

/** GET /api/searchQuery/: a named query, never SOQL. */
export type SearchQueryParams = {
  kind: SearchQueryKind;
  object?: string;
  name?: string;
  id?: string;
  fields?: string;
  criteriaType?: string;
  ids?: string;
  searchField?: string;
  filters?: string;
};
export interface SearchQueryAnswer {
  totalSize: number;
  done: boolean;
  records: OrgRecord[];
}

/** What POST /api/data, /api/savesubmission answer. */
export interface SubmissionWriteAnswer {
  url: string | null;
  errors: Record<string, unknown>[];
  id: string;
  created: boolean;
  version: number;
  uniquenessConstraint: string;
}

/** A local submission as sent (token and url fields removed); see SUBMISSION_BODY_SCHEMA. */
export type SubmissionBody = { id: string; data: Record<string, unknown> } & Record<string, unknown>;

/** GET /api/report/:recordId. */
export interface ReportStatusAnswer {
  status: 'none' | 'pending' | 'ready' | 'failed';
  version?: number;
  attempts?: number;
  error?: string;
  contentDocumentId?: string;
  contentVersionId?: string;
}

/** An object the org offers (GET /api/objects, POST /api/sf/object). */
export interface OrgObjectInfo {
  name: string;
  label: string;
  custom?: boolean;
  customSetting?: boolean;
}

/** A field of POST /api/sf/getObjectFields. */
export interface OrgField {
  name: string;
  label: string;
  type: string;
  custom?: boolean;
  autoNumber?: boolean;
  referenceTo?: string[];
  relationshipName?: string | null;
  required?: boolean;
  /** False for a field the org computes or sets itself (formula, roll-up, audit). */
  updateable?: boolean;
  length?: number | null;
  /** RecordTypeId only: the object's record types the user may choose (by name). */
  recordTypes?: Array<{ id: string; name: string }>;
}
/** A lookup of the object to a parent (getObjectFields with hasParent). */
export interface ParentLookup {
  field: string;
  label: string;
  relationshipName: string;
  referenceTo: string[];
}
export interface ObjectFieldsAnswer {
  name: string;
  label: string;
  fields: OrgField[];
  parents: ParentLookup[];
}

/** GET /api/getSavedFormBuilderJSON. */
export interface SavedFormAnswer {
  /** Base64 builder JSON, empty when none. */
  formJSON: string;
  selectedSICDocIds: string[];
  objectType: string | null;
  /** The form record's Name and Title (the builder's header). */
  name?: string | null;
  title?: string | null;
}

/** A named org component (LWC, VF page, flow, Apex class) of the publisher's pickers. */
export interface NamedRecord {
  Id?: string;
  Name?: string;
  DeveloperName?: string;
  MasterLabel?: string;
  ApiName?: string;
  Label?: string;
}

/** POST /api/sf/getDefaultBaseClassJSON. */
export type BaseClassInfo = {
  name: string;
  apiVersion: string;
  description: string;
  inOrg: boolean;
} & Record<string, unknown>;

/** A template of GET /api/templates/getTemplates/:x. */
export interface TemplateInfo {
  name: string;
  label: string;
  category: string;
  description: string;
  generates: string[];
  targets: string[];
}

/** The body of publish, publishDiffOrg and download. */
export interface PublishBody {
  payload: Record<string, unknown>;
  template?: string;
  instanceUrl?: string;
  componentName?: string;
  label?: string;
  overwrite?: boolean;
}

/** GET /api/orgApiUsage: null before any reading. */
export type OrgApiUsageAnswer = {
  level: 'normal' | 'high' | 'spent';
  percent: number;
  used: number;
  max: number;
  at: string;
} | null;

type InstanceUrl = { instanceUrl: string };
type RecordIdQuery = { recordId: string };
type FormSubmissionQuery = { formSubmissionIdentifier: string };
type TemplateParams = { a: string; template: string };

/** Per operation id: `params` (path), `query`, `body` when the route takes them, and `answer`. */
export interface Routes {
  version: { answer: { version: string; contractVersion: string } };
  getEnv: {
    answer: {
      clientId: string | null;
      loginEnabled: boolean;
      loginOptions: string[];
      loginStartPath: string;
      namespace: string;
      remotes: unknown;
      csrfHeader: string;
      csrfHeaderValue: string;
      embedded: boolean;
    };
  };
  authSession: { answer: AuthSessionAnswer };
  authUser: { body: { accessToken?: string }; answer: UserContextAnswer };
  getToken: { answer: string | null };
  storeToken: { body: { token: string }; answer: UserContextAnswer };
  deleteToken: { answer: { deleted: boolean } };
  accessTokenStatus: { body?: Record<string, never>; answer: { active: boolean; expiresAt?: number } };
  updateTokenTime: { answer: { expiresAt: number } };
  sfLogout: { body?: { loginUrl?: string; userId?: string }; answer: { loggedOut: boolean } };
  userContext: { answer: UserContextAnswer };
  checkUserDetails: { answer: { authorized: boolean; organizationId: string; userId: string } };
  canvasContext: {
    answer: {
      instanceId: string;
      targetOrigin: string;
      instanceUrl: string;
      allowedOrigins: string[];
      recordUrl?: string;
    };
  };
  forms: { answer: FormListItem[] };
  search: { query: { search: string }; answer: FormListItem[] };
  schema: { query: RecordIdQuery; answer: FormDefinitionAnswer };
  formDefinition: { query: RecordIdQuery; answer: FormDefinitionAnswer };
  userDetails: { query?: { userId?: string }; answer: [UserDetails, UserDetailsSF] };
  searchQuery: { query: SearchQueryParams; answer: SearchQueryAnswer };
  pendingSubmissions: { answer: SubmissionRecord[] };
  pendingSubmissionByForm: { query: { formId: string }; answer: SubmissionRecord[] };
  syncPendingSubmissions: { query: RecordIdQuery; answer: SubmissionRecord };
  scheduledSubmissions: { answer: SubmissionRecord[] };
  checkFormStatus: { query: { recordIds: string }; answer: string[] };
  selectedObjectFields: {
    query: { selectedObject: string };
    answer: { name: string; label: string; fields: Record<string, unknown>[] };
  };
  startingData: {
    query: RecordIdQuery;
    body: { query?: unknown[]; lookupCacheString?: string };
    answer: { startingData: Record<string, unknown>; lookupCacheData: Record<string, unknown> };
  };
  submitData: {
    query: {
      recordId: string;
      submissionStatus: string;
      submissionId: string;
      version: string;
      formSubmissionId?: string | null;
      networkId?: string;
    };
    body: SubmissionBody;
    answer: SubmissionWriteAnswer;
  };
  saveSubmission: {
    query: FormSubmissionQuery & { networkId?: string };
    body: SubmissionBody;
    answer: SubmissionWriteAnswer;
  };
  discardSubmission: { query: FormSubmissionQuery; answer: { deleted: boolean } };
  submissionJson: {
    query: FormSubmissionQuery;
    body: { json: Record<string, unknown> };
    answer: { id: string; created: boolean };
  };
  submitBatch: {
    query?: { networkId?: string };
    body: { items: SubmissionBody[] };
    answer: SubmissionBatchWireResult[];
  };
  content: { params: { fileName: string }; answer: unknown };
  fetchUrl: {
    query?: { originUrl?: string };
    body: { accessToken?: string; contentDocumentId: string };
    answer: Blob;
  };
  reportStatus: { params: { recordId: string }; answer: ReportStatusAnswer };
  vaultEscrowKey: { answer: { owner: string; key: string } };
  vaultPolicy: { answer: DevicePolicy };
  reportPdf: { params: { recordId: string }; answer: Blob };
  correctiveActions: { answer: CorrectiveActionTask[] };
  completeCorrectiveAction: {
    params: { taskId: string };
    body: CompleteCorrectiveActionBody;
    answer: { id: string; status: string; linked: number };
  };
  userPhoto: { query?: { size?: 'small' | 'full' }; answer: Blob };
  filePreview: { params: { contentDocumentId: string }; answer: Blob };
  imageGuide: {
    body: { Id: string; ImageUrl: string };
    answer: { Id: string; ImageUrl: string; encodedImage: string };
  };
  objects: { answer: OrgObjectInfo[] };
  objectInfo: {
    body: {
      objectType: string;
      fields?: string[];
      child?: { objectType: string; relationshipName: string; fields?: string[] }[];
      context?: { objectType: string; relationshipName?: string; fields?: string[] } | null;
    };
    answer: {
      properties: Record<string, unknown>;
      definitions: Record<string, unknown>;
      ui: Record<string, unknown>;
    };
  };
  checkFieldAvailability: { body: { objectName: string; fields: string[] }; answer: { missing: string[] } };
  formBuilderAccess: { answer: { allowed: boolean; reason: string | null } };
  orgApiUsage: { answer: OrgApiUsageAnswer };
  getSavedFormBuilderJSON: { query: RecordIdQuery; answer: SavedFormAnswer };
  saveFormBuilderJSON: {
    query: RecordIdQuery;
    body: { formJSON: string; sectionIds?: string };
    answer: string;
  };
  autosaveFormBuilderJSON: { query: RecordIdQuery; body: { formJSON: string }; answer: string };
  sfOrgInfo: { body: InstanceUrl; answer: Record<string, unknown> };
  sfUserInfo: { body: InstanceUrl; answer: Record<string, unknown> };
  sfGetPicklistValues: {
    body: { objectName: string; fieldName: string; instanceUrl?: string };
    answer: { controllerName: string | null; values: Record<string, unknown>[] };
  };
  sfObject: { body: InstanceUrl; answer: OrgObjectInfo[] };
  sfLayouts: { body: InstanceUrl & { objectName: string }; answer: { id: string | null; name: string }[] };
  sfLayout: {
    body: InstanceUrl & { layoutName?: string; objName: string; TableEnumOrId?: string };
    answer: Record<string, unknown>;
  };
  sfGetObjectFields: {
    body: InstanceUrl & { objectName: string; hasParent?: boolean; includeNonUpdateable?: boolean };
    answer: ObjectFieldsAnswer;
  };
  sfGetComponent: { body: InstanceUrl & { interfaceName: string }; answer: NamedRecord[] };
  sfGetAutoLaunchedFlow: { body: InstanceUrl & { labelPrefix?: string }; answer: NamedRecord[] };
  sfGetDefaultBaseClassJSON: { body: InstanceUrl; answer: BaseClassInfo };
  sfRetrievePackage: { body: InstanceUrl & { developerName?: string }; answer: Record<string, unknown> };
  sfGetLWCList: { body: InstanceUrl & { developerName?: string; limit?: number }; answer: NamedRecord[] };
  sfGetVFPages: { body: InstanceUrl & { name?: string; limit?: number }; answer: NamedRecord[] };
  getTemplates: { params: { x: string }; answer: TemplateInfo[] };
  publish: { params: TemplateParams; body: PublishBody; answer: PublishResult };
  publishDiffOrg: { params: TemplateParams & { x: string }; body: PublishBody; answer: PublishResult };
  download: { params: TemplateParams; body: PublishBody; answer: Blob };
}

export type RouteId = keyof Routes;
/** What a call of route `K` sends: its path `params`, `query` and `body`, as the route takes them. */
export type RouteRequest<K extends RouteId> = Omit<Routes[K], 'answer'>;
/** What a call of route `K` answers. */
export type RouteAnswer<K extends RouteId> = Routes[K]['answer'];
/** The request is optional when the route needs nothing. */
export type RouteArgs<K extends RouteId> =
  object extends RouteRequest<K> ? [request?: RouteRequest<K>] : [request: RouteRequest<K>];
/** `host.api.call`: one BFF route by operation id, typed by `Routes`. */
export type RouteCall = <K extends RouteId>(id: K, ...request: RouteArgs<K>) => Promise<RouteAnswer<K>>;
