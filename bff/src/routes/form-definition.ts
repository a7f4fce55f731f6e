/**
 * A form's definition as the BFF reads it (GET /api/schema, /api/formDefinition, and the check of a
 * submit): the record's Form_JSON__c parsed, or a definition built from its object's metadata (spec
 * section 5). Each read is kept for the submit check that follows (submission-check.ts).
 */
import { nsName } from 'shared-contracts';
import { ApiError } from '../http/errors';
import { describeObject } from '../org/describe';
import { mapObject } from '../org/schema-mapping';
import { eqId, select } from '../org/soql';
import { queryAll, stripNs, type SfRecord } from '../org/util';
import { orgName as n } from './ns';
import { rememberDefinition } from './submission-check';
import type { Call } from './types';

/** The form definition record's fields every list and read takes. */
export function formFields(call: Call): string[] {
  return ['Id', 'Name', n(call, 'Title__c'), 'LastModifiedDate', n(call, 'Supports_Offline__c')];
}

/** A form definition record with its parsed definition, or one built from the object's metadata (spec section 5). */
export async function formDefinition(call: Call, recordId: string): Promise<SfRecord> {
  const out = await readFormDefinition(call, recordId);
  // the submit that follows is checked against this copy, with no second read (issue 33)
  rememberDefinition(call, recordId, out.LastModifiedDate, out.formDef);
  return out;
}

async function readFormDefinition(call: Call, recordId: string): Promise<SfRecord> {
  const conn = call.conn();
  const ns = call.deps.config.salesforce.namespace;
  const [rec] = await queryAll(
    conn,
    select({
      fields: [...formFields(call), n(call, 'Form_JSON__c'), n(call, 'Object_Type__c'), n(call, 'Status__c')],
      from: n(call, 'SQX_Form_Definition__c'),
      where: [eqId('Id', recordId)],
      limit: 1,
    }),
  );
  if (!rec) throw new ApiError('NOT_FOUND', 'No Data found for form submission');
  const out = stripNs(rec, ns);
  const json = out.Form_JSON__c;
  delete out.Form_JSON__c;
  if (typeof json === 'string' && json.trim() !== '') {
    try {
      out.formDef = JSON.parse(json) as unknown;
    } catch {
      throw new ApiError('SCHEMA_ERROR', 'Schema error in server');
    }
    return out;
  }
  const objectType = out.Object_Type__c;
  if (typeof objectType !== 'string' || !/^[A-Za-z][A-Za-z0-9_]{0,79}$/.test(objectType)) {
    throw new ApiError('SCHEMA_ERROR', 'Schema error in server');
  }
  const describe = await describeObject(conn, objectType);
  const { schema, controls } = mapObject(describe, undefined, '#/properties/General/properties/');
  out.formDef = {
    schema: { type: 'object', properties: { General: { ...schema, title: 'General' } }, definitions: {} },
    ui: {
      type: 'VerticalLayout',
      elements: [{ type: 'Section', sectionId: 'General', label: 'General', elements: controls }],
    },
    data: {},
    cqFormType: objectType,
    formName: out.Name,
    version: '2.0.0',
    nextaction: { [nsName(ns, 'Activity_Code__c')]: 'submit' },
    queries: [],
  };
  return out;
}
