/** Generated bench forms: N text-ish fields, and a 100-row x 5-column table. Same schema for both renderers. */
import type { ControlElement, FormJsonSchema, LayoutElement } from 'shared-contracts';

export interface BenchForm {
  name: string;
  schema: FormJsonSchema;
  uischema: LayoutElement;
  data: Record<string, unknown>;
  /** Data path of the field typed into, and its DOM id suffix. */
  target: string;
}

export const fieldsForm = (n: number): BenchForm => {
  const properties: Record<string, FormJsonSchema> = {};
  const elements: ControlElement[] = [];
  const data: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) {
    const name = `field${i}`;
    const kind = i % 10;
    properties[name] =
      kind === 7
        ? { type: 'number', title: `Field ${i}` }
        : kind === 3
          ? {
              type: 'string',
              title: `Field ${i}`,
              pattern: '^[A-Za-z ]*$',
              errorMessage: 'Field Validation : Alphabetic Only',
            }
          : { type: 'string', title: `Field ${i}`, maxLength: 255 };
    elements.push({ type: 'Control', scope: `#/properties/${name}` });
    data[name] = kind === 7 ? i : `value ${i}`;
  }
  return {
    name: `${n} fields`,
    schema: { type: 'object', properties, required: ['field0'] },
    uischema: { type: 'VerticalLayout', elements },
    data,
    target: `field${Math.floor(n / 2)}`,
  };
};

export const tableForm = (rows: number, cols: number): BenchForm => {
  const props: Record<string, FormJsonSchema> = {};
  for (let c = 0; c < cols; c++) props[`C${c + 1}`] = { type: 'string', title: `Column ${c + 1}` };
  const data = {
    rows: Array.from({ length: rows }, (_, r) => {
      const row: Record<string, string> = {};
      for (let c = 0; c < cols; c++) row[`C${c + 1}`] = `r${r}c${c}`;
      return row;
    }),
  };
  return {
    name: `table ${rows}x${cols}`,
    schema: {
      type: 'object',
      properties: { rows: { type: 'array', items: { type: 'object', properties: props } } },
    },
    uischema: { type: 'VerticalLayout', elements: [{ type: 'Control', scope: '#/properties/rows' }] },
    data,
    target: `rows.${Math.floor(rows / 2)}.C2`,
  };
};
