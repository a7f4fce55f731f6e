import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { BFF_ERROR_MESSAGES, bffErrorText, errorWordingOf, fileTypeRefusedMessage } from './bff-error-texts';
import { fieldErrorReason, schemaFormatName, schemaTypeName } from './field-errors';
import { API_MESSAGES } from './api/envelope';
import { setTextTranslator } from './texts';

// Issue 44: the BFF's texts made of parts carry their code and params beside the English, so a screen
// words them in its user's language; the English (the wire's, the spec's) stays as it always was.

/** The shipped catalog of `language` as the translator (positional {0}, {1}: these texts have no plurals). */
function useCatalog(language: string): void {
  const catalog = JSON.parse(
    fs.readFileSync(new URL(`../i18n/${language}.json`, import.meta.url), 'utf8'),
  ) as Record<string, string>;
  setTextTranslator((key, args, english) => {
    const message = catalog[key];
    return message === undefined
      ? english()
      : message.replace(/\{(\d+)\}/g, (_, i: string) => String(args[Number(i)]));
  });
}

afterEach(() => setTextTranslator(null));

describe('bffErrorText', () => {
  it("keeps the wire's English word for word", () => {
    expect(BFF_ERROR_MESSAGES.unknownObject('Nope__c')).toBe('Unknown object: Nope__c');
    expect(BFF_ERROR_MESSAGES.unknownField('Nope__c', 'Account')).toBe('Unknown field Nope__c on Account');
    expect(BFF_ERROR_MESSAGES.unknownRelationship('Rows__r')).toBe('Unknown relationship Rows__r');
    expect(BFF_ERROR_MESSAGES.objectNotQueryable('Secret__c')).toBe('Object Secret__c cannot be queried.');
    expect(fileTypeRefusedMessage('executable')).toBe('Error: executable files are not allowed');
    expect(fileTypeRefusedMessage('script')).toBe('Error: script files are not allowed');
    expect(fileTypeRefusedMessage('markup')).toBe('Error: HTML and SVG files are not allowed');
    expect(API_MESSAGES.uploadInProgress).toBe(
      'This file is already being uploaded. It will be tried again.',
    );
    const text = 'Unknown object: Nope__c';
    expect(bffErrorText(text, { code: 'UNKNOWN_OBJECT', params: { object: 'Nope__c' } })).toBe(text);
  });

  it('words a text made of parts by its code and params in the language, names as they came', () => {
    useCatalog('es');
    expect(
      bffErrorText('Unknown object: Nope__c', { code: 'UNKNOWN_OBJECT', params: { object: 'Nope__c' } }),
    ).toBe('Objeto desconocido: Nope__c');
    expect(
      bffErrorText('Unknown field F__c on Account', {
        code: 'UNKNOWN_FIELD',
        params: { field: 'F__c', object: 'Account' },
      }),
    ).toBe('Campo desconocido F__c en Account');
    // an upload refused for its type, as the outbox keeps it ('Server Error: ' + the BFF's text)
    expect(
      bffErrorText(`Server Error: ${fileTypeRefusedMessage('executable')}`, {
        code: 'FILE_TYPE_REFUSED',
        params: { kind: 'executable' },
      }),
    ).toBe('Error del servidor: Error: no se permiten archivos ejecutables');
    useCatalog('ar');
    expect(
      bffErrorText('Object Secret__c cannot be queried.', {
        code: 'OBJECT_NOT_QUERYABLE',
        params: { object: 'Secret__c' },
      }),
    ).toBe('لا يمكن الاستعلام عن الكائن Secret__c.');
  });

  it('falls back to the English: fixed texts by their words, unknown codes and missing params as they came', () => {
    useCatalog('es');
    // a fixed text (no parts): by its English, the existing displayMessage
    expect(bffErrorText(`Server Error: ${API_MESSAGES.uploadInProgress}`)).toBe(
      'Error del servidor: Este archivo ya se está subiendo. Se volverá a intentar.',
    );
    // a stored text from before the codes still reads in the language when it is a fixed one
    expect(bffErrorText(fileTypeRefusedMessage('script'))).toBe('Error: no se permiten archivos de script');
    // a newer BFF's code, or params that are not the code's, leave the English as it came
    expect(bffErrorText('Something new: X', { code: 'SOMETHING_NEW', params: { x: 'X' } })).toBe(
      'Something new: X',
    );
    expect(bffErrorText('Unknown object: Y', { code: 'UNKNOWN_OBJECT', params: { name: 'Y' } })).toBe(
      'Unknown object: Y',
    );
    expect(bffErrorText('Unknown object: Y', { code: 'UNKNOWN_OBJECT' })).toBe('Unknown object: Y');
    // an org's own words stay as the org wrote them
    expect(bffErrorText('FIELD_CUSTOM_VALIDATION_EXCEPTION: no')).toBe(
      'FIELD_CUSTOM_VALIDATION_EXCEPTION: no',
    );
  });

  it('keeps the code and params of a failure only when it has params', () => {
    expect(errorWordingOf({ code: 'UNKNOWN_OBJECT', params: { object: 'A' } })).toEqual({
      code: 'UNKNOWN_OBJECT',
      params: { object: 'A' },
    });
    expect(errorWordingOf({ code: 'NOT_FOUND' })).toBeUndefined();
    expect(errorWordingOf({ code: '', params: { a: 1 } })).toBeUndefined();
  });
});

describe('type and format names in a reason', () => {
  it("are Ajv's tokens in English, words in the other languages", () => {
    expect(fieldErrorReason({ field: 'F', reason: 'must be string', rule: 'type', type: 'string' })).toBe(
      'must be string',
    );
    expect(schemaTypeName('string,null')).toBe('string,null');
    expect(schemaFormatName('date-time')).toBe('date-time');
    useCatalog('es');
    expect(fieldErrorReason({ field: 'F', reason: 'must be string', rule: 'type', type: 'string' })).toBe(
      'debe ser de tipo texto',
    );
    expect(
      fieldErrorReason({
        field: 'F',
        reason: 'must match format "date-time"',
        rule: 'format',
        format: 'date-time',
      }),
    ).toBe('debe tener el formato "fecha y hora"');
    expect(schemaTypeName('integer,null')).toBe('entero,nulo');
    // a form's own format or a type Ajv does not name stays as written
    expect(schemaFormatName('table')).toBe('table');
    expect(schemaTypeName('dateTime')).toBe('dateTime');
    expect(schemaFormatName('dateTime')).toBe('dateTime');
    useCatalog('ja');
    expect(
      fieldErrorReason({ field: 'F', reason: 'must be number', rule: 'type', type: 'number' }),
    ).not.toContain('number');
  });
});
