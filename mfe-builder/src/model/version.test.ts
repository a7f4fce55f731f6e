import { describe, expect, it } from 'vitest';
import { compareVersions, hasInlineTables, needsConversion } from './version';
import { convertLegacy, fromFormJson } from './reader';

describe('compareVersions', () => {
  it('compares numerically against 1.2.0 and 2.0.0', () => {
    expect(compareVersions('1.10.0', '1.2.0')).toBe(1);
    expect(compareVersions('1.2', '1.2.0')).toBe(0);
    expect(compareVersions('1.1.9', '1.2.0')).toBe(-1);
    expect(compareVersions(undefined, '2.0.0')).toBe(-1);
    expect(hasInlineTables('1.1.0')).toBe(true);
    expect(hasInlineTables('1.2.0')).toBe(false);
    expect(needsConversion('1.2.0')).toBe(true);
    expect(needsConversion('2.0.0')).toBe(false);
  });
});

const legacy = (version: string) => ({
  version,
  cqFormType: 'cqext__SQX_Inspection__c',
  schema: {
    type: 'object',
    properties: {
      General: {
        type: 'object',
        properties: {
          CQ_Form_Name: { type: 'string', title: 'Name' },
          G_Table_1: {
            type: 'array',
            title: 'Parts',
            items: { type: 'object', properties: { C1: { title: 'Part', type: 'string' } } },
          },
        },
        required: ['CQ_Form_Name'],
      },
    },
  },
  ui: {
    type: 'Categorization',
    elements: [
      {
        type: 'Category',
        elements: [
          {
            type: 'Group',
            label: 'Basics',
            elements: [
              { type: 'Control', scope: '#/properties/General/properties/CQ_Form_Name' },
              { type: 'table', scope: '#/properties/General/properties/G_Table_1' },
            ],
          },
        ],
      },
    ],
  },
});

describe('convertLegacy', () => {
  it('moves inline tables (below 1.2.0) to definitions and gives sections ids (below 2.0.0)', () => {
    const json = convertLegacy(legacy('1.1.0')) as {
      version: string;
      schema: {
        properties: { General: { properties: Record<string, unknown> } };
        definitions: Record<string, unknown>;
      };
    };
    expect(json.version).toBe('2.0.0');
    expect(json.schema.properties.General.properties.G_Table_1).toEqual({
      type: 'object',
      format: 'table',
      title: 'Parts',
      $ref: '#/definitions/G_Table_1',
    });
    expect(json.schema.definitions.G_Table_1).toMatchObject({
      type: 'array',
      relationshipName: 'G_Table_1__r',
    });
    const form = fromFormJson(legacy('1.1.0'));
    expect(form.sections).toMatchObject([
      { sectionId: 'section-1', title: 'Basics', rows: [[100]], tables: [200], documents: [] },
    ]);
    expect(form.fields[100]).toMatchObject({ key: 'CQ_Form_Name', kind: 'text', required: true });
    expect(form.fields[200]).toMatchObject({ key: 'G_Table_1', kind: 'table' });
  });
  it('leaves 1.2.0 tables alone but still converts the layout', () => {
    const json = convertLegacy(legacy('1.2.0')) as {
      schema: { properties: { General: { properties: Record<string, { type: string }> } } };
    };
    expect(json.schema.properties.General.properties.G_Table_1!.type).toBe('array');
  });
  it('does not touch 2.0.0 JSON', () => {
    const input = legacy('2.0.0');
    expect(convertLegacy(input)).toBe(input);
  });
});
