// Publishing a template to an org: name checks (base class, existing component), a metadata deploy of the
// generated package (REST deployRequest), the deploy status polled until done, and every failure mapped to
// the builder spec's publish error types.
import {
  API_MESSAGES,
  baseClassNameConfirm,
  componentEqualsBaseClass,
  componentExistsConfirm,
  isValidLwcName,
  PUBLISH_MESSAGES,
  type PublishOptions,
  type PublishResult,
} from 'shared-contracts';
import { ApiError, toApiError } from '../http/errors';
import type { Call } from '../routes/types';
import { escapeSoqlLike } from './soql';
import {
  DEFAULT_BASE_CLASS,
  findTemplate,
  packageXml,
  zip,
  type BundleFile,
  type TemplateName,
} from './templates';
import { generateBaseClass, generateComponent } from './templates-lwc';

type Rec = Record<string, unknown>;
const isObj = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);
const strOrNull = (v: unknown, max = 255): string | null =>
  typeof v === 'string' && v.trim() !== '' ? v.trim().slice(0, max) : null;

/** How often and how long the deploy status is polled, and how many failed polls end in the warning. */
export const POLL = { intervalMs: 250, timeoutMs: 60_000, maxFailures: 3 };

export interface PublishRequest {
  template: TemplateName;
  componentName: string;
  options: PublishOptions;
  form: unknown;
  overwrite: boolean;
}

/** Reads and checks a publish/download request (route params + body); 4xx for anything unusable. */
export function readPublishRequest(call: Call): PublishRequest {
  const templateName = String(call.body.template ?? call.params.template ?? '');
  const template = findTemplate(templateName);
  if (!template) throw new ApiError('BAD_REQUEST', API_MESSAGES.unknownTemplate);
  const componentName = String(call.body.componentName ?? call.params.a ?? '');
  if (!isValidLwcName(componentName))
    throw new ApiError('BAD_REQUEST', PUBLISH_MESSAGES.invalidComponentName);
  if (componentName === DEFAULT_BASE_CLASS.name)
    throw new ApiError('COMPONENT_EQUALS_BASE_CLASS', componentEqualsBaseClass(componentName)).withParams({
      name: componentName,
    });
  const payload = isObj(call.body.payload) ? call.body.payload : {};
  const o = isObj(payload.options) ? payload.options : {};
  const action = o.actionOverride === 'Create' || o.actionOverride === 'Edit' ? o.actionOverride : 'None';
  const form = payload.form ?? null;
  const formObject = isObj(form) && typeof form.cqFormType === 'string' ? form.cqFormType : '';
  const label = strOrNull(call.body.label) ?? strOrNull(o.label) ?? strOrNull(o.formName) ?? componentName;
  const apiName = (v: unknown) => {
    const s = strOrNull(v, 120);
    return s && /^[A-Za-z][A-Za-z0-9_]*$/.test(s) ? s : null;
  };
  return {
    template: template.name,
    componentName,
    form,
    overwrite: call.body.overwrite === true,
    options: {
      formId: strOrNull(o.formId, 18) ?? '',
      formName: strOrNull(o.formName) ?? '',
      objectApiName: apiName(o.objectApiName) ?? (apiName(formObject) || ''),
      label,
      actionOverride: action,
      layout: strOrNull(o.layout),
      afterSaveFlow: apiName(o.afterSaveFlow),
      dynamicFilterClass: apiName(o.dynamicFilterClass),
      visualforcePage: apiName(o.visualforcePage),
      headerComponent:
        strOrNull(o.headerComponent) && isValidLwcName(String(o.headerComponent))
          ? String(o.headerComponent)
          : null,
    },
  };
}

/** Every file of the package: the component and, when the org lacks it, the base class. */
export function packageFiles(call: Call, req: PublishRequest, withBaseClass: boolean): BundleFile[] {
  const apiVersion = call.deps.config.salesforce.apiVersion;
  return [
    ...generateComponent({
      componentName: req.componentName,
      template: req.template,
      apiVersion,
      namespace: call.deps.config.salesforce.namespace,
      options: req.options,
      form: req.form,
      appUrl: call.ctx.origin,
    }),
    ...(withBaseClass ? generateBaseClass(apiVersion) : []),
  ];
}

export function packageZip(files: BundleFile[], apiVersion: string): Buffer {
  const bundles = [...new Set(files.map((f) => f.path.split('/')[1] ?? ''))];
  return zip([
    ...files.map((f) => ({ path: f.path, data: f.source })),
    { path: 'package.xml', data: packageXml(bundles, apiVersion) },
  ]);
}

/** An org answer that is not a success, as the spec's error types. */
function orgFailure(status: number, body: unknown): ApiError {
  const first = Array.isArray(body) && isObj(body[0]) ? body[0] : {};
  const code = typeof first.errorCode === 'string' ? first.errorCode : '';
  const message = typeof first.message === 'string' ? first.message : `HTTP ${status}`;
  if (status === 401 || code === 'INVALID_SESSION_ID') return new ApiError('SESSION_EXPIRED');
  if (status >= 500) return new ApiError('ORG_UNAVAILABLE', undefined, { orgErrorCode: code || null });
  if (code === 'INSUFFICIENT_ACCESS' || code === 'API_DISABLED_FOR_ORG')
    return new ApiError('FORBIDDEN', message, { orgErrorCode: code });
  return new ApiError('UNKNOWN_PUBLISH_ERROR', `${PUBLISH_MESSAGES.unknownPublishErrorPrefix}${message}`, {
    orgErrorCode: code || null,
  });
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function orgBundles(call: Call, instanceUrl: string | undefined, names: string[]): Promise<Rec[]> {
  // LIKE without wildcards: Salesforce compares names case-insensitively, as the org's uniqueness does.
  const where = names.map((n) => `DeveloperName LIKE '${escapeSoqlLike(n)}'`).join(' OR ');
  const res = await call
    .conn(instanceUrl)
    .tooling.query<Rec>(`SELECT Id, DeveloperName, IsExposed FROM LightningComponentBundle WHERE ${where}`);
  return res.records;
}

/** Publishes to the main org (instanceUrl undefined or the main org's) or the other org's instanceUrl. */
export async function publishTemplate(call: Call, instanceUrl: string | undefined): Promise<PublishResult> {
  const req = readPublishRequest(call);
  const auth = call.auth(instanceUrl);
  const base = DEFAULT_BASE_CLASS.name;
  const name = req.componentName;
  let existing: Rec[];
  try {
    existing = await orgBundles(call, auth.instanceUrl, [name, base]);
  } catch (err) {
    throw toApiError(err);
  }
  const same = (r: Rec, n: string) => String(r.DeveloperName).toLowerCase() === n.toLowerCase();
  const match = existing.find((r) => same(r, name));
  const baseInOrg = existing.some((r) => same(r, base));
  if (!req.overwrite) {
    if (name.toLowerCase() === base.toLowerCase() || (match && match.IsExposed === false))
      throw new ApiError('BASE_CLASS_NAME', baseClassNameConfirm(name), { developerName: name }).withParams({
        name,
      });
    if (match)
      throw new ApiError('COMPONENT_EXISTS', componentExistsConfirm(name), {
        developerName: name,
      }).withParams({
        name,
      });
  }
  const apiVersion = call.deps.config.salesforce.apiVersion;
  const files = packageFiles(call, req, !baseInOrg && name.toLowerCase() !== base.toLowerCase());
  const form = new FormData();
  form.append(
    'json',
    new Blob(
      [JSON.stringify({ deployOptions: { rollbackOnError: true, singlePackage: true, checkOnly: false } })],
      {
        type: 'application/json',
      },
    ),
  );
  form.append(
    'file',
    new Blob([new Uint8Array(packageZip(files, apiVersion))], { type: 'application/zip' }),
    'package.zip',
  );
  const deployPath = `/services/data/v${apiVersion}/metadata/deployRequest`;
  let started: Response;
  try {
    started = await call.orgFetch(deployPath, { method: 'POST', body: form, instanceUrl: auth.instanceUrl });
  } catch (err) {
    throw toApiError(err);
  }
  const startBody = await readJson(started);
  if (started.status !== 201 && started.status !== 200) throw orgFailure(started.status, startBody);
  const deployId = isObj(startBody) && typeof startBody.id === 'string' ? startBody.id : '';
  if (!deployId) throw orgFailure(422, [{ message: 'The org did not return a deployment id.' }]);

  const result = await pollDeploy(call, auth.instanceUrl, `${deployPath}/${deployId}?includeDetails=true`);
  const components = [...new Set(files.map((f) => f.path.split('/')[1] ?? ''))];
  const orgName = await organizationName(call, auth.instanceUrl);
  if (result === 'unknown') {
    return {
      developerName: name,
      created: !match,
      status: 'Unknown',
      deployId,
      bundleId: null,
      warning: PUBLISH_MESSAGES.deployStatusUnknown,
      orgName,
      instanceUrl: auth.instanceUrl,
      components,
    };
  }
  if (result.status !== 'Succeeded') {
    const details = isObj(result.details) ? result.details : {};
    const failures = Array.isArray(details.componentFailures) ? details.componentFailures.filter(isObj) : [];
    throw new ApiError('DEPLOY_FAILED', PUBLISH_MESSAGES.packageDeploymentFailed, {
      deployId,
      problems: failures.map((f) => ({
        component: String(f.fullName ?? ''),
        problem: String(f.problem ?? ''),
      })),
      errorMessage: typeof result.errorMessage === 'string' ? result.errorMessage : null,
    });
  }
  const [bundle] = await orgBundles(call, auth.instanceUrl, [name]).catch(() => [] as Rec[]);
  return {
    developerName: name,
    created: !match,
    status: 'Succeeded',
    deployId,
    bundleId: bundle ? String(bundle.Id) : null,
    warning: null,
    orgName,
    instanceUrl: auth.instanceUrl,
    components,
  };
}

async function organizationName(call: Call, instanceUrl: string): Promise<string | null> {
  try {
    const res = await call.conn(instanceUrl).query<Rec>('SELECT Name FROM Organization LIMIT 1');
    return typeof res.records[0]?.Name === 'string' ? res.records[0].Name : null;
  } catch {
    return null;
  }
}

/**
 * Polls the deploy until it is done. A status that cannot be read (failed polls in a row, or no answer
 * before the timeout) is 'unknown': the deploy may still have succeeded. A 401 ends the session.
 */
async function pollDeploy(call: Call, instanceUrl: string, path: string): Promise<Rec | 'unknown'> {
  const deadline = Date.now() + POLL.timeoutMs;
  let failures = 0;
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, POLL.intervalMs));
    let res: Response;
    try {
      res = await call.orgFetch(path, { instanceUrl });
    } catch (err) {
      const e = toApiError(err);
      if (e.code === 'SESSION_EXPIRED') throw e;
      if (++failures >= POLL.maxFailures) return 'unknown';
      continue;
    }
    const body = await readJson(res);
    if (res.status === 401) throw new ApiError('SESSION_EXPIRED');
    if (res.status !== 200 || !isObj(body) || !isObj(body.deployResult)) {
      if (++failures >= POLL.maxFailures) return 'unknown';
      continue;
    }
    failures = 0;
    if (body.deployResult.done === true) return body.deployResult;
  }
  return 'unknown';
}
