import { describe, expect, it } from 'vitest';
import {
  buildValidFor,
  decodeValidFor,
  isRequired,
  mapFieldType,
  mapObject,
  uiControl,
  type DescribeField,
} from './schema-mapping';

const f = (type: string, extra: Partial<DescribeField> = {}): DescribeField => ({
  name: 'F__c',
  label: 'Field',
  type,
  length: 0,
  nillable: true,
  createable: true,
  updateable: true,
  ...extra,
});
const blanks = { regexRuleName: '', pattern: '', errorMessage: '', default: '' };

describe('section 5 mapping, field type by field type', () => {
  it.each(['string', 'textarea', 'url', 'String', 'TextArea', 'Url'])(
    '%s → string with maxLength',
    (type) => {
      expect(mapFieldType(f(type, { length: 120 }))).toEqual({
        title: 'Field',
        type: 'string',
        maxLength: 120,
        ...blanks,
      });
    },
  );
  it('Phone → integer with maxLength', () => {
    expect(mapFieldType(f('phone', { length: 40 }))).toEqual({
      title: 'Field',
      type: 'integer',
      maxLength: 40,
      ...blanks,
    });
  });
  it.each(['double', 'number', 'int', 'Double', 'Int'])('%s → number', (type) => {
    expect(mapFieldType(f(type))).toEqual({ title: 'Field', type: 'number', ...blanks });
  });
  it.each([
    ['date', 'date'],
    ['datetime', 'date-time'],
    ['time', 'time'],
    ['email', 'email'],
  ])('%s → string with format %s', (type, format) => {
    expect(mapFieldType(f(type))).toEqual({ title: 'Field', type: 'string', format, ...blanks });
  });
  it('Boolean → boolean', () => {
    expect(mapFieldType(f('boolean'))).toEqual({ title: 'Field', type: 'boolean', ...blanks });
  });
  it('Picklist → oneOf of const/title (inactive values left out)', () => {
    const field = f('picklist', {
      picklistValues: [
        { value: 'A', label: 'Alpha', active: true },
        { value: 'B', label: 'Beta', active: false },
        { value: 'C', label: null, active: true },
      ],
    });
    expect(mapFieldType(field)).toEqual({
      title: 'Field',
      type: 'string',
      oneOf: [
        { const: 'A', title: 'Alpha' },
        { const: 'C', title: 'C' },
      ],
      ...blanks,
    });
  });
  it('dependent Picklist → validFor by controlling value (bit i, MSB first = controller index i)', () => {
    const controller = f('picklist', {
      name: 'Ctrl__c',
      picklistValues: [
        { value: 'Fire', active: true },
        { value: 'Electrical', active: true },
        { value: 'Chemical', active: true },
      ],
    });
    // 0b10100000 → indexes 0 and 2; 0b01000000 → index 1
    const dep = f('picklist', {
      controllerName: 'Ctrl__c',
      dependentPicklist: true,
      picklistValues: [
        { value: 'Flammable Storage', active: true, validFor: Buffer.from([0b10100000]).toString('base64') },
        { value: 'Exposed Wiring', active: true, validFor: Buffer.from([0b01000000]).toString('base64') },
      ],
    });
    expect(decodeValidFor(Buffer.from([0b10100000, 0b00000001]).toString('base64'))).toEqual([0, 2, 15]);
    expect(buildValidFor(dep, controller)).toEqual({
      Fire: ['Flammable Storage'],
      Electrical: ['Exposed Wiring'],
      Chemical: ['Flammable Storage'],
    });
    const mapped = mapFieldType(dep, controller);
    expect(mapped.dependent).toBe('Ctrl__c');
    expect(mapped.validFor?.Fire).toEqual(['Flammable Storage']);
  });
  it('Reference → string with a lookupTo object', () => {
    expect(mapFieldType(f('reference', { referenceTo: ['Account'] }))).toEqual({
      title: 'Field',
      type: 'string',
      lookupTo: { object: 'Account', titleField: 'Name', valueField: 'Id' },
      ...blanks,
    });
  });
  it.each(['multipicklist', 'MultiPicklist', 'currency', 'base64', 'anyType'])('%s → string', (type) => {
    expect(mapFieldType(f(type))).toEqual({ title: 'Field', type: 'string', ...blanks });
  });
  it('required: not nillable, createable, not defaulted, not a checkbox', () => {
    expect(isRequired(f('string', { nillable: false }))).toBe(true);
    expect(isRequired(f('string', { nillable: true }))).toBe(false);
    expect(isRequired(f('string', { nillable: false, defaultedOnCreate: true }))).toBe(false);
    expect(isRequired(f('string', { nillable: false, createable: false }))).toBe(false);
    expect(isRequired(f('boolean', { nillable: false }))).toBe(false);
  });
  it('read-only fields are disabled; lookups use lookup controls, picklists select controls', () => {
    expect(uiControl(f('string', { updateable: false })).rule).toEqual({
      effect: 'DISABLE',
      condition: { scope: '#', schema: {} },
    });
    expect(uiControl(f('string')).rule).toBeUndefined();
    expect(uiControl(f('reference', { referenceTo: ['User'] })).type).toBe('lookup');
    expect(uiControl(f('picklist')).type).toBe('select');
    expect(uiControl(f('string')).type).toBe('Control');
  });
  it('maps an object: required list, no Id/IsDeleted/SystemModstamp', () => {
    const { schema, controls } = mapObject({
      name: 'X__c',
      label: 'X',
      fields: [
        f('id', { name: 'Id' }),
        f('string', { name: 'Name', nillable: false, length: 80 }),
        f('boolean', { name: 'IsDeleted' }),
      ],
    });
    expect(Object.keys(schema.properties)).toEqual(['Name']);
    expect(schema.required).toEqual(['Name']);
    expect(controls.map((c) => c.scope)).toEqual(['#/properties/Name']);
  });
});
