/**
 * The bench's wide form (bench:renderer's f1000, bench:sealing's kept form): `n` fields, a text with a
 * 255 limit, a letters-only pattern every tenth and a number every tenth, so the renderer and the
 * device's stores are measured on the same shape.
 */
import type { ControlElement, FormJsonSchema, LayoutElement } from 'shared-contracts';

export interface FieldsForm {
  name: string;
  schema: FormJsonSchema;
  uischema: LayoutElement;
  data: Record<string, unknown>;
  /** Data path of the field typed into, and its DOM id suffix. */
  target: string;
}

export const fieldsForm = (n: number): FieldsForm => {
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
