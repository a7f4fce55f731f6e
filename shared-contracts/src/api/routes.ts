import {
  API_NAME_LIST_PATTERN,
  CONTENT_FILE_NAME_PATTERN,
  DEVELOPER_NAME_PATTERN,
  FORM_SUBMISSION_IDENTIFIER_PATTERN,
  SUBMISSION_ID_PATTERN,
  anyValue,
  apiName,
  arrayOf,
  freeObject,
  httpUrl,
  intString,
  nullable,
  obj,
  pattern,
  record,
  sfId,
  str,
  type JsonSchema,
} from './schemas';
import { LOOKUP_CACHE_LIMIT, SUBMISSION_BATCH_MAX_ITEMS } from '../constants';

// Moved to ./http (front ends import them without the route table); re-exported here for existing importers.
export {
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  API_CREDENTIALS,
  SESSION_COOKIE,
  EMBEDDED_SESSION_COOKIE,
  LOGIN_START_PATH,
  LOGIN_TARGETS,
  AUTH_CALLBACK_PATHS,
  AUTH_RESULT_PARAM,
  CANVAS_PATH,
  CANVAS_LAUNCH_PATH,
  type LoginTarget,
} from './http';

export type HttpMethod = 'GET' | 'POST' | 'PUT';

export interface ApiRoute {
  /** Operation name, unique. */
  id: string;
  method: HttpMethod;
  /** @koa/router path (`:name` parameters). */
  path: string;
  summary: string;
  /** 'session': needs a signed-in main session; 'none': public; 'optional': answers either way. */
  auth: 'session' | 'none' | 'optional';
  /** Requires the CSRF header and a same-origin Origin (every POST/PUT, and GETs that change state). */
  stateChanging: boolean;
  query?: JsonSchema;
  params?: JsonSchema;
  /** JSON body schema, or 'multipart' (file upload) / 'form' (canvas signed request). */
  body?: JsonSchema | 'multipart' | 'form';
  /** Schema of `data` in the success envelope, or the kind of a non-enveloped answer. */
  response: JsonSchema | 'blob' | 'redirect';
  /** Body limit in bytes (JSON default 1 MB). */
  bodyLimit?: number;
  /** Which spec row or design decision the route comes from. */
  source: 'end-user 7' | 'builder 7' | 'service layer' | 'sign-in' | 'canvas' | 'foundation';
}

const instanceUrlBody = (extra: Record<string, JsonSchema> = {}, required: string[] = []) =>
  obj({ instanceUrl: httpUrl(), ...extra }, ['instanceUrl', ...required]);

const userContext = obj({
  url: str(2048),
  token: str(256),
  organizationId: str(18),
  userDetails: anyValue(),
});

/** A local submission (end-user spec section 3), as the browser sends it with token and url fields removed. */
export const SUBMISSION_BODY_SCHEMA = obj(
  {
    id: pattern(SUBMISSION_ID_PATTERN, 64),
    data: freeObject(),
    originalData: nullable(freeObject()),
    syncStatus: str(40),
    status: str(40),
    isUploading: { type: 'boolean' },
    formName: str(255),
    formId: sfId(),
    formDef: nullable(freeObject()),
    createdOn: str(40),
    syncedOn: nullable(str(40)),
    submittedOn: nullable(str(40)),
    version: { type: 'integer', minimum: 0, maximum: 1e9 },
    error: anyValue(),
    errors: anyValue(),
    instanceUrl: str(2048),
    organizationId: str(18),
    isSalesforceRecord: { type: 'boolean' },
    networkId: sfId(),
    scheduledDate: nullable(str(40)),
    controlledDocumentId: nullable(sfId()),
    /** The starting data the form was filled with (a checklist's questions): the submit check, score and report read it. */
    startingData: nullable(freeObject()),
    mainRecordId: nullable(sfId()),
    mainRecordObject: nullable(apiName()),
    /** The language the form was filled in (a LanguageLocaleKey, issue 44): its report reads in it. */
    language: nullable(pattern('^[A-Za-z]{2,3}([_-][A-Za-z0-9]{2,8}){0,2}$', 20)),
  },
  ['id', 'data'],
);

/** One item of POST /api/submissions/batch: a local submission with what the upsert needs. */
export const SUBMISSION_BATCH_ITEM_SCHEMA: JsonSchema = {
  ...SUBMISSION_BODY_SCHEMA,
  required: ['id', 'formId', 'status', 'version', 'data'],
};

/** One open corrective action of GET /api/correctiveActions (issue 43). */
export interface CorrectiveActionTask {
  taskId: string;
  subject: string;
  /** The inspection (main) record, or the submission when there was none; its name as the user may read it. */
  whatId: string | null;
  whatName: string | null;
  question: string;
  answer: string;
  note: string;
  /** The submission's name (FS-00001). */
  submission: string;
  /** YYYY-MM-DD or null. */
  dueDate: string | null;
  priority: string;
  status: string;
  /** The failed answer's photos the org linked to the task (ContentDocument id and title). */
  photos?: { id: string; title: string }[];
  /** 'queue' when a queue the user is a member of owns the task, with its name. */
  queueName?: string | null;
}

/** POST /api/correctiveActions/:taskId/complete. */
export interface CompleteCorrectiveActionBody {
  /** What was done (1–4000 characters). */
  done: string;
  /** Photos uploaded first with POST /api/files. */
  contentDocumentIds?: string[];
}

/**
 * One answer per item of POST /api/submissions/batch, in the items' order: the same fields as the
 * single write on success; on failure the envelope's fields (status, errorCode, messages, details) for
 * that item alone.
 */
export type SubmissionBatchWireResult =
  | {
      uniquenessKey: string;
      ok: true;
      id: string;
      /** null: the org's validation refused the submit; `errors` says why ({errorPath, message}). */
      url: string | null;
      created: boolean;
      version: number;
      errors?: unknown[];
    }
  | {
      uniquenessKey: string;
      ok: false;
      status: number;
      errorCode: string;
      messages: string[];
      details?: unknown;
    };

export const SUBMISSION_WRITE_RESULT = obj({
  /** null when the org's validation refused a submit; then `errors` ({errorPath, message}) says why. */
  url: nullable(str(2048)),
  errors: arrayOf(freeObject(), 200),
  id: str(18),
  created: { type: 'boolean' },
  version: { type: 'integer' },
  uniquenessConstraint: str(255),
});

/** Query kinds of GET /api/searchQuery/ (end-user spec section 7): never raw SOQL. */
export const SEARCH_QUERY_KINDS = [
  'assignedTasks',
  'lookup',
  'lookupCache',
  'recordById',
  'controlledDocuments',
] as const;
export type SearchQueryKind = (typeof SEARCH_QUERY_KINDS)[number];

const FORM_LIST_ITEM = record({
  Id: str(18),
  Name: str(80),
  Title__c: nullable(str(255)),
  LastModifiedDate: str(40),
  Supports_Offline__c: { type: 'boolean' },
});
const SUBMISSION_RECORD = record({
  Id: str(18),
  Name: str(80),
  Uniqueness_Constraint__c: nullable(str(255)),
  Form_Definition__c: nullable(str(18)),
  Scheduled_Date__c: nullable(str(40)),
  SQX_Controlled_Document__c: nullable(str(18)),
  Main_Record_Id__c: nullable(str(18)),
  Version__c: nullable({ type: 'number' }),
  Status__c: nullable(str(40)),
  CreatedDate: str(40),
  LastModifiedDate: str(40),
});
const recordIdQuery = obj({ recordId: sfId() }, ['recordId']);
/** What the org's OAuth redirect brings to both callbacks (code/state or error), and the page's own status. */
const oauthCallbackQuery = obj({
  code: str(2048),
  state: str(256),
  error: str(256),
  error_description: str(1024),
  status: str(20),
});
/** A template category (`x` of getTemplates and publishDiffOrg). */
const TEMPLATE_CATEGORY = pattern('^[A-Za-z0-9_-]{1,40}$', 40);
/** Path parameters of the publish routes: the component name `a`, the template, and any `extra`; all required. */
const templateParams = (extra: Record<string, JsonSchema> = {}) =>
  obj({ a: pattern(DEVELOPER_NAME_PATTERN, 80), template: pattern(DEVELOPER_NAME_PATTERN, 80), ...extra }, [
    'a',
    'template',
    ...Object.keys(extra),
  ]);
/** What publish and publishDiffOrg answer: the deployed bundle. */
const publishedBundle = record({ bundleId: str(18), developerName: str(80), created: { type: 'boolean' } });
/** The org's name-prefix searches (components, pages): the prefix under `nameKey`, a limit up to `maxLimit`. */
const nameSearchBody = (nameKey: string, maxLimit: number) =>
  instanceUrlBody({
    [nameKey]: pattern('^[A-Za-z0-9_]{0,80}$', 80),
    limit: { type: 'integer', minimum: 1, maximum: maxLimit },
  });
const publishBody = obj(
  {
    payload: freeObject(),
    template: pattern(DEVELOPER_NAME_PATTERN, 80),
    instanceUrl: httpUrl(),
    componentName: pattern(DEVELOPER_NAME_PATTERN, 80),
    label: str(255),
    overwrite: { type: 'boolean' },
  },
  ['payload'],
);

export const API_ROUTES: readonly ApiRoute[] = [
  // ---- foundation
  {
    id: 'version',
    method: 'GET',
    path: '/api/version',
    summary: "The app and contract version ('Could not get version' on failure).",
    auth: 'none',
    stateChanging: false,
    query: obj({}),
    response: obj({ version: str(40), contractVersion: str(40) }, ['version', 'contractVersion']),
    source: 'end-user 7',
  },
  {
    id: 'getEnv',
    method: 'GET',
    path: '/api/getEnv/',
    summary:
      'Client-facing environment: whether login is configured, the login options, the namespace, the remotes config, the CSRF header.',
    auth: 'none',
    stateChanging: false,
    query: obj({}),
    response: obj({
      clientId: nullable(str(255)),
      loginEnabled: { type: 'boolean' },
      loginOptions: arrayOf(str(20), 3),
      loginStartPath: str(100),
      namespace: str(15),
      remotes: anyValue(),
      csrfHeader: str(40),
      csrfHeaderValue: str(40),
      embedded: { type: 'boolean' },
    }),
    source: 'end-user 7',
  },
  // ---- sign-in
  {
    id: 'authLogin',
    method: 'GET',
    path: '/api/auth/login',
    summary:
      'Starts the OAuth web-server flow with PKCE (prompt=login consent): 302 to the org authorize page. loginUrl is production, sandbox, or a custom https domain (http only on localhost).',
    auth: 'none',
    stateChanging: false,
    query: obj(
      {
        loginUrl: str(255, { minLength: 1 }),
        target: { type: 'string', enum: ['main', 'otherOrg'] },
      },
      ['loginUrl'],
    ),
    response: 'redirect',
    source: 'sign-in',
  },
  {
    id: 'authCallback',
    method: 'GET',
    path: '/authSuccessCallback',
    summary:
      'OAuth redirect URI of the main session: exchanges the code (state and PKCE verifier checked), then 302 to /authSuccessCallback?status=ok (or status=error&error=...). Without code/state/error it is the shell page.',
    auth: 'none',
    stateChanging: false,
    query: oauthCallbackQuery,
    response: 'redirect',
    source: 'sign-in',
  },
  {
    id: 'authOtherOrgCallback',
    method: 'GET',
    path: '/authOtherOrgSuccessCallback',
    summary:
      'OAuth redirect URI of the other-org (publishing) sign-in: kept beside the main session. Then 302 to /authOtherOrgSuccessCallback?status=ok.',
    auth: 'none',
    stateChanging: false,
    query: oauthCallbackQuery,
    response: 'redirect',
    source: 'sign-in',
  },
  {
    id: 'authSession',
    method: 'GET',
    path: '/api/auth/session',
    summary:
      'The current session: user context of the main org and the other org if signed in (null when signed out).',
    auth: 'optional',
    stateChanging: false,
    query: obj({}),
    response: nullable(
      obj({
        main: userContext,
        otherOrg: nullable(obj({ url: str(2048), organizationId: str(18), username: str(255) })),
        embedded: { type: 'boolean' },
      }),
    ),
    source: 'sign-in',
  },
  {
    id: 'authUser',
    method: 'POST',
    path: '/api/authUser',
    summary:
      'Authenticate: answers the user context of the session. accessToken, when sent, must be the session handle from getToken (a Salesforce token is never accepted from the browser).',
    auth: 'session',
    stateChanging: true,
    body: obj({ accessToken: str(256) }),
    response: userContext,
    source: 'end-user 7',
  },
  {
    id: 'getToken',
    method: 'GET',
    path: '/api/getToken',
    summary:
      'The session handle (an opaque value, useless at the org) or null when signed out. Never a Salesforce token.',
    auth: 'optional',
    stateChanging: false,
    query: obj({}),
    response: nullable(str(256)),
    source: 'end-user 7',
  },
  {
    id: 'storeToken',
    method: 'POST',
    path: '/api/storeToken',
    summary:
      'Confirms the session handle the browser stored; answers the user context. Any other token is refused (401).',
    auth: 'session',
    stateChanging: true,
    body: obj({ token: str(256, { minLength: 1 }) }, ['token']),
    response: userContext,
    source: 'end-user 7',
  },
  {
    id: 'deleteToken',
    method: 'GET',
    path: '/api/deleteToken',
    summary:
      'Ends the BFF session (both orgs) and clears the cookie. State-changing GET: CSRF header required.',
    auth: 'optional',
    stateChanging: true,
    query: obj({}),
    response: obj({ deleted: { type: 'boolean' } }),
    source: 'end-user 7',
  },
  {
    id: 'accessTokenStatus',
    method: 'POST',
    path: '/api/accessTokenStatus',
    summary:
      'Checks the org session (refreshing it inside the BFF if needed): {active}. 401 session expired when it cannot be refreshed.',
    auth: 'session',
    stateChanging: true,
    body: obj({}),
    response: obj({ active: { type: 'boolean' }, expiresAt: { type: 'number' } }),
    source: 'end-user 7',
  },
  {
    id: 'updateTokenTime',
    method: 'GET',
    path: '/api/updateTokenTime',
    summary: 'Slides the session expiry. State-changing GET: CSRF header required.',
    auth: 'session',
    stateChanging: true,
    query: obj({}),
    response: obj({ expiresAt: { type: 'number' } }),
    source: 'end-user 7',
  },
  {
    id: 'sfLogout',
    method: 'POST',
    path: '/api/sf/logout',
    summary:
      "Revokes the org token at the org and ends the session (both orgs). loginUrl is accepted and ignored: the BFF knows the org. With userId (a sign-out sent late, after the network returned) only that user's session is ended: a session someone signed in to meanwhile stays (loggedOut false).",
    auth: 'optional',
    stateChanging: true,
    body: obj({ loginUrl: str(255), userId: str(40) }),
    response: obj({ loggedOut: { type: 'boolean' } }),
    source: 'end-user 7',
  },
  {
    id: 'userContext',
    method: 'GET',
    path: '/api/userContext',
    summary:
      'Service layer "get user context (organizationId)": url, token (session handle), organizationId, userDetails.',
    auth: 'session',
    stateChanging: false,
    query: obj({}),
    response: userContext,
    source: 'service layer',
  },
  {
    id: 'checkUserDetails',
    method: 'GET',
    path: '/api/checkUserDetails',
    summary:
      'Service layer "check user details and sync": {authorized, organizationId, userId} (401 when the session ended).',
    auth: 'session',
    stateChanging: false,
    query: obj({}),
    response: obj({ authorized: { type: 'boolean' }, organizationId: str(18), userId: str(18) }),
    source: 'service layer',
  },
  // ---- canvas
  {
    id: 'canvas',
    method: 'POST',
    path: '/canvas',
    summary:
      "The org's canvas signed request (form field signed_request): HMAC-SHA256 verified in constant time, stale or other algorithms refused (401); starts an embedded session (partitioned cookie) and 303s to /launchFromSF.",
    auth: 'none',
    stateChanging: false,
    body: 'form',
    response: 'redirect',
    bodyLimit: 64 * 1024,
    source: 'canvas',
  },
  {
    id: 'canvasContext',
    method: 'GET',
    path: '/api/canvas/context',
    summary:
      "Embedded sessions only: what the launcher needs to post to the host canvas: instance id, target origin, instance URL, the configured exact origins allowed to host the app and the org record page it was launched from. No OAuth token (the host page is the org; it checks the message's origin and source frame).",
    auth: 'session',
    stateChanging: false,
    query: obj({}),
    response: obj(
      {
        instanceId: str(255),
        targetOrigin: str(2048),
        instanceUrl: str(2048),
        allowedOrigins: arrayOf(str(2048), 100),
        recordUrl: str(2048),
      },
      ['instanceId', 'targetOrigin', 'instanceUrl', 'allowedOrigins'],
    ),
    source: 'canvas',
  },
  // ---- end-user calls
  {
    id: 'forms',
    method: 'GET',
    path: '/api/forms',
    summary:
      'Active form definitions, newest first: Id, Name, Title__c, LastModifiedDate, Supports_Offline__c.',
    auth: 'session',
    stateChanging: false,
    query: obj({}),
    response: arrayOf(FORM_LIST_ITEM, 2000),
    source: 'end-user 7',
  },
  {
    id: 'search',
    method: 'GET',
    path: '/api/search',
    summary: 'Forms whose name or title contains the text (at least 2 characters; LIKE wildcards escaped).',
    auth: 'session',
    stateChanging: false,
    query: obj({ search: str(80, { minLength: 2 }) }, ['search']),
    response: arrayOf(FORM_LIST_ITEM, 2000),
    source: 'end-user 7',
  },
  {
    id: 'schema',
    method: 'GET',
    path: '/api/schema',
    summary:
      "The form definition (parsed Form_JSON; built from the object's metadata by the section-5 mapping when the record has only an Object_Type). 422 'Schema error in server' when it is not valid JSON.",
    auth: 'session',
    stateChanging: false,
    query: recordIdQuery,
    response: record({ Id: str(18), Name: str(80), formDef: freeObject() }),
    source: 'end-user 7',
  },
  {
    id: 'formDefinition',
    method: 'GET',
    path: '/api/formDefinition',
    summary: 'Service layer "get form definition by id": the record fields plus the parsed definition.',
    auth: 'session',
    stateChanging: false,
    query: recordIdQuery,
    response: record({ Id: str(18), Name: str(80), formDef: freeObject() }),
    source: 'service layer',
  },
  {
    id: 'userDetails',
    method: 'GET',
    path: '/api/userDetails',
    summary:
      'User details as two records: [{Name, Username, SmallPhotoUrl, TimeZoneSidKey, LanguageLocaleKey, LocaleSidKey}, {timeZone, userType, networkId, siteUrl}].',
    auth: 'session',
    stateChanging: false,
    query: obj({ userId: sfId() }),
    response: arrayOf(record(), 2),
    source: 'end-user 7',
  },
  {
    id: 'searchQuery',
    method: 'GET',
    path: '/api/searchQuery/',
    summary:
      'A named query with parameters (never SOQL): kind=assignedTasks | lookup (object default Account, name prefix on searchField, extra fields, filters as JSON [{field, operator, value}]) | lookupCache (as lookup with no name prefix, for searching offline: up to 200 records, done false when the org has more) | recordById (object, id, fields) | controlledDocuments (criteriaType optional; name: text searched in the document Name, number and title; ids: comma-joined record ids of saved documents, any status). Limit 50; done false when the org has more.',
    auth: 'session',
    stateChanging: false,
    query: obj(
      {
        kind: { type: 'string', enum: [...SEARCH_QUERY_KINDS] },
        object: apiName(),
        name: str(80),
        id: sfId(),
        fields: pattern(API_NAME_LIST_PATTERN, 2000),
        criteriaType: str(80),
        /** controlledDocuments: the saved documents to name (comma-joined record ids, at most 50). */
        ids: pattern('^[a-zA-Z0-9]{15,18}(?:,[a-zA-Z0-9]{15,18}){0,49}$', 1000),
        /** lookup: the text field the name prefix applies to (default the object's name field). */
        searchField: apiName(),
        /** lookup: JSON array of {field, operator, value}, operators of LOOKUP_FILTER_OPERATORS. */
        filters: str(4000),
      },
      ['kind'],
    ),
    response: obj({
      totalSize: { type: 'integer' },
      done: { type: 'boolean' },
      records: arrayOf(record(), LOOKUP_CACHE_LIMIT),
    }),
    source: 'end-user 7',
  },
  {
    id: 'pendingSubmissions',
    method: 'GET',
    path: '/api/pendingSubmissions',
    summary:
      "The signed-in user's submissions not yet finished in the org (status In Progress, Pending or Submitted), with Submission_JSON.",
    auth: 'session',
    stateChanging: false,
    query: obj({}),
    response: arrayOf(SUBMISSION_RECORD, 2000),
    source: 'end-user 7',
  },
  {
    id: 'pendingSubmissionByForm',
    method: 'GET',
    path: '/api/pendingSubmissionByForm',
    summary: 'Service layer "get pending submission by form id".',
    auth: 'session',
    stateChanging: false,
    query: obj({ formId: sfId() }, ['formId']),
    response: arrayOf(SUBMISSION_RECORD, 2000),
    source: 'service layer',
  },
  {
    id: 'syncPendingSubmissions',
    method: 'GET',
    path: '/api/syncPendingSubmissions',
    summary: 'One submission record (with its form definition) to pull into the local store.',
    auth: 'session',
    stateChanging: false,
    query: recordIdQuery,
    response: SUBMISSION_RECORD,
    source: 'end-user 7',
  },
  {
    id: 'scheduledSubmissions',
    method: 'GET',
    path: '/api/scheduledSubmissions',
    summary: 'Submissions with status Scheduled.',
    auth: 'session',
    stateChanging: false,
    query: obj({}),
    response: arrayOf(SUBMISSION_RECORD, 2000),
    source: 'end-user 7',
  },
  {
    id: 'checkFormStatus',
    method: 'GET',
    path: '/api/checkFormStatus',
    summary:
      'Of the comma-joined form ids, the ones to purge from the offline cache (deleted or no longer Active).',
    auth: 'session',
    stateChanging: false,
    query: obj({ recordIds: pattern('^[a-zA-Z0-9]{15,18}(?:,[a-zA-Z0-9]{15,18}){0,199}$', 4000) }, [
      'recordIds',
    ]),
    response: arrayOf(str(18), 200),
    source: 'end-user 7',
  },
  {
    id: 'selectedObjectFields',
    method: 'GET',
    path: '/api/selectedObjectFields',
    summary:
      "An object's metadata: {label, fields: [{name, label, type, custom, autoNumber, referenceTo, relationshipName}]}.",
    auth: 'session',
    stateChanging: false,
    query: obj({ selectedObject: apiName() }, ['selectedObject']),
    response: obj({ name: str(80), label: str(255), fields: arrayOf(record(), 2000) }),
    source: 'end-user 7',
  },
  {
    id: 'startingData',
    method: 'POST',
    path: '/api/startingData',
    summary:
      'Starting data and lookup cache: query is a list of structured query entries (objectType, fields, filter {field, operator eq, value}, relationships, key); lookupCacheString a JSON list of {object, ids}. $recordId in a filter value is the recordId.',
    auth: 'session',
    stateChanging: true,
    query: recordIdQuery,
    body: obj(
      {
        query: arrayOf(
          obj(
            {
              key: str(120),
              objectType: apiName(),
              fields: arrayOf(apiName(), 100),
              filter: obj({ field: apiName(), operator: { type: 'string', enum: ['eq'] }, value: str(255) }, [
                'field',
                'value',
              ]),
              relationships: arrayOf(
                obj({ relationshipName: apiName(), fields: arrayOf(apiName(), 100) }, [
                  'relationshipName',
                  'fields',
                ]),
                10,
              ),
              sectionId: str(120),
              type: str(40),
              mappingData: anyValue(),
            },
            ['objectType', 'fields'],
          ),
          50,
        ),
        lookupCacheString: str(100000),
      },
      [],
    ),
    response: obj({ startingData: freeObject(), lookupCacheData: freeObject() }),
    source: 'end-user 7',
  },
  {
    id: 'submitData',
    method: 'POST',
    path: '/api/data',
    summary:
      "Submit (or first-sync) a submission: idempotent upsert by Uniqueness_Constraint = recordId#submissionId, versions only go forward (409 VERSION_CONFLICT otherwise); when submitted, sets the main record's Activity_Code to submitForm. Answers {url}.",
    auth: 'session',
    stateChanging: true,
    query: obj(
      {
        recordId: sfId(),
        submissionStatus: str(40, { minLength: 1 }),
        submissionId: pattern(SUBMISSION_ID_PATTERN, 64),
        version: intString(),
        formSubmissionId: nullable(pattern('^(?:[a-zA-Z0-9]{15}(?:[a-zA-Z0-9]{3})?|undefined|null|)$', 18)),
        networkId: sfId(),
      },
      ['recordId', 'submissionStatus', 'submissionId', 'version'],
    ),
    body: SUBMISSION_BODY_SCHEMA,
    bodyLimit: 10 * 1024 * 1024,
    response: SUBMISSION_WRITE_RESULT,
    source: 'end-user 7',
  },
  {
    id: 'saveSubmission',
    method: 'POST',
    path: '/api/savesubmission',
    summary: 'Save/sync an in-progress submission: same idempotent, version-forward upsert as /api/data.',
    auth: 'session',
    stateChanging: true,
    query: obj(
      { formSubmissionIdentifier: pattern(FORM_SUBMISSION_IDENTIFIER_PATTERN, 90), networkId: sfId() },
      ['formSubmissionIdentifier'],
    ),
    body: SUBMISSION_BODY_SCHEMA,
    bodyLimit: 10 * 1024 * 1024,
    response: SUBMISSION_WRITE_RESULT,
    source: 'end-user 7',
  },
  {
    id: 'discardSubmission',
    method: 'POST',
    path: '/api/discardSubmission',
    summary:
      "Deletes the org copy of a draft the user discarded (drafts are synced): the signed-in user's own In Progress submission with this uniqueness key. Idempotent: none left (never synced, already deleted) answers deleted false; a submission in any other status is never deleted.",
    auth: 'session',
    stateChanging: true,
    query: obj({ formSubmissionIdentifier: pattern(FORM_SUBMISSION_IDENTIFIER_PATTERN, 90) }, [
      'formSubmissionIdentifier',
    ]),
    response: obj({ deleted: { type: 'boolean' } }),
    source: 'service layer',
  },
  {
    id: 'submissionJson',
    method: 'POST',
    path: '/api/submissionJson',
    summary:
      'Service layer "save submission JSON for PDF rendering": stores the JSON on the submission record (upsert by formId#submissionId, status and version untouched).',
    auth: 'session',
    stateChanging: true,
    query: obj({ formSubmissionIdentifier: pattern(FORM_SUBMISSION_IDENTIFIER_PATTERN, 90) }, [
      'formSubmissionIdentifier',
    ]),
    body: obj({ json: freeObject() }, ['json']),
    bodyLimit: 10 * 1024 * 1024,
    response: obj({ id: str(18), created: { type: 'boolean' } }),
    source: 'service layer',
  },
  {
    id: 'submitBatch',
    method: 'POST',
    path: '/api/submissions/batch',
    summary:
      'Bulk sync (offline outbox): up to 200 submissions in one sObject Collections upsert by Uniqueness_Constraint = formId#submissionId, each item stored as /api/data or /api/savesubmission would (JSON for PDF included), versions only go forward per item (409 VERSION_CONFLICT in that item). Answers one result per item, in order.',
    auth: 'session',
    stateChanging: true,
    query: obj({ networkId: sfId() }),
    body: obj(
      { items: { ...arrayOf(SUBMISSION_BATCH_ITEM_SCHEMA, SUBMISSION_BATCH_MAX_ITEMS), minItems: 1 } },
      ['items'],
    ),
    bodyLimit: 20 * 1024 * 1024,
    response: arrayOf(
      record({
        uniquenessKey: str(255),
        ok: { type: 'boolean' },
        id: str(18),
        url: nullable(str(2048)),
        errors: arrayOf(freeObject(), 200),
        created: { type: 'boolean' },
        version: { type: 'integer' },
        status: { type: 'integer' },
        errorCode: str(40),
        messages: arrayOf(str(1000), 10),
        details: anyValue(),
      }),
      SUBMISSION_BATCH_MAX_ITEMS,
    ),
    source: 'service layer',
  },
  {
    id: 'content',
    method: 'GET',
    path: '/api/content/:fileName',
    summary:
      'Submission data stored as a file: fileName is a ContentDocument/ContentVersion id or a strict file name (latest version with that title); answers the parsed JSON.',
    auth: 'session',
    stateChanging: false,
    params: obj({ fileName: pattern(CONTENT_FILE_NAME_PATTERN, 120) }, ['fileName']),
    query: obj({}),
    response: anyValue(),
    source: 'end-user 7',
  },
  {
    id: 'fetchUrl',
    method: 'POST',
    path: '/api/fetchUrl',
    summary:
      "Fallback preview fetch through the BFF: the thumbnail of contentDocumentId (blob). originUrl must be the session's instance or site URL; accessToken is ignored (the session authenticates).",
    auth: 'session',
    stateChanging: true,
    query: obj({ originUrl: httpUrl() }),
    body: obj({ accessToken: str(4096), contentDocumentId: sfId() }, ['contentDocumentId']),
    response: 'blob',
    source: 'end-user 7',
  },
  {
    id: 'fileUpload',
    method: 'POST',
    path: '/api/files',
    summary:
      "File upload through the BFF (instead of the spec's direct org call): multipart field fileData streamed to the org's Connect files endpoint (POWER_PARTNER users: the communities path with their network id). 100 MB limit enforced while streaming, type checked from the first bytes. A file sent sealed (X-Upload-Sealed, issue 45) is opened on the way with the session user's escrow key. Answers {id: ContentDocumentId}.",
    auth: 'session',
    stateChanging: true,
    query: obj({ networkId: sfId() }),
    body: 'multipart',
    bodyLimit: 1e8,
    response: obj({ id: str(18), title: str(255) }),
    source: 'service layer',
  },
  {
    id: 'reportStatus',
    method: 'GET',
    path: '/api/report/:recordId',
    summary:
      "The inspection report of a submission record (issue 42): none, pending, ready (the ContentDocument and the version of the record's submitted version) or failed (the error; retried). A submitted record without its report is queued again by this read.",
    auth: 'session',
    stateChanging: false,
    params: obj({ recordId: sfId() }, ['recordId']),
    query: obj({}),
    response: obj({
      status: { type: 'string', enum: ['none', 'pending', 'ready', 'failed'] },
      version: { type: 'integer' },
      attempts: { type: 'integer' },
      error: str(2000),
      contentDocumentId: str(18),
      contentVersionId: str(18),
    }),
    source: 'service layer',
  },
  {
    id: 'vaultEscrowKey',
    method: 'GET',
    path: '/api/vault/escrowKey',
    summary:
      "The signed-in user's escrow key for the device's encryption at rest (issue 45): 32 bytes (base64) derived for this org and user from the deployment's secret, so an online sign-in opens the user's data on any device whatever became of the PIN. Never cached (no-store).",
    // a GET that reveals a key: the CSRF header and a same-origin Origin, as for a change
    auth: 'session',
    stateChanging: true,
    query: obj({}),
    response: obj({ owner: str(40), key: str(64) }, ['owner', 'key']),
    source: 'foundation',
  },
  {
    id: 'vaultPolicy',
    method: 'GET',
    path: '/api/vault/policy',
    summary:
      "The org's device policy for the signed-in user (issue 45): PIN required, its length (4 to 8) and the lock after inactivity (1 to 240 minutes), from the custom metadata record CQ_Device_Policy__mdt.Default read as the user; source 'default' where the org has none they may read.",
    auth: 'session',
    stateChanging: false,
    query: obj({}),
    response: obj(
      {
        pinRequired: { type: 'boolean' },
        pinLength: { type: 'integer', minimum: 4, maximum: 8 },
        lockAfterMinutes: { type: 'integer', minimum: 1, maximum: 240 },
        source: { type: 'string', enum: ['org', 'default'] },
      },
      ['pinRequired', 'pinLength', 'lockAfterMinutes', 'source'],
    ),
    source: 'foundation',
  },
  {
    id: 'reportPdf',
    method: 'GET',
    path: '/api/report/:recordId/pdf',
    summary:
      "The org's copy of a submission record's inspection report (the latest version), streamed as application/pdf; 404 while there is none.",
    auth: 'session',
    stateChanging: false,
    params: obj({ recordId: sfId() }, ['recordId']),
    query: obj({}),
    response: 'blob',
    source: 'service layer',
  },
  {
    id: 'correctiveActions',
    method: 'GET',
    path: '/api/correctiveActions',
    summary:
      "Issue 43: the signed-in user's open corrective-action tasks (a Task with CQ_Action_Key__c, not closed, owned by the user), read as the user (a partner sees only what the org shares), due date first: the inspection, the failed question, the answer, its note, due date and priority (CorrectiveActionTask).",
    auth: 'session',
    stateChanging: false,
    query: obj({}),
    response: arrayOf(record(), 2000),
    source: 'service layer',
  },
  {
    id: 'completeCorrectiveAction',
    method: 'POST',
    path: '/api/correctiveActions/:taskId/complete',
    summary:
      "Issue 43: completes one of the user's corrective-action tasks as the user: what was done is added to its Description, Status = Completed; photos uploaded first through POST /api/files (their ContentDocument ids) are linked to the task. 404 for a task the user cannot see or that is no corrective action; 409 when it is already completed.",
    auth: 'session',
    stateChanging: true,
    params: obj({ taskId: sfId() }, ['taskId']),
    query: obj({}),
    body: obj({ done: str(4000, { minLength: 1 }), contentDocumentIds: arrayOf(sfId(), 10) }, ['done']),
    response: obj({ id: str(18), status: str(40), linked: { type: 'integer' } }),
    source: 'service layer',
  },
  {
    id: 'userPhoto',
    method: 'GET',
    path: '/api/userPhoto',
    summary:
      "The signed-in user's photo (SmallPhotoUrl; size=full: FullPhotoUrl) fetched by the BFF with the session's token and streamed as an image, so the browser never sends its cookies to the org.",
    auth: 'session',
    stateChanging: false,
    query: obj({ size: { type: 'string', enum: ['small', 'full'] } }),
    response: 'blob',
    source: 'service layer',
  },
  {
    id: 'filePreview',
    method: 'GET',
    path: '/api/files/:contentDocumentId/preview',
    summary:
      "Thumbnail preview through the BFF (instead of the spec's direct org call): the org's previews/thumbnail, then its previewUrl fetched, streamed as a blob.",
    auth: 'session',
    stateChanging: false,
    params: obj({ contentDocumentId: sfId() }, ['contentDocumentId']),
    query: obj({}),
    response: 'blob',
    source: 'service layer',
  },
  {
    id: 'imageGuide',
    method: 'POST',
    path: '/api/imageGuide',
    summary:
      'Service layer "image guide save": fetches a guide image from the org (relative path or the instance URL only) and answers {Id, ImageUrl, encodedImage} (a data URL) for the local store.',
    auth: 'session',
    stateChanging: true,
    body: obj({ Id: str(120, { minLength: 1 }), ImageUrl: str(2048, { minLength: 1 }) }, ['Id', 'ImageUrl']),
    response: obj({ Id: str(120), ImageUrl: str(2048), encodedImage: str(20_000_000) }),
    source: 'service layer',
  },
  {
    id: 'objects',
    method: 'GET',
    path: '/api/objects',
    summary:
      'Service layer "list platform objects": {name, label, custom, customSetting} of the namespace custom objects (no metadata types, events, custom settings or the audit object).',
    auth: 'session',
    stateChanging: false,
    query: obj({}),
    response: arrayOf(record(), 5000),
    source: 'service layer',
  },
  {
    id: 'objectInfo',
    method: 'POST',
    path: '/api/objectInfo',
    summary:
      "Service layer object-info: {objectType, fields?, child?, context?} → {properties per object with required, definitions, ui} by the end-user spec's section-5 mapping.",
    auth: 'session',
    stateChanging: true,
    body: obj(
      {
        objectType: apiName(),
        fields: arrayOf(apiName(), 1000),
        child: arrayOf(
          obj({ objectType: apiName(), relationshipName: apiName(), fields: arrayOf(apiName(), 1000) }, [
            'objectType',
            'relationshipName',
          ]),
          20,
        ),
        context: nullable(
          obj({ objectType: apiName(), relationshipName: apiName(), fields: arrayOf(apiName(), 1000) }, [
            'objectType',
          ]),
        ),
      },
      ['objectType'],
    ),
    response: obj({ properties: freeObject(), definitions: freeObject(), ui: freeObject() }),
    source: 'service layer',
  },
  {
    id: 'checkFieldAvailability',
    method: 'POST',
    path: '/api/checkFieldAvailability',
    summary:
      'Service layer "check field availability in metadata": {missing: [field names not on the object]}.',
    auth: 'session',
    stateChanging: true,
    body: obj(
      { objectName: apiName(), fields: arrayOf(pattern('^[A-Za-z][A-Za-z0-9_.]{0,119}$', 120), 1000) },
      ['objectName', 'fields'],
    ),
    response: obj({ missing: arrayOf(str(120), 1000) }),
    source: 'service layer',
  },
  // ---- builder access (issue 29): the org's answer, never a list of users
  {
    id: 'formBuilderAccess',
    method: 'GET',
    path: '/api/formBuilderAccess',
    summary:
      "Whether the signed-in user may build and publish forms: the org's describe of SQX_Form_Definition__c for them (updateable). {allowed, reason (the org's, when not allowed)}.",
    auth: 'session',
    stateChanging: false,
    response: obj({ allowed: { type: 'boolean' }, reason: nullable(str(1000)) }, ['allowed']),
    source: 'service layer',
  },
  // ---- the org's daily API allowance (issue 33): admins are told when it runs low
  {
    id: 'orgApiUsage',
    method: 'GET',
    path: '/api/orgApiUsage',
    summary:
      'Where the signed-in org stands against its daily API allowance, as its last answer to this BFF said (Sforce-Limit-Info): {level: normal|high|spent, percent, used, max, at} or null before any reading. For users the org lets build forms (403 otherwise); it makes no org call of its own.',
    auth: 'session',
    stateChanging: false,
    response: nullable(
      obj(
        {
          level: { type: 'string', enum: ['normal', 'high', 'spent'] },
          percent: { type: 'integer' },
          used: { type: 'integer' },
          max: { type: 'integer' },
          at: { type: 'string', maxLength: 40 },
        },
        ['level', 'percent', 'used', 'max', 'at'],
      ),
    ),
    source: 'service layer',
  },
  // ---- builder persistence
  {
    id: 'getSavedFormBuilderJSON',
    method: 'GET',
    path: '/api/getSavedFormBuilderJSON',
    summary:
      "The saved builder JSON of a form record: {formJSON (base64, empty when none), selectedSICDocIds}, and the record's Name and Title (the builder's header).",
    auth: 'session',
    stateChanging: false,
    query: recordIdQuery,
    response: obj({
      formJSON: str(8_000_000),
      selectedSICDocIds: arrayOf(str(18), 500),
      objectType: nullable(str(255)),
      name: nullable(str(255)),
      title: nullable(str(255)),
    }),
    source: 'builder 7',
  },
  ...(['POST', 'PUT'] as const).map((method): ApiRoute => ({
    id: method === 'POST' ? 'saveFormBuilderJSON' : 'autosaveFormBuilderJSON',
    method,
    path: '/api/saveFormBuilderJSON',
    summary:
      method === 'POST'
        ? "Explicit save: formJSON (base64 builder JSON) and sectionIds (comma-joined documents); also writes the renderer's Form_JSON. Answers 'Success'."
        : "Autosave (every 10 s): formJSON only. Answers 'Success'.",
    auth: 'session',
    stateChanging: true,
    query: recordIdQuery,
    body: obj(
      {
        formJSON: str(8_000_000, { minLength: 1, pattern: '^[A-Za-z0-9+/=\\s]*$' }),
        sectionIds: pattern('^(?:[a-zA-Z0-9]{15,18}(?:,[a-zA-Z0-9]{15,18}){0,499})?$', 10000),
      },
      ['formJSON'],
    ),
    bodyLimit: 10 * 1024 * 1024,
    response: str(20),
    source: 'builder 7',
  })),
  // ---- org metadata (builder and publishing)
  {
    id: 'sfOrgInfo',
    method: 'POST',
    path: '/api/sf/orgInfo',
    summary:
      'The Organization record of the org at instanceUrl (the main org, or the other org when signed in to it).',
    auth: 'session',
    stateChanging: true,
    body: instanceUrlBody(),
    response: record(),
    source: 'end-user 7',
  },
  {
    id: 'sfUserInfo',
    method: 'POST',
    path: '/api/sf/userInfo',
    summary: 'The identity of the signed-in user at instanceUrl.',
    auth: 'session',
    stateChanging: true,
    body: instanceUrlBody(),
    response: record(),
    source: 'end-user 7',
  },
  {
    id: 'sfGetPicklistValues',
    method: 'POST',
    path: '/api/sf/getPicklistValues',
    summary:
      "A picklist field's active values [{label, value, validFor?}] (and controllerName when dependent).",
    auth: 'session',
    stateChanging: true,
    body: obj({ objectName: apiName(), fieldName: apiName(), instanceUrl: httpUrl() }, [
      'objectName',
      'fieldName',
    ]),
    response: obj({ controllerName: nullable(str(80)), values: arrayOf(record(), 1000) }),
    source: 'end-user 7',
  },
  {
    id: 'sfObject',
    method: 'POST',
    path: '/api/sf/object',
    summary:
      'Objects offered by the builder start dialog: [{name, label, custom, customSetting}] (namespace custom objects only).',
    auth: 'session',
    stateChanging: true,
    body: instanceUrlBody(),
    response: arrayOf(record(), 5000),
    source: 'builder 7',
  },
  {
    id: 'sfLayouts',
    method: 'POST',
    path: '/api/sf/layouts',
    summary: "An object's layouts (from describe layouts): [{name, id}].",
    auth: 'session',
    stateChanging: true,
    body: instanceUrlBody({ objectName: apiName() }, ['objectName']),
    response: arrayOf(record(), 500),
    source: 'builder 7',
  },
  {
    id: 'sfLayout',
    method: 'POST',
    path: '/api/sf/layout',
    summary:
      'One layout: its sections with field names (falls back to every field of the object when the org has no layout).',
    auth: 'session',
    stateChanging: true,
    body: instanceUrlBody({ layoutName: str(255), objName: apiName(), TableEnumOrId: str(80) }, ['objName']),
    response: record(),
    source: 'builder 7',
  },
  {
    id: 'sfGetObjectFields',
    method: 'POST',
    path: '/api/sf/getObjectFields',
    summary:
      "An object's fields for the builder palette (updateable only unless includeNonUpdateable), with lookups' related objects when hasParent.",
    auth: 'session',
    stateChanging: true,
    body: instanceUrlBody(
      { objectName: apiName(), hasParent: { type: 'boolean' }, includeNonUpdateable: { type: 'boolean' } },
      ['objectName'],
    ),
    response: obj({
      name: str(80),
      label: str(255),
      fields: arrayOf(record(), 2000),
      parents: arrayOf(record(), 500),
    }),
    source: 'builder 7',
  },
  {
    id: 'sfGetComponent',
    method: 'POST',
    path: '/api/sf/getComponent',
    summary:
      'Apex classes implementing the dynamic-filter interface (Tooling API); [] when the org has none.',
    auth: 'session',
    stateChanging: true,
    body: instanceUrlBody({ interfaceName: pattern('^[A-Za-z][A-Za-z0-9_.]{0,119}$', 120) }, [
      'interfaceName',
    ]),
    response: arrayOf(record(), 500),
    source: 'builder 7',
  },
  {
    id: 'sfGetAutoLaunchedFlow',
    method: 'POST',
    path: '/api/sf/getAutoLaunchedFlow',
    summary: "Active auto-launched flows whose label starts with labelPrefix (default 'CQ').",
    auth: 'session',
    stateChanging: true,
    body: instanceUrlBody({ labelPrefix: pattern('^[A-Za-z0-9_ -]{0,40}$', 40) }),
    response: arrayOf(record(), 500),
    source: 'builder 7',
  },
  {
    id: 'sfGetDefaultBaseClassJSON',
    method: 'POST',
    path: '/api/sf/getDefaultBaseClassJSON',
    summary: 'The default base class definition the publisher generates components from.',
    auth: 'session',
    stateChanging: true,
    body: instanceUrlBody(),
    response: record(),
    source: 'builder 7',
  },
  {
    id: 'sfRetrievePackage',
    method: 'POST',
    path: '/api/sf/retrievePackage',
    summary: "A deployed component bundle by developer name (default 'cqui'): {exists, bundle, resources}.",
    auth: 'session',
    stateChanging: true,
    body: instanceUrlBody({ developerName: pattern(DEVELOPER_NAME_PATTERN, 80) }),
    response: record(),
    source: 'builder 7',
  },
  {
    id: 'sfGetLWCList',
    method: 'POST',
    path: '/api/sf/getLWCList',
    summary:
      "Lightning web components whose developer name starts with developerName (default 'CQ', limit 10; 50 with a search term).",
    auth: 'session',
    stateChanging: true,
    body: nameSearchBody('developerName', 50),
    response: arrayOf(record(), 50),
    source: 'builder 7',
  },
  {
    id: 'sfGetVFPages',
    method: 'POST',
    path: '/api/sf/getVFPages',
    summary: 'Visualforce pages whose name starts with name (limit 10; 100 with a search term).',
    auth: 'session',
    stateChanging: true,
    body: nameSearchBody('name', 100),
    response: arrayOf(record(), 100),
    source: 'builder 7',
  },
  // ---- templates
  {
    id: 'getTemplates',
    method: 'GET',
    path: '/api/templates/getTemplates/:x',
    summary: 'The templates the publisher can generate (x: a category, "all" for every one).',
    auth: 'session',
    stateChanging: false,
    params: obj({ x: TEMPLATE_CATEGORY }, ['x']),
    query: obj({}),
    response: arrayOf(record({ name: str(80), label: str(255), description: str(1000) }), 100),
    source: 'builder 7',
  },
  {
    id: 'publish',
    method: 'POST',
    path: '/api/templates/publish/:a/:template',
    summary: 'Publish the form as a Lightning web component (Tooling API) to the main org.',
    auth: 'session',
    stateChanging: true,
    params: templateParams(),
    body: publishBody,
    bodyLimit: 10 * 1024 * 1024,
    response: publishedBundle,
    source: 'builder 7',
  },
  {
    id: 'publishDiffOrg',
    method: 'POST',
    path: '/api/templates/publishDiffOrg/:a/:template/:x',
    summary:
      'Publish to the other org signed in through /authOtherOrgSuccessCallback (its tokens stay in the session; no access-token header is needed or read).',
    auth: 'session',
    stateChanging: true,
    params: templateParams({ x: TEMPLATE_CATEGORY }),
    body: publishBody,
    bodyLimit: 10 * 1024 * 1024,
    response: publishedBundle,
    source: 'builder 7',
  },
  {
    id: 'download',
    method: 'POST',
    path: '/api/templates/download/:a/:template',
    summary: 'The generated component as a zip (src.zip), no org call.',
    auth: 'session',
    stateChanging: true,
    params: templateParams(),
    body: publishBody,
    bodyLimit: 10 * 1024 * 1024,
    response: 'blob',
    source: 'builder 7',
  },
];

/** Finds a route by operation id (throws for an unknown id: a programming error). */
export function apiRoute(id: string): ApiRoute {
  const route = API_ROUTES.find((r) => r.id === id);
  if (!route) throw new Error(`unknown API route ${id}`);
  return route;
}

/** Fills a route path's `:params` (each value URI-encoded). */
export function apiPath(id: string, params: Record<string, string> = {}): string {
  return apiRoute(id).path.replace(/:([A-Za-z]+)/g, (_, name: string) =>
    encodeURIComponent(params[name] ?? ''),
  );
}
