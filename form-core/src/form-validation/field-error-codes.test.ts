import { afterEach, describe, expect, it } from 'vitest';
import { fieldErrorText, pseudoText, setTextTranslator, type FormJsonSchema } from 'shared-contracts';
import { getValidator, validateForm } from './ajv';
import { serverErrorTexts } from './server-errors';
import { checkSubmission } from './submission';

// Issue 44: a field error carries a stable code and parameters beside its English text, so a screen
// words a refusal (the BFF's, kept on the device) in its user's language. The English stays the wire's.

const schema: FormJsonSchema = {
  type: 'object',
  properties: {
    General: {
      type: 'object',
      title: 'General',
      properties: {
        Site: { type: 'string', title: 'Site' },
        Email: { type: 'string', title: 'Email', format: 'email' },
        Name: { type: 'string', title: 'Name', maxLength: 3, minLength: 2 },
        Hours: { type: 'number', title: 'Hours', maximum: 24, minimum: 0, multipleOf: 0.5 },
        Count: { type: 'integer', title: 'Count', exclusiveMaximum: 10 },
        Ref: { type: 'string', title: 'Ref', pattern: '^R[0-9]+$' },
        Code: { type: 'string', title: 'Code', pattern: '^[0-9]+$', errorMessage: 'Numeric Only' },
        Kind: { type: 'string', title: 'Kind', enum: ['a', 'b'] },
        Tags: { type: 'array', title: 'Tags', maxItems: 1, items: { type: 'string' } },
        Rows: {
          type: 'array',
          title: 'Readings',
          items: { type: 'object', properties: { R: { type: 'string', title: 'Reading' } }, required: ['R'] },
        },
      },
      required: ['Site'],
    },
  },
};
const data = {
  General: {
    Email: 'not-an-email',
    Name: 'Toolong',
    Hours: 30.2,
    Count: 12,
    Ref: 'X1',
    Code: '12a',
    Kind: 'c',
    Tags: ['x', 'y'],
    Rows: [{ R: 'ok' }, { R: 5 }],
  },
};

afterEach(() => setTextTranslator(null));

describe('field error codes', () => {
  it("keeps the wire's English: each message is the field's title and Ajv's own words, by code and parameters", () => {
    const check = checkSubmission({ schema, data });
    const ajv = validateForm(getValidator(schema), data);
    expect(ajv.length).toBeGreaterThanOrEqual(10);
    const invalid = check.fieldErrors.filter((f) => f.detail.code === 'invalid');
    // every Ajv error, worded from its code and parameters exactly as Ajv words it (the author's message aside)
    expect(invalid.map((f) => f.message)).toEqual(
      ajv.map((e) => {
        const p = e.instancePath.split('/').filter(Boolean);
        const row = p.some((k) => /^\d+$/.test(k))
          ? ` (row ${Number(p.find((k) => /^\d+$/.test(k))) + 1})`
          : '';
        const field = p.at(-1) === 'R' ? 'Reading' : p.at(-1);
        return e.keyword === 'pattern' && p.at(-1) === 'Code'
          ? 'Code Numeric Only'
          : `${field} ${e.message}${row}`;
      }),
    );
    expect(check.messages).toContain('Site is missing required fields');
    expect(check.messages).toContain('Email must match format "email"');
    expect(check.messages).toContain('Reading must be string (row 2)');
    // what the BFF's refusal carries, read back from JSON, words the same text
    for (const f of check.fieldErrors) {
      const wire = JSON.parse(JSON.stringify({ message: f.message, ...f.detail })) as unknown;
      expect(fieldErrorText(wire)).toBe(f.message);
    }
  });

  it('words a kept refusal in the language of the screen, not the one it was stored in', () => {
    const check = checkSubmission({
      schema,
      data: { General: { Email: 'x', Rows: [{ R: 'ok' }, { R: 5 }] } },
    });
    // as the device keeps a refused submit's errors: the BFF's fieldErrors
    const kept = JSON.parse(
      JSON.stringify(
        check.fieldErrors.map((f) => ({
          errorPath: f.path.split('.').join('/'),
          message: f.message,
          errorCode: 'VALIDATION_FAILED',
          code: f.detail.code,
          params: f.detail.params,
        })),
      ),
    ) as unknown[];
    expect(serverErrorTexts(kept)).toEqual([
      'Site is missing required fields',
      'Email must match format "email"',
      'Reading must be string (row 2)',
    ]);
    setTextTranslator((_key, _args, english) => pseudoText(english()));
    expect(serverErrorTexts(kept)).toEqual([
      pseudoText('Site is missing required fields'),
      // the format's and the type's names too (issue 44: no Ajv token left in a translated reason)
      `Email ${pseudoText(`must match format "${pseudoText('email')}"`)}`,
      `Reading ${pseudoText(`must be ${pseudoText('string')}`)}${pseudoText(' (row 2)')}`,
    ]);
    // an org's refusal (no code) and an unknown code stay as written
    expect(
      serverErrorTexts([
        {
          errorPath: 'General/Site',
          message: 'Site: value not allowed',
          errorCode: 'FIELD_CUSTOM_VALIDATION',
        },
        { errorPath: 'General/Site', message: 'Newer words', code: 'tooFar', params: { field: 'Site' } },
      ]),
    ).toEqual(['Site: value not allowed', 'Newer words']);
  });
});
