// Create, update, delete and upsert against the generic store; every path goes through validate.ts
// and the org's validation rules (validation-rules.ts).
import { locationValue } from './location.js';
import { SfError, notFound } from '../errors.js';
import { normalizeId } from '../ids.js';
import type { ObjectMeta, Registry } from '../metadata/registry.js';
import { Org, sfDateTime } from '../org.js';
import type { Access } from '../security/access.js';
import type { SRecord } from '../store/records.js';
import { requiredMissing, validateInput } from './validate.js';
import { writeSubmittedAnswers } from './submit-answers.js';
import { afterTaskChange, applySubmittedScore } from './submit-score.js';
import { checkOwner } from './queues.js';
import { enforceValidationRules } from './validation-rules.js';

function formatAutoNumber(format: string, n: number): string {
  return format.replace(/\{(0+)\}/, (_m, zeros: string) => String(n).padStart(zeros.length, '0'));
}

/** Derived fields that Salesforce computes itself. */
function derive(meta: ObjectMeta, rec: SRecord): void {
  if ((meta.name === 'User' || meta.name === 'Contact') && meta.field('Name')?.calculated) {
    rec.Name = [rec.FirstName, rec.LastName].filter((x) => typeof x === 'string' && x !== '').join(' ');
  }
  if (meta.name === 'Task') rec.IsClosed = rec.Status === 'Completed';
  // Tooling creates bundles from {FullName, Metadata}; the queryable columns are derived from those.
  if (meta.name === 'LightningComponentBundle') {
    const md = typeof rec.Metadata === 'object' && rec.Metadata !== null ? (rec.Metadata as SRecord) : {};
    if (!rec.DeveloperName && typeof rec.FullName === 'string')
      rec.DeveloperName = rec.FullName.replace(/^.*__/, '');
    if (!rec.FullName && typeof rec.DeveloperName === 'string') rec.FullName = rec.DeveloperName;
    if (!rec.MasterLabel && typeof md.masterLabel === 'string') rec.MasterLabel = md.masterLabel;
    if (rec.ApiVersion === null && typeof md.apiVersion === 'number') rec.ApiVersion = md.apiVersion;
    if (typeof md.isExposed === 'boolean') rec.IsExposed = md.isExposed;
    if (typeof md.description === 'string' && !rec.Description) rec.Description = md.description;
  }
}

function checkUnique(org: Org, meta: ObjectMeta, rec: SRecord): void {
  for (const f of meta.def.fields) {
    if (!f.unique) continue;
    const v = rec[f.name];
    if (typeof v !== 'string') continue;
    const lower = v.toLowerCase();
    const clash = org.store
      .list(meta.name)
      .find(
        (r) =>
          r.Id !== rec.Id && typeof r[f.name] === 'string' && (r[f.name] as string).toLowerCase() === lower,
      );
    if (clash) {
      throw new SfError(
        400,
        'DUPLICATE_VALUE',
        `duplicate value found: ${f.name} duplicates value on record with id: ${String(clash.Id)}`,
        [f.name],
      );
    }
  }
}

/** A record id that is not a well-formed 15- or 18-character id, as an org names it for the object. */
export const malformedId = (meta: ObjectMeta, value: string): SfError =>
  new SfError(400, 'MALFORMED_ID', `${meta.def.label} ID: id value of incorrect type: ${value}`, ['Id']);

export function resolveObject(registry: Registry, type: string): ObjectMeta {
  const meta = registry.get(type);
  if (!meta) throw new SfError(404, 'NOT_FOUND', `The requested resource does not exist`);
  return meta;
}

export function createRecord(
  org: Org,
  registry: Registry,
  meta: ObjectMeta,
  input: unknown,
  userId: string,
  /** The running user's access; absent when the org itself writes (system mode). */
  access?: Access,
): string {
  access?.checkCreate(meta);
  if (meta.def.createable === false) {
    throw new SfError(
      400,
      'CANNOT_INSERT_UPDATE_ACTIVATE_ENTITY',
      `entity type cannot be inserted: ${meta.name}`,
    );
  }
  const values = validateInput({ registry, store: org.store }, meta, input, 'create');
  access?.checkReferences(meta, values);
  const now = sfDateTime();
  const rec: SRecord = {};
  for (const f of meta.def.fields) {
    if (f.defaultValue !== undefined) rec[f.name] = f.defaultValue;
    else rec[f.name] = null;
  }
  Object.assign(rec, values);
  const id = org.newId(meta.def.keyPrefix);
  Object.assign(rec, {
    Id: id,
    IsDeleted: false,
    CreatedDate: now,
    CreatedById: userId,
    LastModifiedDate: now,
    LastModifiedById: userId,
    SystemModstamp: now,
  });
  if (meta.field('OwnerId') && (rec.OwnerId === null || rec.OwnerId === undefined)) rec.OwnerId = userId;
  for (const f of meta.def.fields) {
    if (f.autoNumber && f.autoNumberFormat) {
      rec[f.name] = formatAutoNumber(f.autoNumberFormat, org.store.nextCounter(`auto:${meta.name}`));
    }
  }
  derive(meta, rec);
  requiredMissing(meta, rec);
  // Validation rules see the whole record, whatever the user may read (they run in system mode).
  enforceValidationRules(access?.system ?? registry, org.store, systemMeta(meta, access), rec);
  checkUnique(org, meta, rec);
  checkOwner(org, meta, rec);
  org.store.put(meta.name, rec);
  writeSubmittedAnswers(org, registry, meta, rec, undefined, (m, v) => void insertRaw(org, m, v, userId));
  applySubmittedScore(org, registry, meta, rec, undefined, userId, (m, v) => insertRaw(org, m, v, userId));
  afterTaskChange(org, registry, meta, undefined, rec, userId);
  return id;
}

/** The object as the org defines it, every field included (the user's view may hide some). */
const systemMeta = (meta: ObjectMeta, access?: Access): ObjectMeta => access?.system.get(meta.name) ?? meta;

export function findRecord(org: Org, meta: ObjectMeta, rawId: string, access?: Access): SRecord {
  const id = normalizeId(rawId);
  const hit = id ? org.store.get(id) : undefined;
  // A record the user cannot see does not exist for them (REST answers 404, "verify that there are
  // no sharing issues": https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/errorcodes.htm).
  if (
    !hit ||
    hit.sobject.toLowerCase() !== meta.name.toLowerCase() ||
    (access && hit.data.IsDeleted !== true && !access.canRead(meta, hit.data))
  ) {
    throw notFound();
  }
  if (hit.data.IsDeleted === true) throw new SfError(404, 'ENTITY_IS_DELETED', 'entity is deleted');
  return hit.data;
}

export function updateRecord(
  org: Org,
  registry: Registry,
  meta: ObjectMeta,
  rawId: string,
  input: unknown,
  userId: string,
  access?: Access,
): void {
  const existing = findRecord(org, meta, rawId, access);
  access?.checkEdit(meta, existing);
  const values = validateInput({ registry, store: org.store }, meta, input, 'update');
  access?.checkReferences(meta, values);
  const rec: SRecord = { ...existing, ...values };
  const now = sfDateTime();
  Object.assign(rec, { LastModifiedDate: now, LastModifiedById: userId, SystemModstamp: now });
  derive(meta, rec);
  requiredMissing(meta, rec);
  enforceValidationRules(access?.system ?? registry, org.store, systemMeta(meta, access), rec);
  checkUnique(org, meta, rec);
  checkOwner(org, meta, rec);
  org.store.put(meta.name, rec);
  writeSubmittedAnswers(org, registry, meta, rec, existing, (m, v) => void insertRaw(org, m, v, userId));
  applySubmittedScore(org, registry, meta, rec, existing, userId, (m, v) => insertRaw(org, m, v, userId));
  afterTaskChange(org, registry, meta, existing, rec, userId);
}

/** Soft delete (queryAll still sees it) and cascade to master-detail children. */
export function deleteRecord(org: Org, registry: Registry, rawId: string, access?: Access): void {
  const id = normalizeId(rawId);
  const hit = id ? org.store.get(id) : undefined;
  if (!hit) {
    throw new SfError(
      404,
      id ? 'ENTITY_IS_DELETED' : 'MALFORMED_ID',
      id ? 'entity is deleted' : `malformed id ${rawId}`,
    );
  }
  if (hit.data.IsDeleted === true) throw new SfError(404, 'ENTITY_IS_DELETED', 'entity is deleted');
  const meta = registry.get(hit.sobject);
  if (access) {
    const own = access.system.get(hit.sobject);
    if (!meta || !own || !access.canRead(own, hit.data)) throw notFound();
    access.checkDelete(own, hit.data);
  }
  if (meta?.def.deletable === false) {
    throw new SfError(400, 'INSUFFICIENT_ACCESS_OR_READONLY', 'insufficient access rights on object id');
  }
  org.store.put(hit.sobject, { ...hit.data, IsDeleted: true, SystemModstamp: sfDateTime() });
  if (meta)
    afterTaskChange(org, registry, meta, hit.data, undefined, String(hit.data.LastModifiedById ?? ''));
  for (const rel of meta?.children ?? []) {
    if (!rel.cascadeDelete) continue;
    for (const child of org.store.list(rel.childSObject)) {
      // Cascades run in system mode: deleting the master deletes every detail.
      if (child[rel.field] === hit.data.Id) deleteRecord(org, access?.system ?? registry, String(child.Id));
    }
  }
}

export interface UpsertOutcome {
  id: string;
  created: boolean;
}

/** Upsert by external id: creates, updates the single match, or reports ambiguity (300). */
export function upsertRecord(
  org: Org,
  registry: Registry,
  meta: ObjectMeta,
  fieldName: string,
  value: string,
  input: unknown,
  userId: string,
  apiVersion: string,
  access?: Access,
): UpsertOutcome {
  const f = meta.field(fieldName);
  if (!f || (!f.externalId && f.name !== 'Id')) {
    throw new SfError(
      404,
      'NOT_FOUND',
      `Provided external ID field does not exist or is not accessible: ${fieldName}`,
    );
  }
  const body =
    typeof input === 'object' && input !== null && !Array.isArray(input) ? { ...(input as SRecord) } : input;
  if (f.name === 'Id') {
    const id = normalizeId(value);
    if (!id) throw malformedId(meta, value);
    const hit = id ? org.store.get(id) : undefined;
    if (hit && hit.data.IsDeleted !== true) {
      updateRecord(org, registry, meta, String(hit.data.Id), body, userId, access);
      return { id: String(hit.data.Id), created: false };
    }
    return { id: createRecord(org, registry, meta, body, userId, access), created: true };
  }
  const lower = value.toLowerCase();
  const matches = org.store
    .list(meta.name)
    .filter((r) => r[f.name] !== null && String(r[f.name]).toLowerCase() === lower)
    .filter((r) => !access || access.canRead(meta, r));
  if (matches.length > 1) {
    const err = new SfError(300, 'MULTIPLE_CHOICES', 'Multiple records match the external id');
    Object.assign(err, {
      urls: matches.map((r) => `/services/data/${apiVersion}/sobjects/${meta.name}/${String(r.Id)}`),
    });
    throw err;
  }
  if (typeof body === 'object' && body !== null && !Array.isArray(body)) {
    const b = body as SRecord;
    for (const k of Object.keys(b)) {
      if (k.toLowerCase() === f.name.toLowerCase()) {
        if (b[k] !== null && String(b[k]).toLowerCase() !== lower) {
          throw new SfError(
            400,
            'INVALID_FIELD',
            `The value of the external ID field in the body does not match the URL`,
          );
        }
        delete b[k];
      }
    }
  }
  const match = matches[0];
  if (match) {
    updateRecord(org, registry, meta, String(match.Id), body, userId, access);
    return { id: String(match.Id), created: false };
  }
  const withKey =
    typeof body === 'object' && body !== null ? { ...(body as SRecord), [f.name]: value } : body;
  return { id: createRecord(org, registry, meta, withKey, userId, access), created: true };
}

/** A record as the REST API returns it: attributes first, then the requested (or all) fields. */
export function formatRecord(meta: ObjectMeta, rec: SRecord, apiVersion: string, fields?: string[]): SRecord {
  const out: SRecord = {
    attributes: {
      type: meta.name,
      url: `/services/data/${apiVersion}/sobjects/${meta.name}/${String(rec.Id)}`,
    },
  };
  const wanted = fields ?? meta.def.fields.map((f) => f.name);
  for (const name of wanted) {
    const f = meta.field(name);
    if (!f)
      throw new SfError(
        400,
        'INVALID_FIELD',
        `No such column '${name}' on entity '${meta.name}'. If you are attempting to use a custom field, be sure to append the '__c' after the custom field name. Please reference your WSDL or the describe call for the appropriate names.`,
      );
    if (f.type === 'base64') {
      out[f.name] =
        rec[f.name] === null || rec[f.name] === undefined
          ? null
          : `/services/data/${apiVersion}/sobjects/${meta.name}/${String(rec.Id)}/${f.name}`;
      continue;
    }
    out[f.name] = f.type === 'location' ? locationValue(f, rec) : (rec[f.name] ?? null);
  }
  return out;
}

/** Trusted insert for the seed and for records the org itself creates (ContentDocument): no field-level checks. */
export function insertRaw(org: Org, meta: ObjectMeta, values: SRecord, userId: string, id?: string): SRecord {
  const now = sfDateTime();
  const rec: SRecord = {};
  for (const f of meta.def.fields) rec[f.name] = f.defaultValue !== undefined ? f.defaultValue : null;
  Object.assign(rec, {
    IsDeleted: false,
    CreatedDate: now,
    CreatedById: userId,
    LastModifiedDate: now,
    LastModifiedById: userId,
    SystemModstamp: now,
  });
  if (meta.field('OwnerId')) rec.OwnerId = userId;
  Object.assign(rec, values);
  rec.Id = id ?? org.newId(meta.def.keyPrefix);
  for (const f of meta.def.fields) {
    if (f.autoNumber && f.autoNumberFormat && values[f.name] === undefined) {
      rec[f.name] = formatAutoNumber(f.autoNumberFormat, org.store.nextCounter(`auto:${meta.name}`));
    }
  }
  derive(meta, rec);
  org.store.put(meta.name, rec);
  return rec;
}
