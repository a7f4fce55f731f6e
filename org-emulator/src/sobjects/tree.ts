// sObject Tree (/composite/tree/{type}): nested records (parents with their child relationships'
// records) saved in one transaction, each named by its attributes.referenceId. A real org saves all of
// them or none: any failure answers 400 with only the failing records; success answers 201 with every
// referenceId and its new id. `sf data import tree` sends its files here.
import Router from '@koa/router';
import { type Emu, userOf } from '../context.js';
import { SfError } from '../errors.js';
import { apiVersion } from '../http/apiVersion.js';
import { isPlainObject, readJson } from '../http/body.js';
import type { ObjectMeta, Registry } from '../metadata/registry.js';
import { createRecord, resolveObject } from './dml.js';

/** Salesforce's limits for one tree request. */
const MAX_RECORDS = 200;
const MAX_DEPTH = 5;

interface Node {
  meta: ObjectMeta;
  referenceId: string;
  fields: Record<string, unknown>;
  /** The parent's lookup field on this record, set once the parent has its id. */
  parentField: string | undefined;
  children: Node[];
}

const invalid = (message: string): SfError => new SfError(400, 'INVALID_INPUT', message);

/** Reads one level of records into nodes, checking types, reference ids and the request's limits. */
function readRecords(
  registry: Registry,
  raw: unknown,
  expected: ObjectMeta,
  parentField: string | undefined,
  depth: number,
  seen: Set<string>,
): Node[] {
  if (depth > MAX_DEPTH) throw invalid(`The request can't have more than ${MAX_DEPTH} levels of records.`);
  if (!isPlainObject(raw) || !Array.isArray(raw.records)) {
    throw new SfError(400, 'JSON_PARSER_ERROR', 'The request body must be an object with a records array');
  }
  return raw.records.map((rec): Node => {
    if (!isPlainObject(rec) || !isPlainObject(rec.attributes)) {
      throw invalid('Each record must have an attributes object with its type and referenceId.');
    }
    const { type, referenceId } = rec.attributes;
    if (typeof referenceId !== 'string' || referenceId === '') {
      throw invalid('Include a reference ID for each record in the request.');
    }
    if (seen.has(referenceId.toLowerCase()))
      throw invalid(`Duplicate ReferenceId provided in the request: ${referenceId}`);
    seen.add(referenceId.toLowerCase());
    if (seen.size > MAX_RECORDS) throw invalid(`The request can't have more than ${MAX_RECORDS} records.`);
    if (typeof type !== 'string' || registry.get(type)?.name !== expected.name) {
      throw invalid(`The type of record ${referenceId} must be ${expected.name}, not ${String(type)}.`);
    }
    const fields: Record<string, unknown> = {};
    const children: Node[] = [];
    for (const [key, value] of Object.entries(rec)) {
      if (key === 'attributes') continue;
      const rel = expected.child(key);
      const childMeta = rel ? registry.get(rel.childSObject) : undefined;
      if (rel && childMeta && isPlainObject(value)) {
        children.push(...readRecords(registry, value, childMeta, rel.field, depth + 1, seen));
      } else {
        fields[key] = value;
      }
    }
    return { meta: expected, referenceId, fields, parentField, children };
  });
}

interface TreeResult {
  referenceId: string;
  id: string;
}
interface TreeError {
  referenceId: string;
  errors: { statusCode: string; message: string; fields: string[] }[];
}

const ROLLBACK = Symbol('rollback');

export function treeRoutes(emu: Emu, prefix: string, api: 'data' | 'tooling' = 'data'): Router {
  const router = new Router({ prefix });

  router.post('/composite/tree/:type', async (ctx) => {
    apiVersion(ctx);
    const access = emu.org.security.forUser(userOf(ctx), api);
    const registry = access.registry;
    const meta = resolveObject(registry, ctx.params.type ?? '');
    const nodes = readRecords(registry, await readJson(ctx), meta, undefined, 1, new Set());
    const userId = userOf(ctx);
    const saved: TreeResult[] = [];
    const failed: TreeError[] = [];
    const save = (node: Node, parentId: string | undefined): void => {
      const fields =
        node.parentField && parentId ? { ...node.fields, [node.parentField]: parentId } : node.fields;
      let id: string | undefined;
      try {
        id = createRecord(emu.org, registry, node.meta, fields, userId, access);
        saved.push({ referenceId: node.referenceId, id });
      } catch (e) {
        if (!(e instanceof SfError)) throw e;
        failed.push({ referenceId: node.referenceId, errors: e.toCollectionErrors() });
      }
      // A child of a failed parent is not attempted: it has no parent to point to.
      if (id) for (const child of node.children) save(child, id);
    };
    try {
      emu.org.store.transaction(() => {
        for (const node of nodes) save(node, undefined);
        if (failed.length > 0) throw ROLLBACK;
      });
    } catch (e) {
      if (e !== ROLLBACK) throw e;
    }
    if (failed.length > 0) {
      ctx.status = 400;
      ctx.body = { hasErrors: true, results: failed };
      return;
    }
    ctx.status = 201;
    ctx.body = { hasErrors: false, results: saved };
  });

  return router;
}
