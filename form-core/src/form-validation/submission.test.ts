import { describe, expect, it } from 'vitest';
import type { FormJsonSchema } from 'shared-contracts';
import type { UISchemaElement } from 'shared-contracts';
import { checkSubmission } from './submission';

// The one submit check the browser's Save and the BFF's guard share (issue 29).
const schema: FormJsonSchema = {
  type: 'object',
  properties: {
    General: {
      type: 'object',
      title: 'General',
      properties: {
        Site: { type: 'string', title: 'Site' },
        Kind: { type: 'string', title: 'Kind' },
        Detail: { type: 'string', title: 'Detail' },
        Locked: { type: 'string', title: 'Locked' },
        Code: { type: 'string', title: 'Code', pattern: '^[0-9]+$', errorMessage: 'Numeric Only' },
        Rows: {
          type: 'array',
          title: 'Readings',
          items: { type: 'object', properties: { R: { type: 'string', title: 'Reading' } }, required: ['R'] },
        },
      },
      required: ['Site', 'Detail', 'Locked'],
    },
  },
};
const control = (name: string, extra: Partial<UISchemaElement> = {}): UISchemaElement =>
  ({ type: 'Control', scope: `#/properties/General/properties/${name}`, ...extra }) as UISchemaElement;
const ui = {
  type: 'VerticalLayout',
  elements: [
    control('Site'),
    control('Kind'),
    // Hidden unless Kind is 'other': then it is required; hidden, it is not.
    control('Detail', {
      rules: [{ type: 'visible', conditions: [{ field: 'General.Kind', operator: '==', value: 'other' }] }],
    }),
    control('Locked', { options: { readOnly: true } }),
    control('Code'),
    control('Rows'),
  ],
} as UISchemaElement;

describe('checkSubmission', () => {
  it('lists missing required fields in the spec’s words (absent section included), and passes when filled', () => {
    const empty = checkSubmission({ schema, ui, data: {} });
    expect(empty.ok).toBe(false);
    expect(empty.messages).toEqual(['Site is missing required fields']);
    // each message with its field, so a refusal can be shown on the field
    expect(empty.fieldErrors).toEqual([
      {
        path: 'General.Site',
        message: 'Site is missing required fields',
        detail: { code: 'missingRequired', params: { field: 'Site' } },
      },
    ]);
    expect(checkSubmission({ schema, ui, data: { General: { Site: '  ' } } }).missing).toEqual([
      'General.Site',
    ]);
    expect(checkSubmission({ schema, ui, data: { General: { Site: 'Acme' } } })).toEqual({
      ok: true,
      missing: [],
      messages: [],
      fieldErrors: [],
    });
  });

  it('exempts a field hidden by a rule and a read-only one; a shown required field counts again', () => {
    const shown = checkSubmission({ schema, ui, data: { General: { Site: 'Acme', Kind: 'other' } } });
    expect(shown.messages).toEqual(['Detail is missing required fields']);
  });

  it('exempts the form definition’s readOnly list; without a layout the schema’s required fields all count', () => {
    const noLocked = { ...schema };
    const withoutUi = checkSubmission({ schema: noLocked, data: { General: { Site: 'Acme' } } });
    expect(withoutUi.missing).toEqual(['General.Detail', 'General.Locked']);
    const listed = checkSubmission({
      schema,
      data: { General: { Site: 'Acme' } },
      readOnlyFields: ['Detail', 'Locked'],
    });
    expect(listed.ok).toBe(true);
  });

  it('checks rows with content per row, and the schema’s patterns with their messages', () => {
    const r = checkSubmission({
      schema,
      ui,
      data: { General: { Site: 'Acme', Code: '12a', Rows: [{ R: 'x' }, { R: '' }, {}] } },
    });
    expect(r.ok).toBe(false);
    expect(r.messages).toContain('Code Numeric Only');
    // the author's message, as written
    expect(r.fieldErrors).toContainEqual({
      path: 'General.Code',
      message: 'Code Numeric Only',
      detail: { code: 'invalid', params: { field: 'Code', reason: 'Numeric Only' } },
    });
  });
});

describe('a required lookup (issue 40.9)', () => {
  const lookupSchema: FormJsonSchema = {
    type: 'object',
    properties: {
      General: {
        type: 'object',
        title: 'General',
        properties: {
          // a lookup by its schema (the org's reference fields)
          Account: {
            type: 'string',
            title: 'Account',
            lookupTo: { object: 'Account', titleField: 'Name', valueField: 'Id' },
          },
          // a lookup only by its layout (a builder's lookup element)
          Contact: { type: 'string', title: 'Contact' },
          Visits: {
            type: 'array',
            title: 'Visits',
            items: {
              type: 'object',
              properties: {
                Site: { type: 'string', title: 'Site' },
                Note: { type: 'string', title: 'Note' },
              },
              required: ['Site'],
            },
          },
        },
        required: ['Account', 'Contact'],
      },
    },
  };
  const lookupUi = {
    type: 'VerticalLayout',
    elements: [
      { type: 'lookup', scope: '#/properties/General/properties/Account' },
      { type: 'lookup', scope: '#/properties/General/properties/Contact', options: { lookupTo: 'Contact' } },
      {
        type: 'Control',
        scope: '#/properties/General/properties/Visits',
        options: {
          detail: {
            type: 'VerticalLayout',
            elements: [
              { type: 'lookup', scope: '#/properties/Site', options: { lookupTo: 'Account' } },
              { type: 'Control', scope: '#/properties/Note' },
            ],
          },
        },
      },
    ],
  } as UISchemaElement;
  const check = (General: Record<string, unknown>) =>
    checkSubmission({ schema: lookupSchema, ui: lookupUi, data: { General } }).missing;

  it('text typed without choosing a record is not filled; a chosen record is', () => {
    expect(check({ Account: 'Acme', Contact: 'Ann' })).toEqual(['General.Account', 'General.Contact']);
    expect(check({ Account: 'Acme', Account_Id: '001A', Contact: 'Ann', Contact_Id: '003A' })).toEqual([]);
    // an API client sending the record's id as the value names a record too
    expect(check({ Account: '0015g00000AbCdEAAV', Contact: '0035g00000AbCdE' })).toEqual([]);
    expect(
      checkSubmission({
        schema: lookupSchema,
        ui: lookupUi,
        data: { General: { Account: 'Acme', Contact: 'Ann' } },
      }).messages,
    ).toEqual(['Account is missing required fields', 'Contact is missing required fields']);
  });

  it('in table rows too, per row', () => {
    const chosen = { Account: 'Acme', Account_Id: '001A', Contact: 'Ann', Contact_Id: '003A' };
    expect(
      check({
        ...chosen,
        Visits: [
          { Site: 'North', Site_Id: '001B' },
          { Site: 'typed only', Note: 'x' },
        ],
      }),
    ).toEqual(['General.Visits.1.Site']);
  });

  it('a lookup that is not required may hold typed text', () => {
    const optional = {
      ...lookupSchema,
      properties: { General: { ...lookupSchema.properties!.General!, required: [] } },
    } as FormJsonSchema;
    expect(
      checkSubmission({ schema: optional, ui: lookupUi, data: { General: { Account: 'Acme' } } }).missing,
    ).toEqual([]);
  });
});
