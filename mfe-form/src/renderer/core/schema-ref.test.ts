import { describe, expect, it } from 'vitest';
import type { FormJsonSchema } from 'shared-contracts';
import { getValidator, validateData } from './validation';

describe('$ref siblings (draft-07)', () => {
  it("a table field typed 'object' beside a $ref to an array validates its rows, not the sibling type", () => {
    const schema = {
      type: 'object',
      properties: {
        General: {
          type: 'object',
          properties: { T: { type: 'object', format: 'table', title: 'T', $ref: '#/definitions/T' } },
        },
      },
      definitions: {
        T: { type: 'array', items: { type: 'object', properties: { C1: { type: 'string' } } } },
      },
    } as unknown as FormJsonSchema;
    const validate = getValidator(schema);
    expect(validateData(validate, { General: { T: [{ C1: 'a' }] } })).toEqual([]);
    expect(validateData(validate, { General: { T: [{ C1: 5 }] } }).map((e) => e.instancePath)).toEqual([
      '/General/T/0/C1',
    ]);
  });
});
