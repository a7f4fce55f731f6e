/** Starter examples of the playground: an inspection checklist with the spec's controls and rules. */
import type { FormJsonSchema, UISchemaElement } from 'shared-contracts';

const checklistSchema: FormJsonSchema = {
  type: 'object',
  properties: {
    General: {
      type: 'object',
      title: 'General',
      required: ['Site'],
      properties: {
        Site: { type: 'string', title: 'Site', maxLength: 255 },
        Zip: {
          type: 'string',
          title: 'ZIP Code',
          pattern: '^\\d{5}(-\\d{4})?$',
          errorMessage: 'Field Validation : ZIP Code Only',
        },
        Inspected: { type: 'string', title: 'Inspected on', format: 'date', default: '$today' },
        Status: {
          type: 'string',
          title: 'Status',
          oneOf: [
            { const: 'Open', title: 'Open', color: 'orange-white' },
            { const: 'Closed', title: 'Closed', color: 'green-white' },
          ],
        },
        Reason: { type: 'string', title: 'Reason' },
        Severity: {
          type: 'string',
          title: 'Severity',
          oneOf: ['Trivial', 'Minor', 'Moderate', 'Major', 'Critical', 'Blocker'].map((t) => ({
            const: t,
            title: t,
          })),
        },
        Score: { type: 'number', title: 'Score', minimum: 0, maximum: 100 },
        Safe: { type: 'boolean', title: 'Area is safe' },
      },
    },
    G_Table_1__r: {
      type: 'array',
      title: 'Findings',
      items: {
        type: 'object',
        properties: {
          C1: { type: 'string', title: 'Finding', id: 1 },
          C2: {
            type: 'string',
            title: 'Count',
            id: 2,
            regexRuleName: 'Numeric Only',
            pattern: '^\\d+$',
            errorMessage: 'Field Validation : Numeric Only',
          },
        },
      },
    },
  },
};

const checklistUi: UISchemaElement = {
  type: 'VerticalLayout',
  elements: [
    {
      type: 'Section',
      sectionId: 'General',
      label: 'General',
      elements: [
        {
          type: 'HorizontalLayout',
          elements: [
            { type: 'Control', scope: '#/properties/General/properties/Site' },
            { type: 'Control', scope: '#/properties/General/properties/Zip' },
          ],
        },
        {
          type: 'HorizontalLayout',
          elements: [
            { type: 'Control', scope: '#/properties/General/properties/Inspected' },
            { type: 'select', scope: '#/properties/General/properties/Status' },
          ],
        },
        {
          type: 'Control',
          scope: '#/properties/General/properties/Reason',
          options: { multi: true },
          rules: [
            { type: 'visible', conditions: [{ field: 'General.Status', operator: '==', value: 'Closed' }] },
            { type: 'required', conditions: [{ field: 'General.Status', operator: '==', value: 'Closed' }] },
          ],
        },
        { type: 'select', scope: '#/properties/General/properties/Severity' },
        {
          type: 'HorizontalLayout',
          elements: [
            { type: 'Control', scope: '#/properties/General/properties/Score' },
            { type: 'Control', scope: '#/properties/General/properties/Safe' },
          ],
        },
      ],
    },
    {
      type: 'Section',
      sectionId: 'Findings',
      label: 'Findings',
      elements: [
        {
          type: 'table',
          scope: '#/properties/G_Table_1__r',
          options: { rowsCount: 3, columnWidth: { C1: 300, C2: 120 } },
        },
      ],
    },
  ],
};

export const PLAYGROUND_EXAMPLES: Array<{
  name: string;
  schema: FormJsonSchema;
  uischema: UISchemaElement;
  data: unknown;
}> = [
  {
    name: 'Inspection checklist',
    schema: checklistSchema,
    uischema: checklistUi,
    data: { General: { Site: 'North yard' } },
  },
];
