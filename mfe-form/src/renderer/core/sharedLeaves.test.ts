import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import type { FormJsonSchema } from 'shared-contracts';
import { SHARED_PREFIX, shareLeafSchemas } from 'form-core/sharedLeaves';
import { getValidator, validateData, errorsByPath } from './validation';

const schema: FormJsonSchema = {
  type: 'object',
  properties: {
    a: { type: 'string', title: 'A', maxLength: 3 },
    b: { type: 'string', title: 'B', maxLength: 3, errorMessage: 'x' },
    c: { type: 'string', pattern: '^[a-z]*$', title: 'C' },
    d: { type: 'number' },
    g: {
      type: 'object',
      properties: { e: { maxLength: 3, type: 'string' }, f: { type: 'string', pattern: '^[a-z]*$' } },
      required: ['e'],
    },
    rows: {
      type: 'array',
      items: { type: 'object', properties: { x: { type: 'number' }, y: { type: 'number' } } },
    },
    scoped: { $id: 'urn:x', type: 'object', properties: { z: { type: 'string', maxLength: 3 } } },
  },
  required: ['a'],
};

describe('shareLeafSchemas', () => {
  it('moves repeated field shapes to definitions, ignoring annotations, and leaves singletons and $id scopes', () => {
    const out = shareLeafSchemas(schema) as FormJsonSchema & { definitions: Record<string, FormJsonSchema> };
    const p = out.properties ?? {};
    expect(p.a).toEqual({ $ref: `#/definitions/${SHARED_PREFIX}0` });
    expect(p.b).toEqual(p.a);
    expect(p.g?.properties?.e).toEqual(p.a);
    expect(p.c).toEqual(p.g?.properties?.f);
    expect(p.d).toEqual(p.rows?.items && (p.rows.items as FormJsonSchema).properties?.x);
    expect(p.scoped).toBe(schema.properties?.scoped);
    expect(Object.keys(out.definitions)).toHaveLength(3);
    // The input is not changed.
    expect(schema.properties?.a).toEqual({ type: 'string', title: 'A', maxLength: 3 });
  });

  it('returns the schema itself when no shape repeats', () => {
    const single: FormJsonSchema = { type: 'object', properties: { a: { type: 'string' } } };
    expect(shareLeafSchemas(single)).toBe(single);
  });

  it('gives the same verdicts, paths, messages and error data as the inlined schema', () => {
    const plain = new Ajv({ allErrors: true, verbose: true, strict: false }).compile(schema);
    const shared = getValidator(schema);
    const cases: unknown[] = [
      {},
      { a: 'abcd', b: 'ok', c: 'A1', d: 'x', g: { f: '9' }, rows: [{ x: 1, y: 'no' }] },
      { a: 'ab', g: { e: 'abc' }, rows: [], scoped: { z: 'long' } },
    ];
    for (const data of cases) {
      expect(shared(data)).toBe(plain(data));
      const summary = (errs: typeof plain.errors) =>
        (errs ?? [])
          .map((e) => `${e.instancePath} ${e.keyword} ${e.message} ${JSON.stringify(e.data)}`)
          .sort();
      expect(summary(shared.errors)).toEqual(summary(plain.errors));
    }
    const byPath = errorsByPath(validateData(shared, { a: 'abcd', c: 'A1' }), schema);
    expect([...byPath.keys()].sort()).toEqual(['a', 'c']);
  });
});
