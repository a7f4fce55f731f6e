// Field-level validation and coercion with Salesforce's error codes and message shapes.
import { SfError } from '../errors.js';
import { normalizeId } from '../ids.js';
import type { ObjectMeta, Registry } from '../metadata/registry.js';
import type { FieldDef } from '../metadata/types.js';
import { sfDateTime } from '../org.js';
import type { RecordStore } from '../store/records.js';

const typeError = (f: FieldDef, v: unknown): SfError =>
  new SfError(
    400,
    'INVALID_TYPE_ON_FIELD_IN_RECORD',
    `${f.label}: value not of required type: ${typeof v === 'string' ? v : JSON.stringify(v)}`,
    [f.name],
  );

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function parseDate(v: string): string | undefined {
  const m = DATE_RE.exec(v.slice(0, 10));
  if (!m || (v.length > 10 && v.charAt(10) !== 'T')) return undefined;
  const d = new Date(`${v.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== v.slice(0, 10)) return undefined;
  return v.slice(0, 10);
}

export function parseDateTime(v: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(v)) return undefined;
  const normalized = v.replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
  const d = new Date(normalized.length === 10 ? `${normalized}T00:00:00Z` : normalized);
  if (Number.isNaN(d.getTime())) return undefined;
  return sfDateTime(d);
}

export interface ValidateContext {
  registry: Registry;
  store: RecordStore;
}

/** Converts one JSON value to the stored form for field f, or throws the matching Salesforce error. */
export function coerce(ctx: ValidateContext, f: FieldDef, v: unknown): unknown {
  if (v === null || v === '') {
    if (v === '' && (f.type === 'string' || f.type === 'textarea')) return null;
    return null;
  }
  switch (f.type) {
    case 'id':
      throw typeError(f, v);
    case 'string':
    case 'textarea':
    case 'email':
    case 'phone':
    case 'url':
    case 'picklist':
    case 'multipicklist': {
      if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') throw typeError(f, v);
      const s = String(v);
      if (f.length && s.length > f.length) {
        throw new SfError(
          400,
          'STRING_TOO_LONG',
          `${f.label}: data value too large: ${s.slice(0, 100)} (max length=${f.length})`,
          [f.name],
        );
      }
      if (f.type === 'email' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s)) {
        throw new SfError(400, 'INVALID_EMAIL_ADDRESS', `${f.label}: invalid email address: ${s}`, [f.name]);
      }
      if (f.type === 'picklist' && f.picklistValues && !f.picklistValues.some((p) => p.value === s)) {
        throw new SfError(
          400,
          'INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST',
          `${f.label}: bad value for restricted picklist field: ${s}`,
          [f.name],
        );
      }
      return s;
    }
    case 'boolean':
      if (typeof v === 'boolean') return v;
      if (v === 'true' || v === 'false') return v === 'true';
      throw typeError(f, v);
    case 'int':
    case 'double':
    case 'currency':
    case 'percent': {
      const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
      if (!Number.isFinite(n)) throw typeError(f, v);
      const intDigits = (f.precision ?? 18) - (f.scale ?? 0);
      if (Math.abs(n) >= 10 ** intDigits) {
        throw new SfError(
          400,
          'NUMBER_OUTSIDE_VALID_RANGE',
          `${f.label}: value outside of valid range on numeric field: ${n}`,
          [f.name],
        );
      }
      return f.type === 'int' ? Math.trunc(n) : n;
    }
    case 'date': {
      const d = typeof v === 'string' ? parseDate(v) : undefined;
      if (!d) throw typeError(f, v);
      return d;
    }
    case 'datetime': {
      const d = typeof v === 'string' ? parseDateTime(v) : undefined;
      if (!d) throw typeError(f, v);
      return d;
    }
    case 'reference': {
      if (typeof v !== 'string') throw typeError(f, v);
      const id = normalizeId(v);
      if (!id)
        throw new SfError(400, 'MALFORMED_ID', `${f.label}: id value of incorrect type: ${v}`, [f.name]);
      const target = ctx.registry.byKeyPrefix(id);
      const allowed = (f.referenceTo ?? []).map((t) => t.toLowerCase());
      if (!target || !allowed.includes(target.name.toLowerCase())) {
        throw new SfError(400, 'FIELD_INTEGRITY_EXCEPTION', `${f.label}: id value of incorrect type: ${v}`, [
          f.name,
        ]);
      }
      const hit = ctx.store.get(id);
      if (!hit || hit.data.IsDeleted === true) {
        throw new SfError(400, 'INVALID_CROSS_REFERENCE_KEY', `invalid cross reference id`, [f.name]);
      }
      return id;
    }
    case 'base64':
      if (typeof v !== 'string' || !/^[A-Za-z0-9+/=\s]*$/.test(v)) throw typeError(f, v);
      return v;
    case 'anyType':
      return v;
  }
}

/** Validates an input body for create or update; returns coerced values keyed by canonical field name. */
export function validateInput(
  ctx: ValidateContext,
  meta: ObjectMeta,
  input: unknown,
  mode: 'create' | 'update',
): Record<string, unknown> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new SfError(
      400,
      'JSON_PARSER_ERROR',
      'Cannot deserialize instance of sObject from a non-object value',
    );
  }
  const out: Record<string, unknown> = {};
  const notWritable: string[] = [];
  for (const [key, value] of Object.entries(input)) {
    if (key === 'attributes') continue;
    const f = meta.field(key);
    if (!f) {
      throw new SfError(400, 'INVALID_FIELD', `No such column '${key}' on sobject of type ${meta.name}`, [
        key,
      ]);
    }
    if (mode === 'update' && f.name === 'Id') continue;
    const writable = mode === 'create' ? f.createable !== false : f.updateable !== false;
    if (!writable) {
      notWritable.push(f.name);
      continue;
    }
    out[f.name] = coerce(ctx, f, value);
  }
  if (notWritable.length > 0) {
    throw new SfError(
      400,
      'INVALID_FIELD_FOR_INSERT_UPDATE',
      `Unable to create/update fields: ${notWritable.join(', ')}. Please check the security settings of this field and verify that it is read/write for your profile or permission set.`,
      notWritable,
    );
  }
  return out;
}

export function requiredMissing(meta: ObjectMeta, rec: Record<string, unknown>): void {
  const missing = meta.def.fields
    .filter(
      (f) => f.required && !f.system && !f.autoNumber && (rec[f.name] === undefined || rec[f.name] === null),
    )
    .map((f) => f.name);
  if (missing.length > 0) {
    throw new SfError(
      400,
      'REQUIRED_FIELD_MISSING',
      `Required fields are missing: [${missing.join(', ')}]`,
      missing,
    );
  }
}
