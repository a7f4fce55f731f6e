// The photo field (issue 32) in the builder's model: the palette item, the field it drops, its options
// in the field modal's draft and back, and the saved JSON read back as a photo field.
import { describe, expect, it } from 'vitest';
import { photoOptions } from 'form-core';
import { createField } from './field-factory';
import { addField, updateField } from './layout';
import { generalPalette } from './palette';
import { emptyForm, fromFormJson } from './reader';
import { toFormJson, type Json } from './writer';
import { applyDraft, draftOf } from '../builder/field-draft-bridge';
import { PHOTO_ERRORS, validateDraft } from '../editors/field-draft';
import { takenNames } from './api-name';

const photoItem = () => generalPalette().find((p) => p.general === 'photo')!;

describe('photo field', () => {
  it('is a General palette item that drops an array field with the default options', () => {
    expect(photoItem()).toMatchObject({ label: 'Photo', value: 'photo', type: 'FIELD' });
    const form = emptyForm({ cqFormType: 'cqext__SQX_Inspection__c' });
    const f = createField(form, photoItem());
    expect(f).toMatchObject({
      kind: 'photo',
      objectKey: 'General',
      uiType: 'photo',
      schema: { title: 'Photo', type: 'array', items: { type: 'object' } },
      options: { maxEdge: 2048, quality: 0.8, keepOriginal: false },
    });
    expect(f.key).toMatch(/Photo/);
  });

  it('edits its options through the draft and keeps them in the saved JSON; required like any field', () => {
    let form = emptyForm({ cqFormType: 'cqext__SQX_Inspection__c' });
    form = addField(form, 0, createField(form, photoItem()));
    const field = Object.values(form.fields)[0]!;
    const draft = draftOf(field);
    expect(draft.photo).toEqual({ maxEdge: 2048, quality: 0.8, keepOriginal: false });
    const edited = applyDraft(field, {
      ...draft,
      label: 'Site photos',
      required: true,
      photo: { maxEdge: 1600, quality: 0.7, keepOriginal: true },
    });
    form = updateField(form, field.id, edited);
    const json = toFormJson(form) as {
      ui: Json;
      schema: { properties: { General: { required?: string[]; properties: Record<string, Json> } } };
    };
    const general = json.schema.properties.General;
    expect(general.properties[field.key]).toMatchObject({ title: 'Site photos', type: 'array' });
    expect(general.required).toContain(field.key);
    const el = JSON.stringify(json.ui);
    expect(el).toContain('"type":"photo"');
    const back = Object.values(fromFormJson(json as unknown as Json).fields).find(
      (f) => f.key === field.key,
    )!;
    expect(back.kind).toBe('photo');
    expect(back.required).toBe(true);
    expect(photoOptions(back.options)).toEqual({ maxEdge: 1600, quality: 0.7, keepOriginal: true });
  });

  it("checks the modal's long edge and quality against the renderer's limits", () => {
    const form = emptyForm({ cqFormType: 'cqext__SQX_Inspection__c' });
    const draft = draftOf(createField(form, photoItem()));
    const taken = takenNames([]);
    expect(validateDraft(draft, taken)).not.toHaveProperty('photoMaxEdge', expect.anything());
    const bad = validateDraft(
      { ...draft, photo: { maxEdge: 100, quality: Number.NaN, keepOriginal: false } },
      taken,
    );
    expect(bad.photoMaxEdge).toBe(PHOTO_ERRORS.maxEdge);
    expect(bad.photoQuality).toBe(PHOTO_ERRORS.quality);
    expect(PHOTO_ERRORS.maxEdge).toBe('Enter a long edge from 320 to 8192 px');
    expect(
      validateDraft({ ...draft, photo: { maxEdge: 1600.5, quality: 0.8, keepOriginal: false } }, taken)
        .photoMaxEdge,
    ).toBe(PHOTO_ERRORS.maxEdge);
  });
});
