import { memo } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { ControlElement, FormJsonSchema, UISchemaElement } from 'shared-contracts';
import { renderForm } from './helpers';
import { isControl, rankWith } from '../registry';
import { useControl } from '../controls/shared';
import { ajvStats } from '../core/validation';
import { FormRenderer } from '../FormRenderer';
import type { RendererProps } from '../types';

const renders = new Map<string, number>();
/** A text control that counts its renders, with the same subscriptions as the real ones. */
const CountingControl = memo(function CountingControl(props: RendererProps) {
  const state = useControl(props);
  renders.set(state.dataPath, (renders.get(state.dataPath) ?? 0) + 1);
  return (
    <input
      aria-label={state.label}
      value={typeof state.value === 'string' ? state.value : ''}
      onChange={(e) => state.setValue(e.target.value || undefined)}
    />
  );
});

const N = 300;
const properties: Record<string, FormJsonSchema> = {};
const elements: ControlElement[] = [];
for (let i = 0; i < N; i++) {
  properties[`f${i}`] = { type: 'string', title: `F${i}`, pattern: '^[a-z]*$' };
  elements.push({ type: 'Control', scope: `#/properties/f${i}` });
}
const schema: FormJsonSchema = { type: 'object', properties, required: ['f0'] };
const ui: UISchemaElement = { type: 'VerticalLayout', elements };

describe('keystroke cost on a large form', () => {
  it('re-renders at most 2 field components per keystroke and compiles Ajv zero times after mount', () => {
    const f = renderForm(
      schema,
      ui,
      {},
      {
        renderers: [{ name: 'counting', tester: rankWith(100, isControl), renderer: CountingControl }],
        formVersion: 'perf-test@1',
      },
    );
    const compiles = ajvStats.compiles;
    const input = screen.getByLabelText('F150');
    for (const text of ['a', 'ab', 'abC', 'ab', '']) {
      renders.clear();
      fireEvent.change(input, { target: { value: text } });
      const rendered = [...renders.keys()];
      expect(rendered.length).toBeLessThanOrEqual(2);
      expect(rendered).toContain('f150');
    }
    expect(ajvStats.compiles).toBe(compiles);
    expect(f.last()?.errors.some((e) => e.path === 'f0')).toBe(true);
  });

  it('a host re-rendering with equal props (a new readOnlyFields array) re-renders no field', () => {
    const counting = [{ name: 'counting', tester: rankWith(100, isControl), renderer: CountingControl }];
    const f = renderForm(schema, ui, {}, { renderers: counting, readOnlyFields: ['f3'] });
    // Each call passes a new array, as a host re-rendering would.
    const rerenderWith = (readOnlyFields: string[]) =>
      f.rerender(
        <FormRenderer
          schema={schema}
          uischema={ui}
          data={{}}
          renderers={counting}
          readOnlyFields={readOnlyFields}
          validationTiming="sync"
        />,
      );
    renders.clear();
    rerenderWith(['f3']);
    expect([...renders.keys()]).toEqual([]);
    // A different list does reach the fields.
    rerenderWith(['f4']);
    expect(renders.size).toBe(N);
  });

  it('a remount of the same form version does not compile again', () => {
    const copy = JSON.parse(JSON.stringify(schema)) as FormJsonSchema;
    const before = ajvStats.compiles;
    renderForm(copy, ui, {}, { formVersion: 'perf-test@1' });
    expect(ajvStats.compiles).toBe(before);
  });
});
