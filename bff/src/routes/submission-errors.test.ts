import { describe, expect, it } from 'vitest';
import { findFieldPath, orgErrorItems, toSubmissionErrors, verdictErrors } from './submission-errors';

const RULE = {
  message: 'Score must be between 0 and 100',
  errorCode: 'FIELD_CUSTOM_VALIDATION_EXCEPTION',
  fields: ['cqext__Score__c'],
};

describe('refused submits', () => {
  it('only validation-rule errors are a verdict on the data', () => {
    expect(verdictErrors([RULE])).toEqual([RULE]);
    expect(verdictErrors([{ statusCode: 'FIELD_CUSTOM_VALIDATION_EXCEPTION', message: 'm' }])).toHaveLength(
      1,
    );
    expect(verdictErrors([RULE, { errorCode: 'UNABLE_TO_LOCK_ROW', message: 'busy' }])).toBeUndefined();
    expect(verdictErrors([])).toBeUndefined();
    expect(verdictErrors(undefined)).toBeUndefined();
  });

  it("reads jsforce's error: the org's body as data (one item or several), else its code", () => {
    expect(orgErrorItems({ errorCode: RULE.errorCode, message: RULE.message, data: RULE })).toEqual([RULE]);
    expect(orgErrorItems({ errorCode: 'MULTIPLE_API_ERRORS', data: [RULE, RULE] })).toEqual([RULE, RULE]);
    expect(orgErrorItems({ errorCode: 'ERROR_HTTP_500', message: 'x' })).toEqual([
      { errorCode: 'ERROR_HTTP_500', message: 'x' },
    ]);
    expect(orgErrorItems('boom')).toBeUndefined();
  });

  it('finds a field in the data (shallowest, case-insensitive, at most depth 5)', () => {
    const data = { General: { x: 1 }, cqext__SQX_Inspection__c: { cqext__score__c: 150 } };
    expect(findFieldPath(data, 'cqext__Score__c')).toBe('cqext__SQX_Inspection__c/cqext__score__c');
    expect(findFieldPath({ a: { Score: 1 }, Score: 2 }, 'Score')).toBe('Score');
    expect(findFieldPath({ a: { b: { c: { d: { e: { Deep: 1 } } } } } }, 'Deep')).toBeUndefined();
    expect(findFieldPath({ a: { b: { c: { d: { Deep: 1 } } } } }, 'Deep')).toBe('a/b/c/d/Deep');
    expect(findFieldPath(null, 'x')).toBeUndefined();
  });

  it('answers one {errorPath, message} per field; a field not in the data keeps its API name; no field, no path', () => {
    const data = { cqext__SQX_Inspection__c: { cqext__Score__c: 150 } };
    expect(
      toSubmissionErrors(
        [
          { ...RULE, fields: ['cqext__Score__c', 'cqext__Notes__c'] },
          { errorCode: RULE.errorCode, message: 'Whole record' },
        ],
        data,
      ),
    ).toEqual([
      {
        errorPath: 'cqext__SQX_Inspection__c/cqext__Score__c',
        message: RULE.message,
        errorCode: RULE.errorCode,
      },
      { errorPath: 'cqext__Notes__c', message: RULE.message, errorCode: RULE.errorCode },
      { message: 'Whole record', errorCode: RULE.errorCode },
    ]);
  });
});
