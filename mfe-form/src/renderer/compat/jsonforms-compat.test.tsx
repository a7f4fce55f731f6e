/**
 * Compatibility with JSON Forms' own published examples (@jsonforms/examples): every example whose ui
 * schema uses only element types we support renders without error, and Ajv's verdict on its data (as
 * JSON Forms configures Ajv: createAjv from @jsonforms/core) matches ours.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { createAjv } from '@jsonforms/core';
import { getExamples } from '@jsonforms/examples';
import type { FormJsonSchema, UISchemaElement } from 'shared-contracts';
import { FormRenderer } from '../FormRenderer';
import { getValidator } from '../core/validation';
import { walkUISchema } from 'form-core/uischema';

afterEach(() => cleanup());

const SUPPORTED = new Set([
  'VerticalLayout',
  'HorizontalLayout',
  'Group',
  'Categorization',
  'Category',
  'Control',
  'Label',
  'ListWithDetail',
]);

const usesOnlySupported = (ui: UISchemaElement | undefined): boolean => {
  if (!ui) return true;
  let ok = true;
  walkUISchema(ui, (el) => {
    if (!SUPPORTED.has(el.type)) ok = false;
    // Stepper variants and i18n-only options are JSON Forms UI features we do not implement.
    const variant = (el.options as { variant?: unknown } | undefined)?.variant;
    if (variant === 'stepper') ok = false;
  });
  return ok;
};

const jsonFormsAjv = createAjv();
const examples = getExamples().filter((e) => usesOnlySupported(e.uischema as unknown as UISchemaElement));
const skipped = getExamples()
  .filter((e) => !usesOnlySupported(e.uischema as unknown as UISchemaElement))
  .map((e) => e.name);

// One render per published example; the largest take several seconds on a loaded 2-core machine.
describe('JSON Forms examples', { timeout: 20_000 }, () => {
  it('covers most published examples', () => {
    expect(examples.length).toBeGreaterThan(30);
    expect(skipped.length).toBeLessThan(examples.length);
  });

  it.each(
    examples
      .filter((e) => (process.env.EX ? e.name === process.env.EX : true))
      .map((e) => [e.name, e] as const),
  )('%s renders and Ajv agrees', (_name, example) => {
    const schema = (example.schema ?? {}) as FormJsonSchema;
    const ui = example.uischema as unknown as UISchemaElement | undefined;
    let theirs: boolean | undefined;
    try {
      theirs = jsonFormsAjv.validate(schema as object, example.data) as boolean;
    } catch {
      theirs = undefined; // a schema JSON Forms' Ajv rejects: nothing to compare.
    }
    if (theirs !== undefined) {
      const ours = getValidator(schema)(example.data) === true;
      expect(ours).toBe(theirs);
    }
    const { container } = render(<FormRenderer schema={schema} uischema={ui} data={example.data} />);
    expect(container.querySelector('[data-testid="form-renderer"]')).toBeTruthy();
    expect(container.querySelector('[data-testid="unknown-element"]')).toBeNull();
  });
});
