import type { Connection } from 'jsforce';
import { BFF_ERROR_MESSAGES } from 'shared-contracts';
import { sharedCache } from '../cache/shared-cache';
import { ApiError } from '../http/errors';
import type { DescribeField } from './schema-mapping';

export interface ObjectDescribe {
  name: string;
  label: string;
  keyPrefix?: string | null;
  custom?: boolean;
  fields: (DescribeField & { relationshipName?: string | null })[];
  childRelationships?: { childSObject: string; field: string; relationshipName?: string | null }[];
  recordTypeInfos?: {
    recordTypeId: string;
    name: string;
    active?: boolean;
    available?: boolean;
    master?: boolean;
  }[];
}

// Shared by the instances (Redis): every instance answers a user with the same describe, and one org
// call serves them all.
const cache = sharedCache<ObjectDescribe>('describe', { max: 2000, ttlMs: 5 * 60 * 1000 });

/**
 * Describe of an object, cached per org and user for 5 minutes (the org answers it per user: fields
 * they cannot read are absent, createable/updateable are theirs). An unknown object is a 400.
 */
export function describeObject(conn: Connection, object: string): Promise<ObjectDescribe> {
  const key = `${conn.instanceUrl}|${conn.userInfo?.id ?? ''}|${object.toLowerCase()}`;
  return cache.getOrLoad(key, () =>
    (conn.describe(object) as unknown as Promise<ObjectDescribe>).catch((err: unknown) => {
      const code = (err as { errorCode?: string }).errorCode ?? (err as { name?: string }).name;
      if (code === 'NOT_FOUND' || code === 'INVALID_TYPE' || code === 'ERROR_HTTP_404') {
        throw new ApiError('UNKNOWN_OBJECT', BFF_ERROR_MESSAGES.unknownObject(object)).withParams({ object });
      }
      throw err;
    }),
  );
}

/** A field as the builder's routes offer it (selectedObjectFields, startingData): what it is and links to. */
export function fieldSummary(f: ObjectDescribe['fields'][number]) {
  return {
    name: f.name,
    label: f.label,
    type: f.type,
    custom: Boolean(f.custom),
    autoNumber: Boolean(f.autoNumber),
    referenceTo: f.referenceTo ?? [],
    relationshipName: f.relationshipName ?? null,
  };
}

/** Keeps only field names the object really has (case-insensitive), in their real spelling; throws on any other. */
export function allowFields(describe: ObjectDescribe, fields: readonly string[]): string[] {
  const byLower = new Map(describe.fields.map((f) => [f.name.toLowerCase(), f.name]));
  const rels = new Map(
    describe.fields
      .filter((f) => f.relationshipName)
      .map((f) => [String(f.relationshipName).toLowerCase(), f]),
  );
  return fields.map((name) => {
    const direct = byLower.get(name.toLowerCase());
    if (direct) return direct;
    const dot = name.indexOf('.');
    if (dot > 0) {
      // Parent relationship paths: the first hop must be a real relationship; the rest is checked by the org.
      const rel = rels.get(name.slice(0, dot).toLowerCase());
      if (rel && /^[A-Za-z][A-Za-z0-9_]{0,79}$/.test(name.slice(dot + 1)))
        return `${rel.relationshipName}.${name.slice(dot + 1)}`;
    }
    const field = name.slice(0, 80);
    throw new ApiError('UNKNOWN_FIELD', BFF_ERROR_MESSAGES.unknownField(field, describe.name)).withParams({
      field,
      object: describe.name,
    });
  });
}

// The org's objects by key prefix, cached like describe (per org and user, shared by the instances).
const prefixes = sharedCache<Record<string, string>>('describe-global', { max: 500, ttlMs: 5 * 60 * 1000 });

/** The object a record Id belongs to (by its key prefix); undefined when the org has none for it. */
export async function objectOfId(conn: Connection, id: string): Promise<string | undefined> {
  const key = `${conn.instanceUrl}|${conn.userInfo?.id ?? ''}`;
  const byPrefix = await prefixes.getOrLoad(key, async () => {
    const global = (await conn.describeGlobal()) as unknown as {
      sobjects: { name: string; keyPrefix: string | null }[];
    };
    return Object.fromEntries(global.sobjects.filter((o) => o.keyPrefix).map((o) => [o.keyPrefix, o.name]));
  });
  return byPrefix[id.slice(0, 3)];
}
