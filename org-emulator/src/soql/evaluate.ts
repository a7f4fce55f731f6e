// Runs a parsed SOQL query over the generic record store, reading field types from the metadata registry.
import type {
  ConditionWithValueQuery,
  FieldType as SoqlField,
  LiteralType,
  OrderByClause,
  Query,
  QueryBase,
} from 'soql-parser-js';
import { SfError } from '../errors.js';
import { normalizeId } from '../ids.js';
import type { ObjectMeta, Registry } from '../metadata/registry.js';
import type { Access } from '../security/access.js';
import type { FieldDef } from '../metadata/types.js';
import type { Org } from '../org.js';
import type { SRecord } from '../store/records.js';
import { dateLiteralRange } from './dates.js';
import {
  badChildRelationship,
  badRelationship,
  located,
  noSuchColumn,
  parseSoql,
  unsupportedType,
} from './parse.js';
import { buildWhere, type Expr } from './where.js';
import { compileDistance, isDistance } from './distance.js';
import { locationValue } from '../sobjects/location.js';

export interface QueryEnv {
  org: Org;
  registry: Registry;
  apiVersion: string;
  includeDeleted: boolean;
  soql: string;
  /** The running user's record access: rows, parents and children they cannot see are left out. */
  access?: Access;
}

/** A record by id, if the running user may see it (a parent they cannot see reads as null, as on an org). */
function visibleRecord(env: QueryEnv, id: string): { sobject: string; data: SRecord } | undefined {
  return env.access ? env.access.visible(id) : env.org.store.get(id);
}

function visibleRows(env: QueryEnv, meta: ObjectMeta): SRecord[] {
  const rows = env.org.store.list(meta.name, env.includeDeleted);
  const access = env.access;
  return access ? rows.filter((r) => access.canRead(meta, r)) : rows;
}

export interface QueryOutput {
  totalSize: number;
  records: SRecord[];
}

type Kind = 'string' | 'id' | 'number' | 'bool' | 'date' | 'datetime';

interface CompiledPath {
  rels: FieldDef[];
  fieldName: string;
  field: FieldDef | undefined;
  kind: Kind;
}

type Select =
  | { kind: 'path'; path: CompiledPath }
  | { kind: 'sub'; relationshipName: string; childField: string; query: Compiled }
  | { kind: 'expr'; alias: string; value: (r: SRecord) => unknown };

interface Aggregate {
  fn: string;
  path: CompiledPath | undefined;
  alias: string;
}

interface Compiled {
  meta: ObjectMeta;
  selects: Select[];
  where: ((r: SRecord) => boolean) | undefined;
  order: { path: CompiledPath; desc: boolean; nullsFirst: boolean; value?: (r: SRecord) => unknown }[];
  limit: number | undefined;
  offset: number | undefined;
  countOnly: boolean;
  aggregates: Aggregate[] | undefined;
  groupBy: CompiledPath[];
}

const invalidField = (env: QueryEnv, token: string, message: string): SfError =>
  new SfError(400, 'INVALID_FIELD', located(env.soql, token, message));

function kindOf(f: FieldDef | undefined): Kind {
  switch (f?.type) {
    case 'id':
    case 'reference':
      return 'id';
    case 'int':
    case 'double':
    case 'currency':
    case 'percent':
      return 'number';
    case 'boolean':
      return 'bool';
    case 'date':
      return 'date';
    case 'datetime':
      return 'datetime';
    default:
      return 'string';
  }
}

export function compilePath(
  env: QueryEnv,
  meta: ObjectMeta,
  raw: string,
  alias: string | undefined,
): CompiledPath {
  let parts = raw.split('.');
  if (parts.length > 1 && alias && parts[0]?.toLowerCase() === alias.toLowerCase()) parts = parts.slice(1);
  const rels: FieldDef[] = [];
  let targets: ObjectMeta[] = [meta];
  for (const relName of parts.slice(0, -1)) {
    const rel = targets.map((t) => t.relationship(relName)).find((x) => x !== undefined);
    if (!rel) throw invalidField(env, raw, badRelationship(relName));
    rels.push(rel);
    targets = (rel.referenceTo ?? [])
      .map((t) => env.registry.get(t))
      .filter((t): t is ObjectMeta => t !== undefined);
  }
  const fieldName = parts[parts.length - 1] ?? '';
  const polymorphic = rels.length > 0 && (rels[rels.length - 1]?.referenceTo?.length ?? 0) > 1;
  if (polymorphic && fieldName.toLowerCase() === 'type') {
    return { rels, fieldName: 'Type', field: undefined, kind: 'string' };
  }
  const field = targets.map((t) => t.field(fieldName)).find((x) => x !== undefined);
  if (!field) {
    const entity = targets[0]?.name ?? meta.name;
    if (rels.length > 0 && targets.length > 0 && targets.some((t) => t.relationship(fieldName))) {
      throw invalidField(env, raw, badRelationship(fieldName));
    }
    throw invalidField(env, raw, noSuchColumn(rels.length > 0 ? raw : fieldName, entity));
  }
  return { rels, fieldName: field.name, field, kind: kindOf(field) };
}

interface Resolved {
  value: unknown;
  sobject: string;
}

function resolve(env: QueryEnv, rec: SRecord, path: CompiledPath): Resolved | undefined {
  let cur: SRecord = rec;
  let sobject = '';
  for (const rel of path.rels) {
    const id = cur[rel.name];
    if (typeof id !== 'string') return undefined;
    const hit = visibleRecord(env, id);
    if (!hit) return undefined;
    cur = hit.data;
    sobject = hit.sobject;
  }
  if (path.fieldName === 'Type' && path.field === undefined) return { value: sobject, sobject };
  return { value: cur[path.fieldName] ?? null, sobject };
}

const valueOf = (env: QueryEnv, rec: SRecord, path: CompiledPath): unknown =>
  resolve(env, rec, path)?.value ?? null;

// ---- literals ----

type Lit =
  | { t: 'null' }
  | { t: 'v'; v: string | number | boolean }
  | { t: 'range'; start: string | number; end: string | number };

function unquote(raw: string): string {
  const inner = raw.startsWith("'") && raw.endsWith("'") ? raw.slice(1, -1) : raw;
  return inner.replace(/\\(.)/g, (_m, c: string) => {
    switch (c) {
      case 'n':
        return '\n';
      case 'r':
        return '\r';
      case 't':
        return '\t';
      case 'b':
        return '\b';
      case 'f':
        return '\f';
      default:
        return c;
    }
  });
}

function typeMismatch(env: QueryEnv, path: CompiledPath, kind: Kind): SfError {
  const type =
    kind === 'string' || kind === 'id'
      ? 'string'
      : kind === 'number'
        ? 'double'
        : kind === 'bool'
          ? 'boolean'
          : kind;
  const quotes = type === 'string' ? 'should be enclosed in quotes' : 'should not be enclosed in quotes';
  return invalidField(
    env,
    path.fieldName,
    `value of filter criterion for field '${path.fieldName}' must be of type ${type} and ${quotes}`,
  );
}

function toComparable(kind: Kind, v: unknown): string | number | boolean | null {
  if (v === null || v === undefined) return null;
  switch (kind) {
    case 'string':
      return String(v).toLowerCase();
    case 'id':
      return (normalizeId(String(v)) ?? String(v)).toLowerCase();
    case 'number':
      return typeof v === 'number' ? v : Number(v);
    case 'bool':
      return v === true || v === 'true';
    case 'date':
      return String(v).slice(0, 10);
    case 'datetime':
      return Date.parse(String(v).replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  }
}

function literal(
  env: QueryEnv,
  path: CompiledPath,
  raw: string,
  lt: LiteralType | undefined,
  dateN: number | undefined,
): Lit {
  const kind = path.kind;
  if (lt === 'NULL') return { t: 'null' };
  const ok = (allowed: LiteralType[]): void => {
    if (!lt || !allowed.includes(lt)) throw typeMismatch(env, path, kind);
  };
  switch (kind) {
    case 'string':
      ok(['STRING']);
      return { t: 'v', v: toComparable(kind, unquote(raw)) as string };
    case 'id': {
      ok(['STRING']);
      const value = unquote(raw);
      // An org refuses an id filter whose value cannot be an id (not 15 or 18 letters and digits)
      // instead of matching nothing; an 18-character id with a wrong case-safe suffix just matches nothing.
      if (value !== '' && !/^[a-zA-Z0-9]{15}(?:[a-zA-Z0-9]{3})?$/.test(value)) {
        throw new SfError(
          400,
          'INVALID_QUERY_FILTER_OPERATOR',
          located(env.soql, raw, `invalid ID field: ${value}`),
        );
      }
      return { t: 'v', v: toComparable(kind, value) as string };
    }
    case 'number':
      ok(['INTEGER', 'DECIMAL', 'INTEGER_WITH_CURRENCY_PREFIX', 'DECIMAL_WITH_CURRENCY_PREFIX']);
      return { t: 'v', v: Number(raw.replace(/^[A-Z]{3}/, '')) };
    case 'bool':
      ok(['BOOLEAN']);
      return { t: 'v', v: raw.toUpperCase() === 'TRUE' };
    case 'date':
    case 'datetime': {
      if (lt === 'DATE_LITERAL' || lt === 'DATE_N_LITERAL') {
        const literalName = lt === 'DATE_N_LITERAL' && dateN !== undefined ? raw : raw;
        const r = dateLiteralRange(literalName);
        if (kind === 'datetime') return { t: 'range', start: r.start, end: r.end };
        return {
          t: 'range',
          start: new Date(r.start).toISOString().slice(0, 10),
          end: new Date(r.end).toISOString().slice(0, 10),
        };
      }
      ok(kind === 'date' ? ['DATE'] : ['DATETIME']);
      const c = toComparable(kind, raw);
      if (c === null || (typeof c === 'number' && Number.isNaN(c))) throw typeMismatch(env, path, kind);
      return { t: 'v', v: c };
    }
  }
}

function likeRegex(raw: string): RegExp {
  const inner = raw.startsWith("'") && raw.endsWith("'") ? raw.slice(1, -1) : raw;
  let re = '';
  for (let i = 0; i < inner.length; i++) {
    const ch = inner.charAt(i);
    if (ch === '\\' && i + 1 < inner.length) {
      const next = inner.charAt(++i);
      const mapped = next === 'n' ? '\n' : next === 't' ? '\t' : next;
      re += mapped.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    } else if (ch === '%') re += '[\\s\\S]*';
    else if (ch === '_') re += '[\\s\\S]';
    else re += ch.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`, 'i');
}

function equalsLit(c: string | number | boolean | null, lit: Lit): boolean {
  if (lit.t === 'null') return c === null;
  if (c === null) return false;
  if (lit.t === 'range') return c >= lit.start && c < lit.end;
  return c === lit.v;
}

function compileCondition(
  env: QueryEnv,
  meta: ObjectMeta,
  alias: string | undefined,
  cond: ConditionWithValueQuery,
): (r: SRecord) => boolean {
  const fnCond = (cond as { fn?: unknown }).fn;
  if (!('field' in cond) && isDistance(fnCond)) {
    // Location-based SOQL: DISTANCE(...) < n or > n (the only comparisons an org takes with it).
    const distance = compileDistance(env.soql, meta, fnCond);
    const limit = Number((cond as { value?: unknown }).value);
    const op = (cond as { operator?: string }).operator;
    if ((op !== '<' && op !== '>') || !Number.isFinite(limit)) {
      throw new SfError(
        400,
        'MALFORMED_QUERY',
        located(env.soql, 'DISTANCE', 'DISTANCE can only be compared with < or > and a number'),
      );
    }
    return (r) => {
      const d = distance(r);
      return d !== null && (op === '<' ? d < limit : d > limit);
    };
  }
  if (!('field' in cond)) {
    throw new SfError(
      400,
      'MALFORMED_QUERY',
      located(env.soql, 'WHERE', 'functions in WHERE are not supported by the emulator'),
    );
  }
  const path = compilePath(env, meta, cond.field, alias);
  if (path.field?.type === 'location') {
    throw new SfError(
      400,
      'INVALID_FIELD',
      located(env.soql, cond.field, `field '${path.field.name}' can not be filtered in a query call`),
    );
  }
  const op = cond.operator;
  const get = (r: SRecord): string | number | boolean | null =>
    toComparable(path.kind, valueOf(env, r, path));
  if ('valueQuery' in cond && cond.valueQuery) {
    if (op !== 'IN' && op !== 'NOT IN')
      throw new SfError(400, 'MALFORMED_QUERY', 'semi join requires IN or NOT IN');
    const inner = cond.valueQuery;
    let cache: Set<unknown> | undefined;
    const values = (): Set<unknown> => {
      if (!cache) {
        const out = runQuery(env, inner, true);
        cache = new Set(
          out.records.map((rec) => {
            const key = Object.keys(rec).find((k) => k !== 'attributes');
            return toComparable(path.kind, key ? rec[key] : null);
          }),
        );
      }
      return cache;
    };
    return (r) => {
      const c = get(r);
      const hit = c !== null && values().has(c);
      return op === 'IN' ? hit : !hit;
    };
  }
  const rawValue: unknown = 'value' in cond ? cond.value : '';
  const raws: string[] = Array.isArray(rawValue) ? rawValue.map(String) : [String(rawValue ?? '')];
  const rawLt: unknown = cond.literalType;
  const lts: (LiteralType | undefined)[] = Array.isArray(rawLt)
    ? (rawLt as LiteralType[])
    : raws.map(() => rawLt as LiteralType | undefined);
  const dateN = 'dateLiteralVariable' in cond ? (cond.dateLiteralVariable as number | undefined) : undefined;
  if (op === 'LIKE') {
    if (path.kind !== 'string' && path.kind !== 'id') throw typeMismatch(env, path, path.kind);
    if (lts[0] !== 'STRING') throw typeMismatch(env, path, 'string');
    const re = likeRegex(raws[0] ?? '');
    return (r) => {
      const v = valueOf(env, r, path);
      return v !== null && re.test(String(v));
    };
  }
  const lits = raws.map((raw, i) => literal(env, path, raw, lts[i] ?? lts[0], dateN));
  const first = lits[0] ?? { t: 'null' };
  switch (op) {
    case '=':
      return (r) => equalsLit(get(r), first);
    case '!=':
      return (r) => !equalsLit(get(r), first);
    case '<':
    case '<=':
    case '>':
    case '>=':
      return (r) => {
        const c = get(r);
        if (c === null || first.t === 'null') return false;
        if (first.t === 'range') {
          if (op === '<') return c < first.start;
          if (op === '<=') return c < first.end;
          if (op === '>') return c >= first.end;
          return c >= first.start;
        }
        if (op === '<') return c < first.v;
        if (op === '<=') return c <= first.v;
        if (op === '>') return c > first.v;
        return c >= first.v;
      };
    case 'IN':
      return (r) => {
        const c = get(r);
        return lits.some((l) => equalsLit(c, l));
      };
    case 'NOT IN':
      return (r) => {
        const c = get(r);
        return !lits.some((l) => equalsLit(c, l));
      };
    case 'INCLUDES':
    case 'EXCLUDES': {
      const sets = raws.map((raw) =>
        unquote(raw)
          .toLowerCase()
          .split(';')
          .map((s) => s.trim()),
      );
      return (r) => {
        const v = valueOf(env, r, path);
        const have = new Set(v === null ? [] : String(v).toLowerCase().split(';'));
        const hit = sets.some((set) => set.every((s) => have.has(s)));
        return op === 'INCLUDES' ? hit : !hit;
      };
    }
    default:
      throw new SfError(400, 'MALFORMED_QUERY', `unexpected operator ${String(op)}`);
  }
}

function compileExpr(
  env: QueryEnv,
  meta: ObjectMeta,
  alias: string | undefined,
  e: Expr,
): (r: SRecord) => boolean {
  switch (e.kind) {
    case 'cond':
      return compileCondition(env, meta, alias, e.cond);
    case 'not': {
      const inner = compileExpr(env, meta, alias, e.item);
      return (r) => !inner(r);
    }
    case 'and': {
      const items = e.items.map((x) => compileExpr(env, meta, alias, x));
      return (r) => items.every((f) => f(r));
    }
    case 'or': {
      const items = e.items.map((x) => compileExpr(env, meta, alias, x));
      return (r) => items.some((f) => f(r));
    }
  }
}

// ---- compile ----

function fieldsExpansion(meta: ObjectMeta, which: string): string[] {
  const w = which.toUpperCase();
  return meta.def.fields
    .filter((f) => (w === 'ALL' ? true : w === 'CUSTOM' ? f.custom === true : f.custom !== true))
    .map((f) => f.name);
}

function compile(env: QueryEnv, meta: ObjectMeta, q: QueryBase, alias: string | undefined): Compiled {
  const selects: Select[] = [];
  const aggregates: Aggregate[] = [];
  let countOnly = false;
  let exprIndex = 0;
  const addPath = (raw: string): void => {
    selects.push({ kind: 'path', path: compilePath(env, meta, raw, alias) });
  };
  for (const f of (q.fields ?? []) as SoqlField[]) {
    switch (f.type) {
      case 'Field':
        addPath(f.field);
        break;
      case 'FieldRelationship':
        addPath([...f.relationships, f.field].join('.'));
        break;
      case 'FieldSubquery': {
        const sub = f.subquery;
        const rel = meta.child(sub.relationshipName);
        const childMeta = rel ? env.registry.get(rel.childSObject) : undefined;
        if (!rel || !childMeta)
          throw invalidField(env, sub.relationshipName, badChildRelationship(sub.relationshipName));
        selects.push({
          kind: 'sub',
          relationshipName: rel.relationshipName,
          childField: rel.field,
          query: compile(env, childMeta, sub, undefined),
        });
        break;
      }
      case 'FieldFunctionExpression': {
        const fn = (f.functionName ?? '').toUpperCase();
        const params = (f.parameters ?? []).filter((p): p is string => typeof p === 'string');
        if (fn === 'FIELDS') {
          for (const name of fieldsExpansion(meta, params[0] ?? 'ALL')) addPath(name);
        } else if (fn === 'COUNT' && params.length === 0) {
          countOnly = true;
        } else if (['COUNT', 'COUNT_DISTINCT', 'MIN', 'MAX', 'SUM', 'AVG'].includes(fn)) {
          const p = params[0];
          aggregates.push({
            fn,
            path: p ? compilePath(env, meta, p, alias) : undefined,
            alias: f.alias ?? `expr${exprIndex++}`,
          });
        } else if (fn === 'TOLABEL' || fn === 'FORMAT' || fn === 'CONVERTCURRENCY') {
          if (params[0]) addPath(params[0]);
        } else if (fn === 'DISTANCE') {
          selects.push({
            kind: 'expr',
            alias: f.alias ?? `expr${exprIndex++}`,
            value: compileDistance(env.soql, meta, f as Parameters<typeof compileDistance>[2]),
          });
        } else {
          throw new SfError(400, 'MALFORMED_QUERY', located(env.soql, fn, `unsupported function ${fn}`));
        }
        break;
      }
      default:
        throw new SfError(
          400,
          'MALFORMED_QUERY',
          located(env.soql, 'TYPEOF', 'TYPEOF is not supported by the emulator'),
        );
    }
  }
  const groupByRaw = q.groupBy ? (Array.isArray(q.groupBy) ? q.groupBy : [q.groupBy]) : [];
  const groupBy = groupByRaw.map((g) => {
    if (!('field' in g)) throw new SfError(400, 'MALFORMED_QUERY', 'GROUP BY functions are not supported');
    return compilePath(env, meta, g.field, alias);
  });
  if (groupBy.length > 0 || aggregates.length > 0) {
    const grouped = new Set(groupBy.map((g) => g.fieldName.toLowerCase()));
    for (const s of selects) {
      if (s.kind === 'path' && !grouped.has(s.path.fieldName.toLowerCase())) {
        throw new SfError(
          400,
          'MALFORMED_QUERY',
          located(env.soql, s.path.fieldName, `Field must be grouped or aggregated: ${s.path.fieldName}`),
        );
      }
    }
  }
  const orderRaw: OrderByClause[] = q.orderBy ? (Array.isArray(q.orderBy) ? q.orderBy : [q.orderBy]) : [];
  const order = orderRaw.map((o) => {
    const fnOrder = (o as { fn?: unknown }).fn;
    if (!('field' in o) && isDistance(fnOrder)) {
      const desc = o.order === 'DESC';
      const path: CompiledPath = { rels: [], fieldName: 'DISTANCE', field: undefined, kind: 'number' };
      return {
        path,
        desc,
        nullsFirst: o.nulls ? o.nulls === 'FIRST' : !desc,
        value: compileDistance(env.soql, meta, fnOrder),
      };
    }
    if (!('field' in o)) throw new SfError(400, 'MALFORMED_QUERY', 'ORDER BY functions are not supported');
    const desc = o.order === 'DESC';
    const sorted = compilePath(env, meta, o.field, alias);
    if (sorted.field?.type === 'location') {
      throw new SfError(
        400,
        'INVALID_FIELD',
        located(env.soql, o.field, `field '${sorted.field.name}' can not be sorted in a query call`),
      );
    }
    return {
      path: sorted,
      desc,
      nullsFirst: o.nulls ? o.nulls === 'FIRST' : !desc,
    };
  });
  return {
    meta,
    selects,
    where: q.where ? compileExpr(env, meta, alias, buildWhere(q.where)) : undefined,
    order,
    limit: q.limit,
    offset: q.offset,
    countOnly,
    aggregates: aggregates.length > 0 || groupBy.length > 0 ? aggregates : undefined,
    groupBy,
  };
}

function compareValues(a: unknown, b: unknown, kind: Kind): number {
  const ca = toComparable(kind, a);
  const cb = toComparable(kind, b);
  if (ca === cb) return 0;
  if (ca === null) return -1;
  if (cb === null) return 1;
  return ca < cb ? -1 : 1;
}

function filterSort(env: QueryEnv, c: Compiled, candidates: SRecord[]): SRecord[] {
  let rows = c.where ? candidates.filter(c.where) : candidates.slice();
  if (c.order.length > 0) {
    const keyed = rows.map((r) => ({
      r,
      keys: c.order.map((o) => (o.value ? o.value(r) : valueOf(env, r, o.path))),
    }));
    keyed.sort((x, y) => {
      for (let i = 0; i < c.order.length; i++) {
        const o = c.order[i];
        if (!o) continue;
        const a = x.keys[i] ?? null;
        const b = y.keys[i] ?? null;
        if (a === null && b === null) continue;
        if (a === null) return o.nullsFirst ? -1 : 1;
        if (b === null) return o.nullsFirst ? 1 : -1;
        const cmp = compareValues(a, b, o.path.kind);
        if (cmp !== 0) return o.desc ? -cmp : cmp;
      }
      return 0;
    });
    rows = keyed.map((k) => k.r);
  }
  const start = c.offset ?? 0;
  const end = c.limit !== undefined ? start + c.limit : undefined;
  return rows.slice(start, end);
}

function attributes(env: QueryEnv, sobject: string, id: unknown): SRecord {
  return { type: sobject, url: `/services/data/${env.apiVersion}/sobjects/${sobject}/${String(id)}` };
}

function outputValue(
  env: QueryEnv,
  f: FieldDef | undefined,
  sobject: string,
  rec: SRecord,
  name: string,
): unknown {
  if (f?.type === 'location') return locationValue(f, rec);
  if (f?.type === 'base64') {
    return rec[name] === null || rec[name] === undefined
      ? null
      : `/services/data/${env.apiVersion}/sobjects/${sobject}/${String(rec.Id)}/${name}`;
  }
  return rec[name] ?? null;
}

function project(
  env: QueryEnv,
  c: Compiled,
  rec: SRecord,
  childIndex: Map<Select, Map<string, SRecord[]>>,
): SRecord {
  const out: SRecord = { attributes: attributes(env, c.meta.name, rec.Id) };
  for (const s of c.selects) {
    if (s.kind === 'expr') {
      out[s.alias] = s.value(rec);
      continue;
    }
    if (s.kind === 'sub') {
      let index = childIndex.get(s);
      if (!index) {
        index = new Map();
        const rows = visibleRows(env, s.query.meta);
        for (const r of s.query.where ? rows.filter(s.query.where) : rows) {
          const parentId = r[s.childField];
          if (typeof parentId !== 'string') continue;
          const list = index.get(parentId);
          if (list) list.push(r);
          else index.set(parentId, [r]);
        }
        childIndex.set(s, index);
      }
      const kids = filterSort(env, { ...s.query, where: undefined }, index.get(String(rec.Id)) ?? []);
      out[s.relationshipName] =
        kids.length === 0
          ? null
          : {
              totalSize: kids.length,
              done: true,
              records: kids.map((k) => project(env, s.query, k, new Map())),
            };
      continue;
    }
    const p = s.path;
    let target = out;
    let cur: SRecord | null = rec;
    let sobject = c.meta.name;
    for (const rel of p.rels) {
      if (cur === null) break;
      const key = rel.relationshipName ?? rel.name;
      const existing = target[key];
      if (existing === null) {
        cur = null;
        break;
      }
      const id: unknown = cur[rel.name];
      const hit: { sobject: string; data: SRecord } | undefined =
        typeof id === 'string' ? visibleRecord(env, id) : undefined;
      if (!hit) {
        target[key] = null;
        cur = null;
        break;
      }
      if (existing === undefined) target[key] = { attributes: attributes(env, hit.sobject, hit.data.Id) };
      target = target[key] as SRecord;
      cur = hit.data;
      sobject = hit.sobject;
    }
    if (cur === null) continue;
    if (p.fieldName === 'Type' && p.field === undefined) {
      target.Type = sobject;
      continue;
    }
    const f = env.registry.get(sobject)?.field(p.fieldName) ?? p.field;
    target[f?.name ?? p.fieldName] = outputValue(env, f, sobject, cur, f?.name ?? p.fieldName);
  }
  return out;
}

function aggregate(env: QueryEnv, c: Compiled, rows: SRecord[]): SRecord[] {
  const groups = new Map<string, SRecord[]>();
  for (const r of rows) {
    const key = JSON.stringify(c.groupBy.map((g) => toComparable(g.kind, valueOf(env, r, g))));
    const list = groups.get(key);
    if (list) list.push(r);
    else groups.set(key, [r]);
  }
  if (groups.size === 0 && c.groupBy.length === 0) groups.set('[]', []);
  const out: SRecord[] = [];
  for (const members of groups.values()) {
    const rec: SRecord = { attributes: { type: 'AggregateResult' } };
    for (const g of c.groupBy) rec[g.fieldName] = members[0] ? valueOf(env, members[0], g) : null;
    for (const a of c.aggregates ?? []) {
      const vals = a.path
        ? members.map((m) => valueOf(env, m, a.path as CompiledPath)).filter((v) => v !== null)
        : members;
      const nums = vals.map((v) => Number(v));
      switch (a.fn) {
        case 'COUNT':
          rec[a.alias] = vals.length;
          break;
        case 'COUNT_DISTINCT':
          rec[a.alias] = new Set(vals.map((v) => String(v).toLowerCase())).size;
          break;
        case 'SUM':
          rec[a.alias] = nums.length ? nums.reduce((x, y) => x + y, 0) : null;
          break;
        case 'AVG':
          rec[a.alias] = nums.length ? nums.reduce((x, y) => x + y, 0) / nums.length : null;
          break;
        case 'MIN':
        case 'MAX': {
          const kind = a.path?.kind ?? 'string';
          const sorted = vals.slice().sort((x, y) => compareValues(x, y, kind));
          rec[a.alias] = (a.fn === 'MIN' ? sorted[0] : sorted[sorted.length - 1]) ?? null;
          break;
        }
      }
    }
    out.push(rec);
  }
  return out;
}

/** The queried object, or Salesforce's INVALID_TYPE for an unknown or unqueryable one. */
export function queriedObject(env: QueryEnv, q: Query): ObjectMeta {
  const name = q.sObject ?? '';
  const meta = env.registry.get(name);
  if (!meta || meta.def.queryable === false) {
    throw new SfError(400, 'INVALID_TYPE', located(env.soql, name, unsupportedType(name)));
  }
  return meta;
}

/** Checks the whole statement (fields, relationships, filters) as running it would, without running it. */
export function checkQuery(env: QueryEnv, q: Query): ObjectMeta {
  const meta = queriedObject(env, q);
  compile(env, meta, q, q.sObjectAlias);
  return meta;
}

export function runQuery(env: QueryEnv, q: Query, _inner = false): QueryOutput {
  const meta = queriedObject(env, q);
  const c = compile(env, meta, q, q.sObjectAlias);
  const candidates = visibleRows(env, meta);
  if (c.countOnly && !c.aggregates) {
    const matched = filterSort(env, { ...c, order: [] }, candidates);
    return { totalSize: matched.length, records: [] };
  }
  if (c.aggregates) {
    const matched = filterSort(env, { ...c, order: [], limit: undefined, offset: undefined }, candidates);
    const rows = aggregate(env, c, matched).slice(
      c.offset ?? 0,
      c.limit !== undefined ? (c.offset ?? 0) + c.limit : undefined,
    );
    return { totalSize: rows.length, records: rows };
  }
  const rows = filterSort(env, c, candidates);
  const childIndex = new Map<Select, Map<string, SRecord[]>>();
  return { totalSize: rows.length, records: rows.map((r) => project(env, c, r, childIndex)) };
}

export function executeSoql(env: Omit<QueryEnv, 'soql'>, soql: string): QueryOutput {
  const q = parseSoql(soql);
  return runQuery({ ...env, soql }, q);
}
