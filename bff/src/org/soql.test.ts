import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  contains,
  eq,
  escapeSoqlLike,
  escapeSoqlString,
  identifier,
  select,
  SoqlError,
  startsWith,
} from './soql';

/** Reads a single-quoted SOQL literal starting at `i` (the opening quote); returns the index after it. */
function endOfLiteral(s: string, i: number): number {
  let j = i + 1;
  while (j < s.length) {
    if (s[j] === '\\') j += 2;
    else if (s[j] === "'") return j + 1;
    else j += 1;
  }
  return -1;
}

describe('SOQL escaping', () => {
  it('escapes backslash first, then the quote', () => {
    expect(escapeSoqlString("a\\'b")).toBe("a\\\\\\'b");
    expect(escapeSoqlString("O'Brien")).toBe("O\\'Brien");
    expect(escapeSoqlString('back\\slash')).toBe('back\\\\slash');
  });

  it('escapes LIKE wildcards after the literal escaping', () => {
    expect(escapeSoqlLike('50%_off')).toBe('50\\%\\_off');
    expect(escapeSoqlLike("\\%'")).toBe("\\\\\\%\\'");
  });

  it('a literal can never be closed early by its value (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (value) => {
        const cond = eq('Name', value);
        const start = cond.indexOf("'");
        expect(endOfLiteral(cond, start)).toBe(cond.length);
        const like = startsWith('Name', value);
        expect(endOfLiteral(like, like.indexOf("'"))).toBe(like.length);
      }),
      { numRuns: 500 },
    );
  });

  it('classic injection payloads stay inside the literal', () => {
    for (const payload of [
      "' OR Name != '",
      "\\' OR Id != null OR Name = '",
      "%' OR '1'='1",
      "x') OR (Name LIKE '%",
    ]) {
      const soql = select({ fields: ['Id'], from: 'Account', where: [contains('Name', payload)], limit: 50 });
      const start = soql.indexOf("'");
      expect(endOfLiteral(soql, start)).toBe(soql.indexOf(' LIMIT 50'));
    }
  });

  it('refuses anything but API names for objects and fields', () => {
    expect(() => identifier('Account WHERE Id != null')).toThrow(SoqlError);
    expect(() => select({ fields: ['Id, (SELECT Id FROM Users)'], from: 'Account' })).toThrow(SoqlError);
    expect(() => select({ fields: ['Id'], from: 'Account', limit: 0 })).toThrow(SoqlError);
    expect(
      select({ fields: ['Id', 'Owner.Name'], from: 'cqext__X__c', orderBy: { field: 'Name' }, limit: 5 }),
    ).toBe('SELECT Id, Owner.Name FROM cqext__X__c ORDER BY Name ASC LIMIT 5');
  });
});
