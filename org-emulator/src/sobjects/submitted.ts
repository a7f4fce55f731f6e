// The one test of the org's after-save submit processing (answers, score, tasks): which saves it acts on.
import type { ObjectMeta, Registry } from '../metadata/registry.js';
import type { SRecord } from '../store/records.js';

/**
 * The JSON of a form submission just saved as Submitted whose JSON or status changed (an insert, or an
 * update that changed either): what the org's after-save processing reads; undefined otherwise.
 */
export function submittedJson(
  registry: Registry,
  meta: ObjectMeta,
  record: SRecord,
  before: SRecord | undefined,
): { json: unknown } | undefined {
  const n = (name: string): string => registry.naming.qualify(name);
  if (meta.name.toLowerCase() !== n('SQX_Form_Submission__c').toLowerCase()) return undefined;
  if (String(record[n('Status__c')] ?? '') !== 'Submitted') return undefined;
  const jsonField = n('Submission_JSON__c');
  if (before && before[jsonField] === record[jsonField] && before[n('Status__c')] === record[n('Status__c')])
    return undefined;
  return { json: record[jsonField] };
}
