import { describe, expect, it } from 'vitest';
import { BUILDER_EDITOR_MESSAGES as M } from 'shared-contracts';
import {
  choiceOf,
  matchesPreset,
  validateCustomRule,
  validateValue,
  validationFor,
  VALIDATION_PRESETS,
  type PresetLabel,
} from './validation-presets';

const cases: Record<PresetLabel, { ok: string[]; bad: string[] }> = {
  'Email Address': {
    ok: ['a@b.co', 'first.last+tag@sub.example.org'],
    bad: ['a b@c.com', 'a@b', '@b.com', 'a@b.c', 'plain'],
  },
  'Phone Number': {
    ok: ['+14155552671', '4155552671', '1', '123456789012345'],
    bad: ['0123', '+0123', '1234567890123456', '415-555', '+'],
  },
  Numeric: { ok: ['0', '42', '3.14'], bad: ['3.', '.5', '1e5', '-1', 'abc'] },
  Alphanumeric: { ok: ['abc123', 'ABC'], bad: ['abc 123', 'a_b', 'é'] },
  Alphabetic: { ok: ['abc', 'XyZ'], bad: ['abc1', 'a b'] },
  'ZIP Code': { ok: ['12345', '12345-6789'], bad: ['1234', '123456', '12345-678', '12345 6789'] },
  URL: {
    ok: ['https://example.com', 'http://a.b.org/path?q=1#x', 'example.com', 'http://localhost:4000/x'],
    bad: ['not a url', 'http://', 'https://exa mple.com', 'ftp//x.com'],
  },
};

describe('validation presets', () => {
  it('has the seven presets with their exact messages and rule names', () => {
    expect(VALIDATION_PRESETS.map((p) => p.message)).toEqual([
      'Field Validation : Email Address Only',
      'Field Validation : Phone Number Only',
      'Field Validation : Numeric Only',
      'Field Validation : Alphanumeric Only',
      'Field Validation : Alphabetic Only',
      'Field Validation : ZIP Code Only',
      'Field Validation : URL Only',
    ]);
    expect(validationFor('Numeric').regexRuleName).toBe('Numeric Only');
  });
  it('patterns compile as unicode regular expressions (what Ajv uses)', () => {
    for (const p of VALIDATION_PRESETS) expect(() => new RegExp(p.pattern, 'u')).not.toThrow();
  });
  for (const [label, { ok, bad }] of Object.entries(cases)) {
    it(`${label} accepts and rejects`, () => {
      for (const v of ok) expect(matchesPreset(v, label as PresetLabel), v).toBe(true);
      for (const v of bad) expect(matchesPreset(v, label as PresetLabel), v).toBe(false);
    });
  }
  it('validateValue returns the message of the failing preset; empty values pass', () => {
    expect(validateValue('abc', validationFor('ZIP Code'))).toBe('Field Validation : ZIP Code Only');
    expect(validateValue('', validationFor('ZIP Code'))).toBeUndefined();
    expect(validateValue('12345', validationFor('ZIP Code'))).toBeUndefined();
  });
  it('Custom keeps the rule code and message; None clears both; placeholder stores nothing', () => {
    const custom = validationFor('Custom', { pattern: '^A\\d$', errorMessage: 'A and a digit' });
    expect(custom).toEqual({ regexRuleName: 'Custom', pattern: '^A\\d$', errorMessage: 'A and a digit' });
    expect(validateValue('B1', custom)).toBe('A and a digit');
    expect(validationFor('none')).toEqual({ regexRuleName: 'none', pattern: '', errorMessage: '' });
    expect(validationFor('')).toEqual({ regexRuleName: '', pattern: '', errorMessage: '' });
  });
  it('reads a stored validation back as its choice', () => {
    expect(choiceOf(validationFor('URL'))).toBe('URL');
    expect(choiceOf({ regexRuleName: 'Numeric Only' })).toBe('Numeric');
    expect(choiceOf({ regexRuleName: 'None' })).toBe('none');
    expect(choiceOf({ regexRuleName: 'Legacy', pattern: 'x' })).toBe('Custom');
    expect(choiceOf({ regexRuleName: '', pattern: '' })).toBe('');
    expect(choiceOf(undefined)).toBe('');
  });
  it('checks a Custom rule: rule code present and valid, message present', () => {
    expect(validateCustomRule('', '')).toEqual({
      pattern: M.customPatternRequired,
      errorMessage: M.customMessageRequired,
    });
    expect(validateCustomRule('([a-z', 'm')).toEqual({ pattern: M.customPatternInvalid });
    expect(validateCustomRule('^[a-z]+$', 'letters')).toEqual({});
  });
});
