import { describe, expect, it } from 'vitest';
import { BUILDER_EDITOR_MESSAGES as M } from 'shared-contracts';
import {
  defaultRelationshipName,
  deriveApiName,
  takenNames,
  uniqueApiName,
  validateApiName,
  validateLabel,
  validateRelationshipName,
} from './api-name';

describe('deriveApiName', () => {
  it('prefixes CQ_Form_ and turns runs of non-word characters into one underscore', () => {
    expect(deriveApiName('Inspector Name')).toBe('CQ_Form_Inspector_Name');
    expect(deriveApiName('Temp (°C) -- max!')).toBe('CQ_Form_Temp_C_max_');
    expect(deriveApiName('snake_case stays')).toBe('CQ_Form_snake_case_stays');
  });
  it('keeps at most 48 characters', () => {
    const name = deriveApiName('x'.repeat(40) + ' more words');
    expect(name).toHaveLength(48);
    expect(name.startsWith('CQ_Form_')).toBe(true);
  });
});

describe('uniqueApiName', () => {
  it('returns the derived name when free, else the first free _N suffix (case-insensitive)', () => {
    expect(uniqueApiName('Status', takenNames([]))).toBe('CQ_Form_Status');
    expect(uniqueApiName('Status', takenNames(['cq_form_status']))).toBe('CQ_Form_Status_2');
    expect(uniqueApiName('Status', takenNames(['CQ_Form_Status', 'CQ_Form_Status_2']))).toBe(
      'CQ_Form_Status_3',
    );
  });
  it('cuts the base so a suffixed name stays within 48', () => {
    const label = 'y'.repeat(40);
    const taken = takenNames([deriveApiName(label)]);
    const name = uniqueApiName(label, taken);
    expect(name).toHaveLength(48);
    expect(name.endsWith('_2')).toBe(true);
  });
  it('gives tables a relationship name ending in __r that differs from the table name', () => {
    expect(defaultRelationshipName('CQ_Form_Parts', takenNames([]))).toBe('CQ_Form_Parts__r');
    expect(defaultRelationshipName('CQ_Form_Parts', takenNames(['CQ_Form_Parts__r']))).toBe(
      'CQ_Form_Parts_2__r',
    );
  });
});

describe('validation of labels and names', () => {
  it('label: required, at most 40', () => {
    expect(validateLabel('')).toBe(M.labelRequired);
    expect(validateLabel('a'.repeat(40))).toBeUndefined();
    expect(validateLabel('a'.repeat(41))).toBe(M.labelTooLong);
  });
  it('API name: required, at most 48, identifier shape, unique among taken names', () => {
    const taken = takenNames(['CQ_Form_A', 'CQ_Form_T1__r']);
    expect(validateApiName('', taken)).toBe(M.apiNameRequired);
    expect(validateApiName('A'.repeat(49), taken)).toBe(M.apiNameTooLong);
    expect(validateApiName('1abc', taken)).toBe(M.apiNameInvalid);
    expect(validateApiName('CQ Form', taken)).toBe(M.apiNameInvalid);
    expect(validateApiName('cq_form_a', taken)).toBe(M.duplicateApiName);
    expect(validateApiName('CQ_Form_T1__r', taken)).toBe(M.duplicateApiName);
    expect(validateApiName('CQ_Form_B', taken)).toBeUndefined();
  });
  it('relationship name: not the table name, ends in __r, unique', () => {
    const taken = takenNames(['CQ_Form_A', 'CQ_Form_Other__r']);
    expect(validateRelationshipName('CQ_Form_T1', 'CQ_Form_T1', taken)).toBe(M.sameApiAndRelationshipName);
    expect(validateRelationshipName('CQ_Form_T1_rel', 'CQ_Form_T1', taken)).toBe(M.relationshipNameSuffix);
    expect(validateRelationshipName('CQ_Form_Other__r', 'CQ_Form_T1', taken)).toBe(
      M.relationshipNameConflict,
    );
    expect(validateRelationshipName('CQ_Form_T1__r', 'CQ_Form_T1', taken)).toBeUndefined();
  });
});
