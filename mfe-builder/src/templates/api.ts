// The publishing screens' BFF calls (builder spec 7), all through the host's client (host.api).
import { BUILDER, type ApiClient, type PublishResult } from 'shared-contracts';
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

/** POSTs the download (a blob, through the host's client) and saves the answer as src.zip; fails with a BffError. */
export async function downloadZip(
  api: ApiClient,
  name: string,
  template: string,
  body: unknown,
): Promise<void> {
  const zip = await api.blob(
    `/api/templates/download/${encodeURIComponent(name)}/${encodeURIComponent(template)}`,
    { body },
  );
  const url = URL.createObjectURL(zip);
  const a = document.createElement('a');
  a.href = url;
  a.download = BUILDER.downloadArchiveName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
