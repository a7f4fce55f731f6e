// Form definitions the user may open: the active list, the search by name or title, one definition,
// and which of the device's offline copies to purge.
import { contains, eq, inIds, select } from '../org/soql';
import { queryAll, stripNs, type SfRecord } from '../org/util';
import { formDefinition, formFields } from './form-definition';
import { type Call, type Handler } from './types';
import { orgName as n } from './ns';

async function listForms(call: Call, extra: { whereAny?: string[] } = {}, limit = 2000): Promise<SfRecord[]> {
  const soql = select({
    fields: formFields(call),
    from: n(call, 'SQX_Form_Definition__c'),
    where: [eq(n(call, 'Status__c'), 'Active')],
    ...(extra.whereAny ? { whereAny: extra.whereAny } : {}),
    orderBy: { field: 'LastModifiedDate', direction: 'DESC' },
    limit,
  });
  const auth = call.auth();
  const ns = call.deps.config.salesforce.namespace;
  // Keyed by session: a failing refresh of one session never ends another device's session.
  return call.deps.lists.getOrLoad(`${call.ctx.session.id ?? ''}|${auth.instanceUrl}|${soql}`, async () => {
    const records = await queryAll(call.conn(), soql);
    return records.map((r) => stripNs(r, ns));
  });
}

export const formHandlers: Record<string, Handler> = {
  forms: (call) => listForms(call),

  async search(call) {
    const text = call.query.search ?? '';
    return listForms(call, { whereAny: [contains('Name', text), contains(n(call, 'Title__c'), text)] }, 200);
  },

  schema: (call) => formDefinition(call, call.query.recordId ?? ''),

  formDefinition: (call) => formDefinition(call, call.query.recordId ?? ''),

  async checkFormStatus(call) {
    const ids = [...new Set((call.query.recordIds ?? '').split(','))];
    const records = await queryAll(
      call.conn(),
      select({
        fields: ['Id', n(call, 'Status__c')],
        from: n(call, 'SQX_Form_Definition__c'),
        where: [inIds('Id', ids)],
        limit: 200,
      }),
    );
    const active = new Set(
      records.filter((r) => r[n(call, 'Status__c')] === 'Active').map((r) => String(r.Id).slice(0, 15)),
    );
    return ids.filter((id) => !active.has(id.slice(0, 15)));
  },
};
