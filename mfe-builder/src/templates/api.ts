// The publishing screens' BFF calls (builder spec 7). The download is a blob, so it is fetched directly
// (same origin, session cookie, CSRF header) instead of through the host's JSON client.
import {
  BUILDER,
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  readEnvelope,
  type ApiCallFailure,
  type ApiClient,
  type PublishResult,
} from 'shared-contracts';
import { lwcListBody, vfPagesBody } from './logic';

export interface TemplateInfo {
  name: string;
  label: string;
  category: string;
  description: string;
  generates: string[];
  targets: string[];
}
export interface Named {
  Id?: string;
  Name?: string;
  DeveloperName?: string;
  MasterLabel?: string;
  ApiName?: string;
  Label?: string;
}
export interface BaseClassInfo {
  name: string;
  apiVersion: string;
  description: string;
  inOrg: boolean;
  [key: string]: unknown;
}
export type AuthSession = {
  main: { url: string; organizationId: string };
  otherOrg: { url: string; organizationId: string; username: string } | null;
} | null;

export const templatesApi = (api: ApiClient) => ({
  templates: () => api.get<TemplateInfo[]>('/api/templates/getTemplates/all'),
  session: () => api.get<AuthSession>('/api/auth/session'),
  savedForm: (recordId: string) =>
    api.get<{ formJSON: string; objectType: string | null }>('/api/getSavedFormBuilderJSON', { recordId }),
  /** The org's published form definition (Form_JSON), when the builder has no saved JSON. */
  formDefinition: (recordId: string) => api.get<Record<string, unknown>>('/api/formDefinition', { recordId }),
  forms: () => api.get<{ Id: string; Name: string; Title__c?: string | null }[]>('/api/forms'),
  lwcList: (term: string, instanceUrl: string) =>
    api.post<Named[]>('/api/sf/getLWCList', lwcListBody(term, instanceUrl)),
  vfPages: (term: string, instanceUrl: string) =>
    api.post<Named[]>('/api/sf/getVFPages', vfPagesBody(term, instanceUrl)),
  flows: (instanceUrl: string) =>
    api.post<Named[]>('/api/sf/getAutoLaunchedFlow', { instanceUrl, labelPrefix: 'CQ' }),
  filterClasses: (instanceUrl: string, interfaceName: string) =>
    api.post<Named[]>('/api/sf/getComponent', { instanceUrl, interfaceName }),
  baseClass: (instanceUrl: string) =>
    api.post<BaseClassInfo>('/api/sf/getDefaultBaseClassJSON', { instanceUrl }),
  layouts: (instanceUrl: string, objectName: string) =>
    api.post<{ id: string | null; name: string }[]>('/api/sf/layouts', { instanceUrl, objectName }),
  publish: (name: string, template: string, body: unknown) =>
    api.post<PublishResult>(
      `/api/templates/publish/${encodeURIComponent(name)}/${encodeURIComponent(template)}`,
      body,
    ),
  publishOther: (name: string, template: string, body: unknown) =>
    api.post<PublishResult>(
      `/api/templates/publishDiffOrg/${encodeURIComponent(name)}/${encodeURIComponent(template)}/otherOrg`,
      body,
    ),
});

/** POSTs the download and saves the answer as src.zip; throws an Error with `failure` like the host client. */
export async function downloadZip(name: string, template: string, body: unknown): Promise<void> {
  let res: Response;
  try {
    res = await fetch(`/api/templates/download/${encodeURIComponent(name)}/${encodeURIComponent(template)}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE },
      body: JSON.stringify(body),
    });
  } catch {
    const failure: ApiCallFailure = { status: 0, message: '', errorType: 'generic', network: true };
    throw Object.assign(new Error('network'), { failure });
  }
  if (!res.ok) {
    const read = readEnvelope(res.status, await res.json().catch(() => null));
    const failure: ApiCallFailure = read.ok
      ? { status: res.status, message: '', errorType: 'generic', network: false }
      : {
          status: res.status,
          message: read.message,
          errorType: read.errorType,
          network: false,
          details: read.details,
        };
    throw Object.assign(new Error(failure.message), { failure });
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = BUILDER.downloadArchiveName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
