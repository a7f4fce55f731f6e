// Object metadata for forms: an object's fields, the starting data and lookup cache a form's queries
// read, the section-5 mapping of objects to schema (objectInfo) and the check of field names.
import { BFF_ERROR_MESSAGES } from 'shared-contracts';
import { ApiError } from '../http/errors';
import { safeJsonParse } from '../http/body';
import { allowFields, describeObject, fieldSummary } from '../org/describe';
import { mapObject } from '../org/schema-mapping';
import { eq, inIds, isSfId, select } from '../org/soql';
import { clean, queryAll, type SfRecord } from '../org/util';
import { type Handler } from './types';
import { allowObject } from './named-queries';

export const schemaHandlers: Record<string, Handler> = {
  async selectedObjectFields(call) {
    const describe = await describeObject(call.conn(), call.query.selectedObject ?? '');
    return {
      name: describe.name,
      label: describe.label,
      fields: describe.fields.map(fieldSummary),
    };
  },

  async startingData(call) {
    const conn = call.conn();
    const recordId = call.query.recordId ?? '';
    const entries = (call.body.query as SfRecord[] | undefined) ?? [];
    const startingData: SfRecord = {};
    for (const entry of entries) {
      const object = allowObject(call, String(entry.objectType));
      const describe = await describeObject(conn, object);
      const fields = allowFields(describe, entry.fields as string[]);
      const filter = entry.filter as { field: string; value: string } | undefined;
      const where: string[] = [];
      if (filter) {
        const [field] = allowFields(describe, [filter.field]);
        const value = filter.value === '$recordId' ? recordId : filter.value;
        where.push(eq(field as string, value));
      }
      const subqueries = (
        (entry.relationships as { relationshipName: string; fields: string[] }[] | undefined) ?? []
      ).map((rel) => {
        const child = describe.childRelationships?.find(
          (c) => c.relationshipName?.toLowerCase() === rel.relationshipName.toLowerCase(),
        );
        if (!child?.relationshipName) {
          const relationship = rel.relationshipName.slice(0, 80);
          throw new ApiError(
            'UNKNOWN_RELATIONSHIP',
            BFF_ERROR_MESSAGES.unknownRelationship(relationship),
          ).withParams({ relationship });
        }
        return { fields: rel.fields.length > 0 ? rel.fields : ['Id'], from: child.relationshipName };
      });
      const records = await queryAll(
        conn,
        select({ fields: ['Id', ...fields], from: object, where, subqueries, limit: 200 }),
      );
      startingData[String(entry.key ?? object)] = records.map(clean);
    }
    const lookupCacheData: Record<string, Record<string, unknown>> = {};
    const lcs = typeof call.body.lookupCacheString === 'string' ? call.body.lookupCacheString.trim() : '';
    if (lcs) {
      const parsed = safeJsonParse(lcs);
      const list: { object: string; ids: string[] }[] = Array.isArray(parsed)
        ? (parsed as { object: string; ids: string[] }[])
        : parsed && typeof parsed === 'object'
          ? Object.entries(parsed as Record<string, string[]>).map(([object, ids]) => ({ object, ids }))
          : [];
      for (const item of list.slice(0, 20)) {
        if (!item || typeof item.object !== 'string' || !Array.isArray(item.ids))
          throw new ApiError('BAD_REQUEST', 'lookupCacheString is not valid.');
        const object = allowObject(call, item.object);
        const ids = item.ids.filter(isSfId).slice(0, 200);
        if (ids.length === 0) continue;
        const records = await queryAll(
          conn,
          select({ fields: ['Id', 'Name'], from: object, where: [inIds('Id', ids)], limit: 200 }),
        );
        lookupCacheData[object] = Object.fromEntries(records.map((r) => [String(r.Id), r.Name]));
      }
    }
    return { startingData, lookupCacheData };
  },

  async objectInfo(call) {
    const conn = call.conn();
    const b = call.body as {
      objectType: string;
      fields?: string[];
      child?: { objectType: string; relationshipName: string; fields?: string[] }[];
      context?: { objectType: string; relationshipName?: string; fields?: string[] } | null;
    };
    const main = await describeObject(conn, b.objectType);
    const mainMapped = mapObject(
      main,
      b.fields ? allowFields(main, b.fields) : undefined,
      `#/properties/${main.name}/properties/`,
    );
    const properties: SfRecord = { [main.name]: mainMapped.schema };
    const definitions: SfRecord = {};
    const elements: unknown[] = [{ type: 'Group', label: main.label, elements: mainMapped.controls }];
    if (b.context) {
      const ctxDescribe = await describeObject(conn, b.context.objectType);
      const mapped = mapObject(
        ctxDescribe,
        b.context.fields ? allowFields(ctxDescribe, b.context.fields) : undefined,
        `#/properties/${ctxDescribe.name}/properties/`,
      );
      properties[ctxDescribe.name] = mapped.schema;
      elements.push({ type: 'Group', label: ctxDescribe.label, elements: mapped.controls });
    }
    for (const child of b.child ?? []) {
      const childDescribe = await describeObject(conn, child.objectType);
      const mapped = mapObject(
        childDescribe,
        child.fields ? allowFields(childDescribe, child.fields) : undefined,
        '#/properties/',
      );
      definitions[child.relationshipName] = {
        type: 'array',
        title: childDescribe.label,
        items: mapped.schema,
      };
    }
    return { properties, definitions, ui: { type: 'VerticalLayout', elements } };
  },

  async checkFieldAvailability(call) {
    const describe = await describeObject(call.conn(), String(call.body.objectName));
    const missing: string[] = [];
    for (const f of call.body.fields as string[]) {
      try {
        allowFields(describe, [f]);
      } catch {
        missing.push(f);
      }
    }
    return { missing };
  },
};
