// sObject Collections (/composite/sobjects): per-record results with `statusCode` errors. Each record
// is a savepoint of the call's one transaction: a record that fails leaves none of its writes. With
// allOrNone (or inside a Composite call with allOrNone, which overrides the collection's own flag),
// one failure rolls the whole call back and every other record reports ALL_OR_NONE_OPERATION_ROLLED_BACK.
import Router from '@koa/router';
import type { Context } from 'koa';
import { type Emu, userOf } from '../context.js';
import { SfError } from '../errors.js';
import { apiVersion } from '../http/apiVersion.js';
import { isPlainObject, readJson } from '../http/body.js';
import { normalizeId } from '../ids.js';
import type { Access } from '../security/access.js';
import { compositeAllOrNone } from './composite.js';
import {
  createRecord,
  deleteRecord,
  formatRecord,
  malformedId,
  resolveObject,
  updateRecord,
  upsertRecord,
} from './dml.js';

const MAX = 200;
const ROLLBACK = Symbol('rollback');

type Outcome<T> = { ok: true; value: T } | { ok: false; err: SfError };

function runBatch<T>(emu: Emu, allOrNone: boolean, count: number, op: (i: number) => T): Outcome<T>[] {
  const store = emu.org.store;
  const results: Outcome<T>[] = [];
  try {
    store.transaction(() => {
      for (let i = 0; i < count; i++) {
        try {
          results.push({ ok: true, value: store.transaction(() => op(i)) });
        } catch (e) {
          if (!(e instanceof SfError)) throw e;
          results.push({ ok: false, err: e });
        }
      }
      if (allOrNone && results.some((r) => !r.ok)) throw ROLLBACK;
    });
  } catch (e) {
    if (e !== ROLLBACK) throw e;
  }
  return results;
}

/** What the org answers for the records of a rolled-back all-or-none call that had no error of their own. */
const rolledBack = {
  statusCode: 'ALL_OR_NONE_OPERATION_ROLLED_BACK',
  message: 'Record rolled back because not all records were valid and the request was using AllOrNone header',
  fields: [],
};

/**
 * SaveResults as the org writes them: a record that was not saved (its own error, or rolled back with
 * the others) has a null id ("If there was an error, the field is null", UpsertResult); an upsert's
 * result also says whether it created the record (false for one not saved).
 */
function saveResults(
  outcomes: Outcome<{ id: string; created?: boolean }>[],
  allOrNone: boolean,
  withCreated: boolean,
): unknown[] {
  const failed = outcomes.some((o) => !o.ok);
  const notSaved = (errors: unknown[]) => ({
    id: null,
    success: false,
    errors,
    ...(withCreated ? { created: false } : {}),
  });
  return outcomes.map((o) => {
    if (!o.ok) return notSaved(o.err.toCollectionErrors());
    if (allOrNone && failed) return notSaved([rolledBack]);
    return {
      id: o.value.id,
      success: true,
      errors: [],
      ...(withCreated ? { created: o.value.created ?? false } : {}),
    };
  });
}

async function readBatch(ctx: Context): Promise<{ allOrNone: boolean; records: unknown[] }> {
  const body = await readJson(ctx);
  if (!isPlainObject(body) || !Array.isArray(body.records)) {
    throw new SfError(400, 'JSON_PARSER_ERROR', 'The request body must be an object with a records array');
  }
  if (body.records.length > MAX) {
    throw new SfError(
      400,
      'EXCEEDED_ID_LIMIT',
      `record limit reached. cannot submit more than ${MAX} records into this call`,
    );
  }
  return { allOrNone: body.allOrNone === true || compositeAllOrNone(ctx), records: body.records };
}

/** Field names are case-insensitive: jsforce sends `id` in collection updates. */
function idOf(rec: Record<string, unknown>): unknown {
  const key = Object.keys(rec).find((k) => k.toLowerCase() === 'id');
  return key === undefined ? undefined : rec[key];
}

function typeOf(rec: unknown): string {
  if (!isPlainObject(rec) || !isPlainObject(rec.attributes) || typeof rec.attributes.type !== 'string') {
    throw new SfError(400, 'INVALID_TYPE', 'Must send a concrete entity type.');
  }
  return rec.attributes.type;
}

function idsParam(ctx: Context, body?: unknown): string[] {
  const raw = isPlainObject(body) ? body.ids : ctx.query.ids;
  const ids = Array.isArray(raw) ? raw.map(String) : typeof raw === 'string' ? raw.split(',') : [];
  if (ids.length === 0) throw new SfError(400, 'MISSING_ARGUMENT', 'ids parameter is required');
  if (ids.length > MAX)
    throw new SfError(
      400,
      'EXCEEDED_ID_LIMIT',
      `record limit reached. cannot submit more than ${MAX} records into this call`,
    );
  return ids.map((s) => s.trim());
}

export function collectionRoutes(emu: Emu, prefix: string, api: 'data' | 'tooling' = 'data'): Router {
  const router = new Router({ prefix });
  const org = emu.org;
  const scope = (ctx: Context): Access => org.security.forUser(userOf(ctx), api);

  router.post('/composite/sobjects', async (ctx) => {
    apiVersion(ctx);
    const access = scope(ctx);
    const registry = access.registry;
    const { allOrNone, records } = await readBatch(ctx);
    const userId = userOf(ctx);
    const outcomes = runBatch(emu, allOrNone, records.length, (i) => {
      const rec = records[i];
      if (isPlainObject(rec) && idOf(rec) !== undefined) {
        throw new SfError(400, 'INVALID_FIELD', 'cannot specify Id in an insert call', ['Id']);
      }
      const meta = resolveObject(registry, typeOf(rec));
      return { id: createRecord(org, registry, meta, rec, userId, access) };
    });
    ctx.body = saveResults(outcomes, allOrNone, false);
  });

  router.patch('/composite/sobjects', async (ctx) => {
    apiVersion(ctx);
    const access = scope(ctx);
    const registry = access.registry;
    const { allOrNone, records } = await readBatch(ctx);
    const userId = userOf(ctx);
    const outcomes = runBatch(emu, allOrNone, records.length, (i) => {
      const rec = records[i];
      const meta = resolveObject(registry, typeOf(rec));
      const rawId = isPlainObject(rec) ? idOf(rec) : undefined;
      const id = typeof rawId === 'string' && rawId !== '' ? rawId : undefined;
      if (!id) throw new SfError(400, 'MISSING_ARGUMENT', 'Id not specified in an update call', ['Id']);
      if (!normalizeId(id)) throw malformedId(meta, id);
      try {
        updateRecord(org, registry, meta, id, rec, userId, access);
      } catch (e) {
        if (e instanceof SfError && e.errorCode === 'NOT_FOUND') {
          throw new SfError(400, 'INVALID_CROSS_REFERENCE_KEY', 'invalid cross reference id', []);
        }
        throw e;
      }
      return { id: normalizeId(id) ?? id };
    });
    ctx.body = saveResults(outcomes, allOrNone, false);
  });

  router.delete('/composite/sobjects', (ctx) => {
    apiVersion(ctx);
    const access = scope(ctx);
    const registry = access.registry;
    const ids = idsParam(ctx);
    const allOrNone = ctx.query.allOrNone === 'true' || compositeAllOrNone(ctx);
    const outcomes = runBatch(emu, allOrNone, ids.length, (i) => {
      const id = ids[i] ?? '';
      const norm = normalizeId(id);
      if (!norm) throw new SfError(400, 'MALFORMED_ID', `malformed id ${id}`);
      try {
        deleteRecord(org, registry, norm, access);
      } catch (e) {
        if (e instanceof SfError) throw new SfError(400, e.errorCode, e.message, e.fields);
        throw e;
      }
      return { id: norm };
    });
    ctx.body = saveResults(outcomes, allOrNone, false);
  });

  const retrieve = (ctx: Context, body?: unknown): void => {
    const v = apiVersion(ctx);
    const access = scope(ctx);
    const meta = resolveObject(access.registry, ctx.params.type ?? '');
    const ids = idsParam(ctx, body);
    const rawFields = isPlainObject(body) ? body.fields : ctx.query.fields;
    const fields = Array.isArray(rawFields)
      ? rawFields.map(String)
      : typeof rawFields === 'string'
        ? rawFields.split(',').map((s) => s.trim())
        : [];
    if (fields.length === 0) throw new SfError(400, 'MISSING_ARGUMENT', 'fields parameter is required');
    ctx.body = ids.map((raw) => {
      const id = normalizeId(raw);
      const hit = id ? org.store.get(id) : undefined;
      if (!hit || hit.sobject !== meta.name || hit.data.IsDeleted === true) return null;
      if (!access.canRead(meta, hit.data)) return null;
      return formatRecord(meta, hit.data, v, fields);
    });
  };
  router.get('/composite/sobjects/:type', (ctx) => retrieve(ctx));
  router.post('/composite/sobjects/:type', async (ctx) => retrieve(ctx, await readJson(ctx)));

  router.patch('/composite/sobjects/:type/:field', async (ctx) => {
    const v = apiVersion(ctx);
    const access = scope(ctx);
    const registry = access.registry;
    const meta = resolveObject(registry, ctx.params.type ?? '');
    const field = ctx.params.field ?? '';
    const f = meta.field(field);
    if (!f || (!f.externalId && f.name !== 'Id')) {
      throw new SfError(
        400,
        'INVALID_FIELD',
        `Provided external ID field does not exist or is not accessible: ${field}`,
      );
    }
    const { allOrNone, records } = await readBatch(ctx);
    const userId = userOf(ctx);
    const outcomes = runBatch(emu, allOrNone, records.length, (i) => {
      const rec = records[i];
      if (!isPlainObject(rec)) throw new SfError(400, 'JSON_PARSER_ERROR', 'record must be an object');
      const key = Object.keys(rec).find((k) => k.toLowerCase() === f.name.toLowerCase());
      const value = key ? rec[key] : undefined;
      if (value === undefined || value === null || value === '') {
        throw new SfError(400, 'MISSING_ARGUMENT', `${f.name} not specified`, [f.name]);
      }
      const { [key ?? '']: _ext, ...rest } = rec;
      try {
        return upsertRecord(org, registry, meta, f.name, String(value), rest, userId, v, access);
      } catch (e) {
        if (e instanceof SfError && e.status === 300) {
          throw new SfError(
            300,
            'DUPLICATE_EXTERNAL_ID',
            `${f.name}: more than one record found for external id field`,
            [f.name],
          );
        }
        throw e;
      }
    });
    ctx.body = saveResults(outcomes, allOrNone, true);
  });

  return router;
}
