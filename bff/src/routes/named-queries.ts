// GET /api/searchQuery: the named queries the app asks by `kind` (home's assigned tasks, a lookup's
// search and its offline cache, one record by id, the builder's criteria documents). Each reads only
// what its kind names, as the signed-in user (the org applies sharing), from objects allowObject lets
// through.
import {
  BFF_ERROR_MESSAGES,
  LOOKUP_CACHE_LIMIT,
  LOOKUP_RESULTS_LIMIT,
  TASK_QUERY_LIMIT,
  nsPrefix,
} from 'shared-contracts';
import { ApiError } from '../http/errors';
import { allowFields, describeObject } from '../org/describe';
import { lookupFilterConditions, parseLookupFilters } from '../org/lookup-filters';
import { contains, eq, eqId, fieldPath, inIds, inList, isSfId, select, startsWith } from '../org/soql';
import { clean, queryAll, type SfRecord } from '../org/util';
import type { Call } from './types';
import { orgName as n } from './ns';

/**
 * The user's not-started program tasks read to pick the TASK_QUERY_LIMIT latest scheduled (their
 * programs' dates decide the order, so the limit applies after the join), and ids per IN list.
 */
const ASSIGNED_TASKS_READ_LIMIT = 2000;
const IDS_PER_QUERY = 200;

/** Objects a lookup/related-record query may read: a few standard ones and the package's custom objects. */
const STANDARD_LOOKUP_OBJECTS = new Set([
  'Account',
  'Contact',
  'User',
  'Task',
  // queues, for the builder's corrective-action assignee (filtered to Type Queue)
  'Group',
  'Case',
  'Opportunity',
  'Product2',
  'Asset',
]);
export function allowObject(call: Call, object: string): string {
  const ns = call.deps.config.salesforce.namespace;
  if (STANDARD_LOOKUP_OBJECTS.has(object)) return object;
  if (new RegExp(`^${nsPrefix(ns)}[A-Za-z0-9_]{1,60}__c$`).test(object)) return object;
  const named = object.slice(0, 80);
  throw new ApiError('OBJECT_NOT_QUERYABLE', BFF_ERROR_MESSAGES.objectNotQueryable(named)).withParams({
    object: named,
  });
}

export async function searchQuery(call: Call): Promise<unknown> {
  const q = call.query;
  const conn = call.conn();
  const auth = call.auth();
  switch (q.kind) {
    case 'assignedTasks': {
      // The user's not-started tasks on inspection programs, read from the tasks' side: limiting the
      // programs instead (however many the org has) could leave out the user's tasks (issue 40.5).
      const program = n(call, 'SQX_Inspection_Program__c');
      const scheduled = n(call, 'Scheduled_For__c');
      const formField = n(call, 'Form_Definition__c');
      const mine = await queryAll(
        conn,
        select({
          fields: ['Id', 'Subject', 'ActivityDate', 'Status', 'WhatId'],
          from: 'Task',
          // a corrective action (issue 43) on a program is not a task to fill its form: home lists it apart
          where: [
            eq('Status', 'Not Started'),
            eqId('OwnerId', auth.userId),
            eq('What.Type', program),
            `${fieldPath(n(call, 'CQ_Action_Key__c'))} = null`,
          ],
          orderBy: { field: 'ActivityDate', direction: 'DESC', nulls: 'LAST' },
          limit: ASSIGNED_TASKS_READ_LIMIT,
        }),
      );
      const programIds = [...new Set(mine.map((t) => String(t.WhatId)).filter(isSfId))];
      const programs = new Map<string, SfRecord>();
      for (let i = 0; i < programIds.length; i += IDS_PER_QUERY) {
        const ids = programIds.slice(i, i + IDS_PER_QUERY);
        const records = await queryAll(
          conn,
          select({
            fields: ['Id', 'Name', scheduled, formField],
            from: program,
            where: [inIds('Id', ids)],
          }),
        );
        for (const p of records) programs.set(String(p.Id), p);
      }
      const tasks: SfRecord[] = [];
      for (const t of mine) {
        // a program the user may not read is not listed (as its subquery never was)
        const p = programs.get(String(t.WhatId));
        if (!p) continue;
        tasks.push({
          taskId: t.Id,
          checklist: p.Name,
          subject: t.Subject ?? null,
          scheduledFor: p[scheduled] ?? t.ActivityDate ?? null,
          programId: p.Id,
          formId: p[formField] ?? null,
          status: t.Status,
        });
      }
      tasks.sort((a, b) => String(b.scheduledFor ?? '').localeCompare(String(a.scheduledFor ?? '')));
      const limited = tasks.slice(0, TASK_QUERY_LIMIT);
      return { totalSize: limited.length, done: true, records: limited };
    }
    case 'lookup':
    case 'lookupCache': {
      // lookupCache: what "Download for offline" keeps to search a lookup with no network.
      const cache = q.kind === 'lookupCache';
      const object = allowObject(call, q.object ?? 'Account');
      const describe = await describeObject(conn, object);
      const extra = q.fields ? allowFields(describe, q.fields.split(',')) : [];
      const nameField = q.searchField
        ? (allowFields(describe, [q.searchField])[0] as string)
        : (describe.fields.find((f) => (f as { nameField?: boolean }).nameField)?.name ?? 'Name');
      const where = lookupFilterConditions(describe, parseLookupFilters(q.filters));
      if (q.name && !cache) where.unshift(startsWith(nameField, q.name));
      const limit = cache ? LOOKUP_CACHE_LIMIT : LOOKUP_RESULTS_LIMIT;
      const records = await queryAll(
        conn,
        select({
          fields: [...new Set(['Id', nameField, ...extra])],
          from: object,
          where,
          orderBy: { field: nameField },
          // one more than kept tells the device the org has more than it keeps
          limit: cache ? limit + 1 : limit,
        }),
      );
      const kept = records.slice(0, limit);
      return { totalSize: kept.length, done: records.length <= limit, records: kept.map(clean) };
    }
    case 'recordById': {
      if (!q.id) throw new ApiError('BAD_REQUEST', 'id is required.');
      const object = allowObject(call, q.object ?? 'Account');
      const describe = await describeObject(conn, object);
      const fields = allowFields(describe, q.fields ? q.fields.split(',') : ['Id', 'Name']);
      const records = await queryAll(
        conn,
        select({ fields: ['Id', ...fields], from: object, where: [eqId('Id', q.id)], limit: 1 }),
      );
      return { totalSize: records.length, done: true, records: records.map(clean) };
    }
    case 'controlledDocuments': {
      const doc = n(call, 'SQX_Controlled_Document__c');
      const [rt] = await queryAll(
        conn,
        select({
          fields: ['Id'],
          from: 'RecordType',
          where: [eq('SobjectType', doc), eq('DeveloperName', 'Safety_Inspection_Criteria')],
          limit: 1,
        }),
      );
      if (!rt) return { totalSize: 0, done: true, records: [] };
      const number = n(call, 'Document_Number__c');
      const title = n(call, 'Title__c');
      // ids: the documents a saved form names, whatever their status now (their chips show title
      // and counts); otherwise the Current and Pre-Release criteria, searched in the org by name.
      const ids = q.ids ? q.ids.split(',') : null;
      const where = ids
        ? [inIds('Id', ids)]
        : [
            inList(n(call, 'Document_Status__c'), ['Current', 'Pre-Release']),
            eqId('RecordTypeId', String(rt.Id)),
          ];
      if (q.criteriaType) where.push(eq(n(call, 'Criteria_Type__c'), q.criteriaType));
      const term = q.name?.trim();
      const limit = ids ? ids.length : LOOKUP_RESULTS_LIMIT;
      const records = await queryAll(
        conn,
        select({
          fields: ['Id', 'Name', number, title, n(call, 'Criteria_Type__c'), n(call, 'Document_Status__c')],
          from: doc,
          where,
          ...(term && !ids
            ? { whereAny: [contains('Name', term), contains(number, term), contains(title, term)] }
            : {}),
          orderBy: { field: 'Name' },
          // One more than kept: `done` says whether the org holds more than the answer.
          limit: limit + 1,
        }),
      );
      const kept = records.slice(0, limit);
      return { totalSize: kept.length, done: records.length <= limit, records: kept.map(clean) };
    }
    default:
      throw new ApiError('BAD_REQUEST', 'Unknown query kind.');
  }
}
