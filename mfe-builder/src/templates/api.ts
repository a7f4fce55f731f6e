// The publishing screens' BFF calls (builder spec 7), all through the host's client (host.api).
import { BUILDER, type ApiClient, type PublishBody } from 'shared-contracts';
import { lwcListBody, vfPagesBody } from './logic';

export const templatesApi = (api: ApiClient) => ({
  templates: () => api.call('getTemplates', { params: { x: 'all' } }),
  session: () => api.call('authSession'),
  savedForm: (recordId: string) => api.call('getSavedFormBuilderJSON', { query: { recordId } }),
  /** The org's published form definition (Form_JSON), when the builder has no saved JSON. */
  formDefinition: (recordId: string) => api.call('formDefinition', { query: { recordId } }),
  forms: () => api.call('forms'),
  lwcList: (term: string, instanceUrl: string) =>
    api.call('sfGetLWCList', { body: lwcListBody(term, instanceUrl) }),
  vfPages: (term: string, instanceUrl: string) =>
    api.call('sfGetVFPages', { body: vfPagesBody(term, instanceUrl) }),
  flows: (instanceUrl: string) =>
    api.call('sfGetAutoLaunchedFlow', { body: { instanceUrl, labelPrefix: 'CQ' } }),
  filterClasses: (instanceUrl: string, interfaceName: string) =>
    api.call('sfGetComponent', { body: { instanceUrl, interfaceName } }),
  baseClass: (instanceUrl: string) => api.call('sfGetDefaultBaseClassJSON', { body: { instanceUrl } }),
  layouts: (instanceUrl: string, objectName: string) =>
    api.call('sfLayouts', { body: { instanceUrl, objectName } }),
  publish: (name: string, template: string, body: PublishBody) =>
    api.call('publish', { params: { a: name, template }, body }),
  publishOther: (name: string, template: string, body: PublishBody) =>
    api.call('publishDiffOrg', { params: { a: name, template, x: 'otherOrg' }, body }),
});

/** POSTs the download (a blob, through the host's client) and saves the answer as src.zip; fails with a BffError. */
export async function downloadZip(
  api: ApiClient,
  name: string,
  template: string,
  body: PublishBody,
): Promise<void> {
  const zip = await api.call('download', { params: { a: name, template }, body });
  const url = URL.createObjectURL(zip);
  const a = document.createElement('a');
  a.href = url;
  a.download = BUILDER.downloadArchiveName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
