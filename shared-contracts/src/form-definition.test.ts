import { describe, expect, it } from 'vitest';
import { definitionProblem, isFormDefinition } from './form-definition';
import { MESSAGES } from './messages';

describe('definitionProblem (spec section 8: a schema problem)', () => {
  it('a definition with a schema has none', () => {
    expect(definitionProblem({ schema: { type: 'object' }, ui: {} })).toBeUndefined();
    expect(isFormDefinition({ schema: {} })).toBe(true);
  });
  it('a definition returned as a string shows that text', () => {
    expect(definitionProblem('  Form not configured for this site ')).toBe(
      'Form not configured for this site',
    );
    expect(definitionProblem('x'.repeat(1000))).toHaveLength(300);
  });
  it('anything else is the schema error', () => {
    for (const v of [null, undefined, '', 12, [], { ui: {} }, { schema: 'x' }])
      expect(definitionProblem(v)).toBe(MESSAGES.schemaError);
  });
});
