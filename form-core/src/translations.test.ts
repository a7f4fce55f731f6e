import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { FormDefinition, FormJsonSchema, UISchemaElement } from 'shared-contracts';
import {
  formLanguages,
  languageChain,
  missingTranslations,
  normalizeLanguage,
  resolveDefinition,
  translatableTexts,
} from './translations';

const control = (path: string, label?: string): UISchemaElement =>
  ({
    type: 'Control',
    scope: `#/properties/${path.split('.').join('/properties/')}`,
    ...(label ? { label } : {}),
  }) as UISchemaElement;

const form = (): FormDefinition => ({
  schema: {
    type: 'object',
    properties: {
      General: {
        type: 'object',
        properties: {
          Site: {
            type: 'string',
            title: 'Site',
            description: 'Where you are',
            pattern: '^S',
            errorMessage: 'Starts with S',
          },
          Status: {
            type: 'string',
            title: 'Status',
            oneOf: [
              { const: 'open', title: 'Open' },
              { const: 'closed', title: 'Closed' },
            ],
          },
          Parts: { type: 'array', $ref: '#/definitions/Parts' },
        },
      },
    },
    definitions: {
      Parts: {
        type: 'array',
        items: { type: 'object', properties: { Qty: { type: 'number', title: 'Quantity' } } },
      },
    },
  },
  ui: {
    type: 'VerticalLayout',
    elements: [
      { type: 'quicklinks', options: { links: [{ Id: 'a01', Name: 'Walls', Total: 2, Done: 0 }] } },
      {
        type: 'Section',
        sectionId: 'section-1',
        label: 'Visit',
        elements: [
          control('General.Site', 'Site name'),
          control('General.Status'),
          {
            type: 'guide',
            options: {
              guides: [{ field: 'General.Status', operator: '==', value: 'open', text: 'Check the door' }],
            },
          },
          { type: 'label', text: 'Read this first' },
        ],
      },
    ] as UISchemaElement[],
  },
  styles: { header: { title: 'Site visit' } },
});

describe('translatableTexts', () => {
  it('lists every label, help, option, section, guide, link, validation message and the title once', () => {
    const texts = translatableTexts(form());
    expect(Object.fromEntries(texts.map((t) => [t.key, t.text]))).toEqual({
      'link:a01:name': 'Walls',
      'section:section-1:title': 'Visit',
      'field:General.Site:label': 'Site name',
      'guide:General.Status:==:"open":text': 'Check the door',
      'text:1.3': 'Read this first',
      'field:General.Site:help': 'Where you are',
      'field:General.Site:error': 'Starts with S',
      'field:General.Status:label': 'Status',
      'field:General.Status:option:open': 'Open',
      'field:General.Status:option:closed': 'Closed',
      'def:Parts[].Qty:label': 'Quantity',
      'form:title': 'Site visit',
    });
  });

  it('keys a field by its data path, not its place: a moved field keeps its key', () => {
    const moved = form();
    const section = (moved.ui as { elements: Array<{ elements?: UISchemaElement[] }> }).elements[1]!;
    section.elements = [...section.elements!].reverse();
    const keys = (d: FormDefinition) =>
      translatableTexts(d)
        .map((t) => t.key)
        .filter((k) => k.startsWith('field:'))
        .sort();
    expect(keys(moved)).toEqual(keys(form()));
  });
});

describe('languages', () => {
  it('normalizes Salesforce keys and BCP 47 tags', () => {
    expect(normalizeLanguage('es-mx')).toBe('es_MX');
    expect(normalizeLanguage('pt_BR')).toBe('pt_BR');
    expect(normalizeLanguage('iw')).toBe('he');
    expect(normalizeLanguage(undefined)).toBe('');
  });
  it('falls back regional → base → default', () => {
    expect(languageChain('es_MX', 'en')).toEqual(['es_MX', 'es']);
    expect(languageChain('en_US', 'en')).toEqual(['en_US']);
    expect(languageChain('en', 'en')).toEqual([]);
    expect(languageChain('es', 'es')).toEqual([]);
    expect(languageChain('es_MX', 'es')).toEqual(['es_MX']);
  });
  it('reads an old form as English with no declared languages', () => {
    expect(formLanguages({})).toEqual({ default: 'en', declared: [] });
    expect(
      formLanguages({ languages: { version: 1, default: 'en', declared: ['es', 'pt-br', 'en', 'es'] } }),
    ).toEqual({
      default: 'en',
      declared: ['es', 'pt_BR'],
    });
  });
});

describe('resolveDefinition', () => {
  const translated = (): FormDefinition => ({
    ...form(),
    languages: { version: 1, default: 'en', declared: ['es', 'es_MX'] },
    translations: {
      es: {
        'field:General.Site:label': 'Nombre del sitio',
        'field:General.Status:label': 'Estado',
        'field:General.Status:option:open': 'Abierto',
        'section:section-1:title': 'Visita',
        'field:General.Site:error': 'Empieza con S',
        'def:Parts[].Qty:label': 'Cantidad',
        'link:a01:name': 'Paredes',
        'guide:General.Status:==:"open":text': 'Revise la puerta',
        'form:title': 'Visita al sitio',
      },
      es_MX: { 'field:General.Status:label': 'Estatus' },
    },
  });

  it('translates text by text and leaves the untranslated ones in the default language', () => {
    const d = resolveDefinition(translated(), 'es');
    const texts = Object.fromEntries(translatableTexts(d).map((t) => [t.key, t.text]));
    expect(texts['field:General.Site:label']).toBe('Nombre del sitio');
    expect(texts['field:General.Status:option:open']).toBe('Abierto');
    expect(texts['field:General.Status:option:closed']).toBe('Closed');
    expect(texts['field:General.Site:help']).toBe('Where you are');
    expect(texts['section:section-1:title']).toBe('Visita');
    expect(texts['def:Parts[].Qty:label']).toBe('Cantidad');
    expect(texts['link:a01:name']).toBe('Paredes');
    expect(texts['guide:General.Status:==:"open":text']).toBe('Revise la puerta');
    expect(texts['form:title']).toBe('Visita al sitio');
    expect(texts['text:1.3']).toBe('Read this first');
    // The schema title follows the control's label (the required-field message names the field).
    expect(d.schema.properties?.General?.properties?.Site?.title).toBe('Nombre del sitio');
    expect(d.schema.properties?.General?.properties?.Site?.errorMessage).toBe('Empieza con S');
  });

  it('reads regional, then base language', () => {
    const d = resolveDefinition(translated(), 'es_MX');
    const texts = Object.fromEntries(translatableTexts(d).map((t) => [t.key, t.text]));
    expect(texts['field:General.Status:label']).toBe('Estatus');
    expect(texts['field:General.Site:label']).toBe('Nombre del sitio');
  });

  it('gives the same object for the default language, an untranslated one, and per language once', () => {
    const def = translated();
    expect(resolveDefinition(def, 'en_US')).toBe(def);
    expect(resolveDefinition(def, 'fr')).toBe(def);
    expect(resolveDefinition(def, undefined)).toBe(def);
    expect(resolveDefinition(def, 'es')).toBe(resolveDefinition(def, 'es'));
    // Untouched parts keep their identity (memoized schema consumers stay warm).
    expect(resolveDefinition(def, 'es').data).toBe(def.data);
    expect(resolveDefinition(def, 'es').schema.definitions).not.toBe(def.schema.definitions);
  });

  it('never changes values, constants or the layout shape', () => {
    const def = translated();
    const d = resolveDefinition(def, 'es');
    const oneOf = d.schema.properties?.General?.properties?.Status?.oneOf as Array<{ const: string }>;
    expect(oneOf.map((o) => o.const)).toEqual(['open', 'closed']);
    expect(JSON.stringify(def)).toBe(JSON.stringify(translated()));
  });
});

describe('missingTranslations', () => {
  it('counts per declared language what a reader would see untranslated', () => {
    const def: FormDefinition = {
      ...form(),
      languages: { default: 'en', declared: ['es', 'es_MX', 'fr'] },
      translations: { es: { 'field:General.Site:label': 'Nombre' } },
    };
    const total = translatableTexts(def).length;
    const missing = missingTranslations(def);
    expect(Object.keys(missing)).toEqual(['es', 'es_MX', 'fr']);
    expect(missing.es).toHaveLength(total - 1);
    expect(missing.es_MX).toHaveLength(total - 1);
    expect(missing.fr).toHaveLength(total);
    expect(missing.es!.some((t) => t.key === 'field:General.Site:label')).toBe(false);
  });
});

// Property: for any form and any translation table, every listed text resolves to its translation
// when it has one and to its default text when it has none, and nothing else of the form changes.
const name = fc.stringMatching(/^[A-Za-z][A-Za-z0-9_]{0,7}$/);
const text = fc.string({ minLength: 1, maxLength: 12 }).filter((s) => s.trim() !== '');
const field = fc.record({
  title: text,
  description: fc.option(text, { nil: undefined }),
  errorMessage: fc.option(text, { nil: undefined }),
  options: fc.uniqueArray(name, { maxLength: 3 }),
  label: fc.option(text, { nil: undefined }),
});
const arbForm = fc
  .record({
    fields: fc.dictionary(name, field, { minKeys: 1, maxKeys: 6 }),
    sections: fc.array(text, { minLength: 1, maxLength: 3 }),
  })
  .map(({ fields, sections }): FormDefinition => {
    const properties: Record<string, FormJsonSchema> = {};
    for (const [key, f] of Object.entries(fields)) {
      properties[key] = {
        type: 'string',
        title: f.title,
        ...(f.description ? { description: f.description } : {}),
        ...(f.errorMessage ? { errorMessage: f.errorMessage, pattern: '.' } : {}),
        ...(f.options.length ? { oneOf: f.options.map((o) => ({ const: o, title: `${o}!` })) } : {}),
      };
    }
    const keys = Object.keys(fields);
    return {
      schema: { type: 'object', properties: { General: { type: 'object', properties } } },
      ui: {
        type: 'VerticalLayout',
        elements: sections.map((title, i) => ({
          type: 'Section',
          sectionId: `section-${i + 1}`,
          label: title,
          elements: keys
            .filter((_, j) => j % sections.length === i)
            .map((k) => control(`General.${k}`, fields[k]!.label)),
        })) as UISchemaElement[],
      },
    };
  });

describe('property', () => {
  it('resolves every text to its translation, else its default, and keeps everything else', () => {
    fc.assert(
      fc.property(arbForm, fc.func(fc.option(text, { nil: undefined })), (def, pick) => {
        const texts = translatableTexts(def);
        const es: Record<string, string> = {};
        texts.forEach((t, i) => {
          const v = pick(t.key, i);
          if (v !== undefined) es[t.key] = v;
        });
        const withEs: FormDefinition = {
          ...def,
          languages: { default: 'en', declared: ['es'] },
          translations: { es },
        };
        const before = JSON.stringify(withEs);
        const resolved = resolveDefinition(withEs, 'es_MX');
        const after = new Map(translatableTexts(resolved).map((t) => [t.key, t.text]));
        for (const t of texts) expect(after.get(t.key)).toBe(es[t.key] ?? t.text);
        expect(after.size).toBe(texts.length);
        expect(missingTranslations(withEs).es!.map((t) => t.key)).toEqual(
          texts.filter((t) => !es[t.key]).map((t) => t.key),
        );
        expect(JSON.stringify(withEs)).toBe(before);
        // Same data keys and constants: only texts change.
        const strip = (d: FormDefinition) =>
          JSON.stringify(d, (k, v: unknown) =>
            ['title', 'label', 'description', 'errorMessage'].includes(k) ? '' : v,
          );
        expect(strip(resolved)).toBe(strip(withEs));
      }),
      { numRuns: 200 },
    );
  });
});
