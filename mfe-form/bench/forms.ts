/** Generated bench forms: N text-ish fields, and a 100-row x 5-column table. Same schema for both renderers. */
import type { ControlElement, FormDefinition, FormJsonSchema, LayoutElement } from 'shared-contracts';
import { withScoring } from 'form-core/scoring-layout';
import { fieldsForm } from 'test-kit/bench-forms';

export { fieldsForm };

export interface BenchForm {
  name: string;
  schema: FormJsonSchema;
  uischema: LayoutElement;
  data: Record<string, unknown>;
  /** Data path of the field typed into, and its DOM id suffix. */
  target: string;
}

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

/**
 * A checklist of `n` Color Code questions in sections of 20 (issue 43) and a Notes field typed into;
 * `scored`: the same form with scoring (live score, section lines, failed-item blocks), as the form
 * screen shows it (withScoring). Every tenth question is answered Fail, the rest Pass.
 */
export const checklistForm = (n: number, scored: boolean): BenchForm => {
  const options = [
    { const: 'Pass', title: 'Pass', color: 'green-white' },
    { const: 'Needs Attention', title: 'Needs Attention', color: 'yellow-black' },
    { const: 'Fail', title: 'Fail', color: 'red-white' },
    { const: 'N/A', title: 'Not Applicable', color: 'grey-black' },
  ];
  const questions: Record<string, FormJsonSchema> = {};
  const answers: Record<string, string> = {};
  const sections: LayoutElement[] = [];
  for (let i = 0; i < n; i++) {
    const id = `Q${i}`;
    questions[id] = { type: 'string', title: `Question ${i}: is it in order?`, oneOf: options };
    answers[id] = i % 10 === 9 ? 'Fail' : 'Pass';
    const s = Math.floor(i / 20);
    if (!sections[s])
      sections[s] = { type: 'Section', sectionId: `S${s}`, label: `Section ${s + 1}`, elements: [] };
    sections[s].elements.push({
      type: 'select',
      scope: `#/properties/Checklist/properties/${id}`,
    } as ControlElement);
  }
  const def: FormDefinition = {
    schema: {
      type: 'object',
      properties: {
        General: {
          type: 'object',
          properties: { Notes: { type: 'string', title: 'Notes', maxLength: 255 } },
        },
        Checklist: { type: 'object', properties: questions },
      },
    },
    ui: {
      type: 'VerticalLayout',
      elements: [{ type: 'Control', scope: '#/properties/General/properties/Notes' }, ...sections],
    },
    ...(scored ? { scoring: { passMark: 80, failingRequires: { note: true } } } : {}),
  };
  const shown = withScoring(def);
  return {
    name: `checklist ${n}${scored ? ' scored' : ''}`,
    schema: shown.schema,
    uischema: shown.ui as LayoutElement,
    data: { General: { Notes: 'value' }, Checklist: answers },
    target: 'General.Notes',
  };
};
