import { describe, expect, it } from 'vitest';
import { requiredAccuracyOf } from 'form-core';
import { applyDraft, draftOf } from '../builder/field-draft-bridge';
import { FIELD_CAPTURE_MESSAGES, validateDraft } from '../editors/field-draft';
import { createField } from './field-factory';
import { addField } from './layout';
import { generalPalette, objectPalette } from './palette';
import { emptyForm, fromFormJson } from './reader';
import { toFormJson, type Json } from './writer';

// Issue 32: Location and Barcode/QR fields from the palette, their options in the field modal's draft,
// and a save-and-reopen round trip.

const PRIMARY = 'cqext__SQX_Inspection__c';
const item = (kind: string) => generalPalette().find((p) => p.general === kind)!;
const taken: ReadonlySet<string> = new Set<string>();

describe('field capture in the builder', () => {
  it('palette: Location and Barcode/QR Field after the spec items', () => {
    expect(
      generalPalette()
        .map((p) => p.label)
        .slice(-2),
    ).toEqual(['Location', 'Barcode/QR Field']);
  });

  it('a Location field: location schema, required accuracy edited, kept through save and reopen', () => {
    let form = emptyForm({ cqFormType: PRIMARY });
    const loc = createField(form, item('location'));
    expect(loc).toMatchObject({ kind: 'location', key: 'CQ_Form_Location', schema: { format: 'location' } });
    const draft = draftOf(loc);
    expect(draft.requiredAccuracy).toBe('');
    expect(validateDraft({ ...draft, requiredAccuracy: '0' }, taken).requiredAccuracy).toBe(
      FIELD_CAPTURE_MESSAGES.requiredAccuracy,
    );
    expect(validateDraft({ ...draft, requiredAccuracy: '15.5' }, taken).requiredAccuracy).toBeDefined();
    expect(validateDraft({ ...draft, requiredAccuracy: '15' }, taken).requiredAccuracy).toBeUndefined();
    const edited = applyDraft(loc, { ...draft, label: 'Spot', requiredAccuracy: '15', required: true });
    expect(requiredAccuracyOf(edited.schema)).toBe(15);
    expect(edited.schema.title).toBe('Spot');
    expect(requiredAccuracyOf(applyDraft(edited, { ...draftOf(edited), requiredAccuracy: '' }).schema)).toBe(
      undefined,
    );

    form = addField(form, 0, edited);
    const reopened = fromFormJson(JSON.parse(JSON.stringify(toFormJson(form))) as Json);
    const back = Object.values(reopened.fields).find((f) => f.key === edited.key)!;
    expect(back.kind).toBe('location');
    expect(back.required).toBe(true);
    expect(draftOf(back).requiredAccuracy).toBe('15');
  });

  it('a Barcode/QR field: a text field with scan formats, at least one, kept through save and reopen', () => {
    let form = emptyForm({ cqFormType: PRIMARY });
    const scan = createField(form, item('scan'));
    expect(scan).toMatchObject({
      kind: 'scan',
      schema: { type: 'string' },
      options: { scanFormats: expect.any(Array) },
    });
    const draft = draftOf(scan);
    expect(draft.scanFormats).toContain('qr_code');
    expect(validateDraft({ ...draft, scanFormats: [] }, taken).scanFormats).toBe(
      FIELD_CAPTURE_MESSAGES.scanFormats,
    );
    const edited = applyDraft(scan, {
      ...draft,
      scanFormats: ['ean_13'],
      validation: { regexRuleName: 'Numeric Only', pattern: '^\\d+$', errorMessage: 'Digits' },
    });
    expect(edited.options.scanFormats).toEqual(['ean_13']);
    expect(edited.schema.pattern).toBe('^\\d+$');
    form = addField(form, 0, edited);
    const reopened = fromFormJson(JSON.parse(JSON.stringify(toFormJson(form))) as Json);
    const back = Object.values(reopened.fields).find((f) => f.key === edited.key)!;
    expect(back.kind).toBe('scan');
    expect(draftOf(back).scanFormats).toEqual(['ean_13']);
  });

  it('an org geolocation field maps to the location control, with no default value', () => {
    const form = emptyForm({ cqFormType: PRIMARY });
    const [p] = objectPalette(
      PRIMARY,
      [{ name: 'cqext__Location__c', label: 'Location', type: 'location' }],
      false,
    );
    const f = createField(form, p!);
    expect(f).toMatchObject({ kind: 'object', schema: { format: 'location', type: 'object' } });
    const draft = draftOf(f);
    expect(draft.requiredAccuracy).toBe('');
    expect(validateDraft(draft, taken).defaultValue).toBeUndefined();
  });
});
