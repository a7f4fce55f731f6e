import { describe, expect, it } from 'vitest';
import type { FormJsonSchema } from 'shared-contracts';
import { VALIDATION_TEXTS } from 'shared-contracts';
import { ErrorIndex } from './errorIndex';
import { errorsByPath, getValidator, validateData } from './validation';

const schema: FormJsonSchema = {
  type: 'object',
  required: ['name', 'zip'],
  properties: {
    name: { type: 'string', title: 'Name', maxLength: 3 },
    zip: {
      type: 'string',
      title: 'ZIP',
      pattern: '^[0-9]+$',
      errorMessage: 'Field Validation : ZIP Code Only',
    },
    rows: {
      type: 'array',
      items: { type: 'object', properties: { c: { type: 'string', pattern: '^[a-z]+$' } } },
    },
  },
};
const validate = getValidator(schema);
const run = (index: ErrorIndex, data: unknown) => index.index(validateData(validate, data));
const plain = (map: ReadonlyMap<string, readonly string[]>) =>
  Object.fromEntries([...map].map(([p, m]) => [p, [...m]]));

describe('ErrorIndex', () => {
  it('groups errors by path with the same messages as errorsByPath', () => {
    const cases: unknown[] = [
      {},
      { name: 'abcd', zip: '1a', rows: [{ c: 'ok' }, { c: 'BAD' }] },
      { name: 'ab', zip: '12' },
      { zip: 'x', rows: [{ c: '1' }] },
    ];
    const index = new ErrorIndex(schema);
    for (const data of cases) {
      expect(plain(run(index, data))).toEqual(plain(errorsByPath(validateData(validate, data), schema)));
    }
  });

  it('gives back the very same map while the errors are the same, even for new data objects', () => {
    const index = new ErrorIndex(schema);
    const first = run(index, { name: 'abcd', zip: '1a' });
    expect(plain(first)).toEqual({
      name: ['must NOT have more than 3 characters'],
      zip: ['Field Validation : ZIP Code Only'],
    });
    expect(run(index, { name: 'abce', zip: '1b' })).toBe(first);
    const empty = run(index, { name: 'ab', zip: '1' });
    expect(empty).not.toBe(first);
    expect(empty.size).toBe(0);
    expect(run(index, { name: 'a', zip: '2' })).toBe(empty);
  });

  it('notices a changed error at the same path and a missing property that changed', () => {
    const index = new ErrorIndex(schema);
    const a = run(index, { zip: '1' });
    expect(plain(a)).toEqual({ name: [VALIDATION_TEXTS.requiredProperty] });
    // Same place in the schema (the object's required list), another missing property.
    const other = run(index, { name: 'a' });
    expect(plain(other)).toEqual({ zip: [VALIDATION_TEXTS.requiredProperty] });
    expect(plain(run(index, { zip: '1' }))).toEqual(plain(a));
    const b = run(index, { name: 'abcd', zip: '1' });
    expect(b).not.toBe(a);
    expect(plain(b)).toEqual({ name: ['must NOT have more than 3 characters'] });
    // An error appended after the same leading errors, then removed again.
    const c = run(index, { name: 'abcd', zip: 'z' });
    expect(Object.keys(plain(c))).toEqual(['name', 'zip']);
    const d = run(index, { name: 'abcd', zip: '1' });
    expect(plain(d)).toEqual(plain(b));
    expect(d).not.toBe(c);
  });

  it('keys row errors by their row', () => {
    const index = new ErrorIndex(schema);
    const m = run(index, { name: 'a', zip: '1', rows: [{ c: 'A' }, { c: 'b' }, { c: 'C' }] });
    expect([...m.keys()]).toEqual(['rows.0.c', 'rows.2.c']);
  });
});
