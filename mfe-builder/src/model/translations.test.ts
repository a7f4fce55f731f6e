// @vitest-environment node
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fromFormJson } from './reader';
import { toFormJson, type Json } from './writer';
import {
  addLanguage,
  incompleteLanguages,
  missingCounts,
  removeLanguage,
  setTranslations,
  textsOf,
} from './translations';
import { readTranslationFile, toCsv, toXliff, TranslationFileError } from './translation-files';
import { moveField } from './layout';

const json = (): Json => ({
  formName: 'Visit',
  version: '2.0.0',
  cqFormType: 'cqext__SQX_Inspection__c',
  schema: {
    type: 'object',
    properties: {
      General: {
        type: 'object',
        properties: {
          CQ_Form_Site: { type: 'string', title: 'Site', maxLength: 255 },
          CQ_Form_Status: {
            type: 'string',
            title: 'Status',
            oneOf: [
              { const: 'Open', title: 'Open' },
              { const: 'Closed', title: 'Closed' },
            ],
          },
        },
      },
    },
    definitions: {},
  },
  ui: {
    type: 'VerticalLayout',
    elements: [
      {
        type: 'Section',
        sectionId: 'section-1',
        label: 'Visit',
        elements: [{ type: 'Control', scope: '#/properties/General/properties/CQ_Form_Site', label: 'Site' }],
      },
      {
        type: 'Section',
        sectionId: 'section-2',
        label: 'Result',
        elements: [
          { type: 'select', scope: '#/properties/General/properties/CQ_Form_Status', label: 'Status' },
        ],
      },
    ],
  },
  data: {},
});

describe('languages and translations in the builder model', () => {
  it('adds a language, counts what is missing, and writes both keys', () => {
    const form = addLanguage(fromFormJson(json()), 'es');
    const total = textsOf(form).length;
    expect(total).toBe(6); // 2 sections, 2 labels, 2 options
    expect(missingCounts(form)).toEqual({ es: total });
    const done = setTranslations(form, 'es', { 'field:General.CQ_Form_Site:label': 'Sitio' });
    expect(incompleteLanguages(done)).toEqual([{ language: 'es', missing: total - 1 }]);
    const out = toFormJson(done);
    expect(out.languages).toEqual({ version: 1, default: 'en', declared: ['es'] });
    expect(out.translations).toEqual({ es: { 'field:General.CQ_Form_Site:label': 'Sitio' } });
    // Reopened: the same.
    const reopened = fromFormJson(JSON.parse(JSON.stringify(out)) as Json);
    expect(missingCounts(reopened)).toEqual({ es: total - 1 });
  });

  it('an empty text removes a translation; removing a language keeps its texts', () => {
    let form = setTranslations(addLanguage(fromFormJson(json()), 'fr'), 'fr', {
      'form:x': 'a',
      'form:y': 'b',
    });
    form = setTranslations(form, 'fr', { 'form:x': '  ' });
    expect(form.translations).toEqual({ fr: { 'form:y': 'b' } });
    expect(setTranslations(form, 'fr', { 'form:y': 'b' })).toBe(form);
    const removed = removeLanguage(form, 'fr');
    expect(removed.languages?.declared).toEqual([]);
    expect(removed.translations).toEqual(form.translations);
  });

  it('a field moved to another section keeps its translation', () => {
    const form = setTranslations(addLanguage(fromFormJson(json()), 'es'), 'es', {
      'field:General.CQ_Form_Site:label': 'Sitio',
    });
    const site = Object.values(form.fields).find((f) => f.key === 'CQ_Form_Site')!;
    const moved = moveField(form, site.id, 1, 'end');
    expect(missingCounts(moved)).toEqual(missingCounts(form));
  });

  it('keeps languages and translations it does not know (a later version’s keys) through open → save', () => {
    const saved = {
      ...json(),
      languages: { version: 2, default: 'en', declared: ['es'], direction: { ar: 'rtl' } },
      translations: {
        es: { 'field:General.CQ_Form_Site:label': 'Sitio', 'future:key': 'x' },
        xx: { a: 'b' },
      },
    };
    const out = JSON.parse(JSON.stringify(toFormJson(fromFormJson(structuredClone(saved))))) as Json;
    expect(out.languages).toEqual(saved.languages);
    expect(out.translations).toEqual(saved.translations);
  });
});

const exportInput = (translations: Record<string, string>) => {
  const form = addLanguage(fromFormJson(json()), 'es');
  return {
    form,
    input: { formName: 'Visit', sourceLanguage: 'en', language: 'es', texts: textsOf(form), translations },
  };
};

describe('export and import', () => {
  const keys = (texts: { key: string }[]) => new Set(texts.map((t) => t.key));

  it.each([
    ['visit.xlf', toXliff],
    ['visit.csv', toCsv],
  ] as const)(
    '%s: what is exported reads back as the same texts, special characters included',
    (name, write) => {
      fc.assert(
        fc.property(
          fc.array(
            fc.string({ minLength: 1, maxLength: 20 }).filter((s) => s.trim() === s && s !== ''),
            { minLength: 6, maxLength: 6 },
          ),
          (values) => {
            const { input } = exportInput({});
            const translations = Object.fromEntries(input.texts.map((t, i) => [t.key, values[i]!]));
            const file = write({ ...input, translations });
            const r = readTranslationFile(name, file, 'es', keys(input.texts), {});
            expect(r.texts).toEqual(translations);
            expect(r.unknown).toBe(0);
            expect(r.changed).toHaveLength(6);
          },
        ),
        { numRuns: 100 },
      );
    },
  );

  it('reports what changed, ignores unknown keys with a count, and leaves empty texts alone', () => {
    const { input } = exportInput({ 'field:General.CQ_Form_Site:label': 'Sitio' });
    const csv = toCsv(input)
      .replace(',Open,\r\n', ',Open,Abierto\r\n')
      .concat('\r\nnot:a:key,where,Old,Viejo\r\nalso:not,where,Old,Viejo');
    const r = readTranslationFile('visit.csv', csv, 'es', keys(input.texts), input.translations);
    expect(r.changed).toEqual([
      { key: 'field:General.CQ_Form_Status:option:Open', before: '', after: 'Abierto' },
    ]);
    expect(r.unknown).toBe(2);
    expect(r.texts).toEqual({
      'field:General.CQ_Form_Site:label': 'Sitio',
      'field:General.CQ_Form_Status:option:Open': 'Abierto',
    });
  });

  it('reads XLIFF 2.0 too', () => {
    const xlf = `<?xml version="1.0"?><xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="es-ES">
      <file id="f"><unit id="section:section-1:title"><segment><source>Visit</source><target>Visita &amp; más</target></segment></unit></file></xliff>`;
    const r = readTranslationFile('v.xliff', xlf, 'es_ES', new Set(['section:section-1:title']), {});
    expect(r.texts).toEqual({ 'section:section-1:title': 'Visita & más' });
  });

  it.each([
    [
      'broken.xlf',
      '<xliff version="1.2"><file><body></file></xliff>',
      /^it is not well-formed XML \(line 1: /,
    ],
    ['other.xml', '<?xml version="1.0"?><root/>', /^it is not an XLIFF 1\.2 or 2\.0 file\.$/],
    [
      'fr.xlf',
      '<xliff version="1.2"><file source-language="en" target-language="fr"><body/></file></xliff>',
      /^the file is for fr, not es\.$/,
    ],
    ['nocols.csv', 'id,text\r\na,b', /^a CSV file needs a "key" column and a "es" column\.$/],
    ['quote.csv', 'key,es\r\n"a,b\r\n', /^it is not a readable CSV file \(line /],
  ])('refuses %s with the reason', (name, content, reason) => {
    expect(() => readTranslationFile(name, content, 'es', new Set(['a']), {})).toThrow(TranslationFileError);
    expect(() => readTranslationFile(name, content, 'es', new Set(['a']), {})).toThrow(reason);
  });
});
