import { describe, expect, it } from 'vitest';
import { exactOrigins, launchPathFrom } from './canvas';

describe('launchPathFrom (canvas parameters -> launcher URL)', () => {
  it('keeps each parameter in its position, "-" for a missing middle one', () => {
    expect(launchPathFrom({ formId: 'a0F1' })).toBe('/launchFromSF/a0F1');
    expect(launchPathFrom({ formId: 'a0F1', submissionId: 'a0G2', formSubmissionStatus: 'Scheduled' })).toBe(
      '/launchFromSF/a0F1/-/-/Scheduled/a0G2',
    );
    expect(launchPathFrom({ submissionId: 'a0G2' })).toBe('/launchFromSF/-/-/-/-/a0G2');
    expect(launchPathFrom({})).toBe('/launchFromSF');
  });

  it('encodes values and ignores non-strings and blanks', () => {
    expect(launchPathFrom({ formId: 'a0F1', formName: 'Site / Check?' })).toBe(
      '/launchFromSF/a0F1/Site%20%2F%20Check%3F',
    );
    expect(launchPathFrom({ formId: 5, formName: '  ', submissionId: 'x' })).toBe('/launchFromSF/-/-/-/-/x');
  });
});

describe('exactOrigins', () => {
  it('keeps exact http(s) origins of the frame-ancestors list only', () => {
    expect(
      exactOrigins([
        "'self'",
        'https://*.force.com',
        'https://acme.my.salesforce.com/x',
        'http://127.0.0.1:4400',
      ]),
    ).toEqual(['https://acme.my.salesforce.com', 'http://127.0.0.1:4400']);
  });
});
