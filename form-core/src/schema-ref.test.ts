import { describe, expect, it } from 'vitest';
import type { FormJsonSchema } from 'shared-contracts';
import { resolveSchemaRef, schemaType } from './schema-ref';

const root = {
  type: 'object',
  definitions: {
    Name: { type: 'string', title: 'Name' },
    Alias: { $ref: '#/definitions/Name' },
    'a/b~c': { type: 'number' },
    Loop: { $ref: '#/definitions/Loop' },
  },
  $defs: { Flag: { type: ['boolean', 'null'] } },
} as unknown as FormJsonSchema;

describe('resolveSchemaRef', () => {
  it('follows local refs, through refs to refs, with JSON Pointer escapes', () => {
    expect(resolveSchemaRef({ $ref: '#/definitions/Alias' } as FormJsonSchema, root)).toEqual({
      type: 'string',
      title: 'Name',
    });
    expect(resolveSchemaRef({ $ref: '#/definitions/a~1b~0c' } as FormJsonSchema, root)).toEqual({
      type: 'number',
    });
    expect(resolveSchemaRef({ $ref: '#/$defs/Flag' } as FormJsonSchema, root)).toEqual({
      type: ['boolean', 'null'],
    });
  });

  it('keeps a node without a ref or with a remote one, and ends a cycle or a missing target', () => {
    const plain = { type: 'string' } as FormJsonSchema;
    expect(resolveSchemaRef(plain, root)).toBe(plain);
    const remote = { $ref: 'https://example.com/s.json' } as FormJsonSchema;
    expect(resolveSchemaRef(remote, root)).toBe(remote);
    expect(resolveSchemaRef({ $ref: '#/definitions/Loop' } as FormJsonSchema, root)).toEqual({
      $ref: '#/definitions/Loop',
    });
    expect(resolveSchemaRef({ $ref: '#/definitions/None' } as FormJsonSchema, root)).toBeUndefined();
    expect(resolveSchemaRef(undefined, root)).toBeUndefined();
  });
});

describe('schemaType', () => {
  it("is the node's type, the first non-null one of a list", () => {
    expect(schemaType({ type: 'string' } as FormJsonSchema)).toBe('string');
    expect(schemaType({ type: ['null', 'integer'] } as unknown as FormJsonSchema)).toBe('integer');
    expect(schemaType({} as FormJsonSchema)).toBeUndefined();
    expect(schemaType(undefined)).toBeUndefined();
  });
});
