import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import type { ControlElement, FormJsonSchema, UISchemaElement } from 'shared-contracts';
import { renderForm } from './helpers';
import { CHUNK_MIN, CHUNK_SIZE } from '../layouts/chunks';
import { PrintModeContext } from '../context';
import { FormRenderer } from '../FormRenderer';

const form = (n: number): { schema: FormJsonSchema; ui: UISchemaElement } => {
  const properties: Record<string, FormJsonSchema> = {};
  const elements: ControlElement[] = [];
  for (let i = 0; i < n; i++) {
    properties[`f${i}`] = { type: 'string', title: `F${i}` };
    elements.push({ type: 'Control', scope: `#/properties/f${i}` });
  }
  return { schema: { type: 'object', properties }, ui: { type: 'VerticalLayout', elements } };
};

describe('long columns are skipped off screen per chunk', () => {
  it('wraps a long column in chunks, in order, and leaves the skipping to them', () => {
    const n = CHUNK_MIN + 3;
    const { schema, ui } = form(n);
    const { container } = renderForm(schema, ui, {});
    const chunks = [...container.querySelectorAll('.cq-chunk')];
    expect(chunks).toHaveLength(Math.ceil(n / CHUNK_SIZE));
    expect(chunks[0]?.querySelectorAll('.cq-field')).toHaveLength(CHUNK_SIZE);
    const paths = [...container.querySelectorAll('.cq-field')].map((f) => f.getAttribute('data-path'));
    expect(paths).toEqual(Array.from({ length: n }, (_, i) => `f${i}`));
    expect(container.querySelectorAll('.cq-cv')).toHaveLength(0);
    expect((chunks[0] as HTMLElement).style.containIntrinsicSize).toMatch(/^auto /);
  });

  it('keeps a short column as it was: each plain field skippable on its own', () => {
    const { schema, ui } = form(CHUNK_MIN);
    const { container } = renderForm(schema, ui, {});
    expect(container.querySelectorAll('.cq-chunk')).toHaveLength(0);
    expect(container.querySelectorAll('.cq-field.cq-cv')).toHaveLength(CHUNK_MIN);
  });

  it('leaves nothing skippable in a print view, long column or short (a page printed at once has every field)', () => {
    for (const n of [CHUNK_MIN, CHUNK_MIN + 3]) {
      const { schema, ui } = form(n);
      const { container, unmount } = render(
        <PrintModeContext.Provider value>
          <FormRenderer schema={schema} uischema={ui} data={{}} readOnly />
        </PrintModeContext.Provider>,
      );
      expect(container.querySelectorAll('.cq-field')).toHaveLength(n);
      expect(container.querySelectorAll('.cq-chunk, .cq-cv')).toHaveLength(0);
      unmount();
    }
  });
});
