// @vitest-environment node
/**
 * Open → save gives the same JSON (issue 40): every form the org emulator seeds, every example the
 * renderer's playground ships, and generated layouts full of what the canvas does not model (static
 * text, CQFlexLayout, a Categorization inside a section, elements outside any section, options the
 * builder has no field for). Only the builder's own notes, which it recomputes from the canvas and
 * the renderer never reads, are left out of the comparison.
 */
import fc from 'fast-check';
import { PLAYGROUND_EXAMPLES } from 'mfe-form/playground-examples';
import { startEmulator, type RunningEmulator } from 'org-emulator';
import { DEMO_ORG, OrgClient } from 'test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moveField, removeField, updateField } from './layout';
import { decodeSavedForm, fromFormJson } from './reader';
import type { BuilderForm } from './types';
import { fromBase64, toFormJson, type Json } from './writer';

/** Builder bookkeeping: recomputed from the canvas on every save; the renderer reads none of it. */
const BOOKKEEPING = [
  'formBuilderData',
  'formBuilderGridPerSection',
  'draggedItems',
  'objectSelection',
  'cqFormObjectSchema',
];
const withoutBookkeeping = (json: Json): Json =>
  Object.fromEntries(Object.entries(json).filter(([k]) => !BOOKKEEPING.includes(k)));
const save = (form: BuilderForm): Json => JSON.parse(JSON.stringify(toFormJson(form))) as Json;

describe('every form the org emulator seeds', () => {
  let emulator: RunningEmulator;
  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, seed: 'demo' });
  }, 60_000);
  afterAll(() => emulator?.close());

  it('opens and saves to the same JSON', async () => {
    const org = new OrgClient(emulator.url, { username: DEMO_ORG.admin });
    const records = await org.query<{ Name: string; cqext__Form_Builder_JSON__c: string | null }>(
      'SELECT Name, cqext__Form_Builder_JSON__c FROM cqext__SQX_Form_Definition__c',
    );
    const saved = records.filter((r) => r.cqext__Form_Builder_JSON__c);
    expect(saved.length).toBeGreaterThanOrEqual(5);
    for (const r of saved) {
      const b64 = r.cqext__Form_Builder_JSON__c!;
      const original = JSON.parse(fromBase64(b64)) as Json;
      expect({ form: r.Name, json: withoutBookkeeping(save(decodeSavedForm(b64))) }).toEqual({
        form: r.Name,
        json: withoutBookkeeping(original),
      });
    }
  }, 60_000);
});

describe("every example of the renderer's playground", () => {
  it.each(PLAYGROUND_EXAMPLES.map((e) => [e.name, e] as const))('%s', (_name, example) => {
    const original = { version: '2.0.0', schema: example.schema, ui: example.uischema, data: example.data };
    const out = save(fromFormJson(structuredClone(original) as Json));
    expect({ schema: out.schema, ui: out.ui, data: out.data }).toEqual({
      schema: { ...original.schema, definitions: {} },
      ui: original.ui,
      data: original.data,
    });
  });
});

// ---- generated layouts ----

interface Gen {
  json: Json;
  /** Keys of the fields the canvas models (General). */
  fieldKeys: string[];
}

const text = fc.string({ minLength: 1, maxLength: 12 });
const label = text.map((t) => ({ type: 'label', text: t }));
/** Elements the builder does not model, each kept as it is. */
const keptElement = fc.oneof(
  label,
  fc.record({
    type: fc.constant('CQFlexLayout'),
    options: fc.record({ direction: fc.constantFrom('row', 'column'), gap: fc.nat(24) }),
    elements: fc.array(label, { maxLength: 3 }),
  }),
  fc.record({
    type: fc.constant('Categorization'),
    elements: fc.array(
      fc.record({ type: fc.constant('Category'), label: text, elements: fc.array(label, { maxLength: 2 }) }),
      { minLength: 1, maxLength: 2 },
    ),
  }),
  text.map((t) => ({ type: 'ListWithDetail', scope: '#/properties/Elsewhere', options: { detail: t } })),
);

/** A form's `scoring` block (issue 43), with what a failed item proposes. */
const scoringBlock = fc.record(
  {
    passMark: fc.nat(100),
    failingRequires: fc.record({ note: fc.boolean(), photo: fc.boolean() }),
    correctiveActions: fc.oneof(
      fc.record(
        {
          enabled: fc.boolean(),
          assignee: fc.constantFrom('inspector', 'recordOwner'),
          dueDays: fc.nat(365),
          priority: fc.constantFrom('High', 'Normal', 'Low'),
        },
        { requiredKeys: ['enabled', 'assignee'] },
      ),
      fc.record({
        enabled: fc.constant(true),
        assignee: fc.constant('user'),
        userId: fc.constant('005000000000001AAA'),
        userName: text,
        dueDays: fc.nat(365),
      }),
    ),
  },
  { requiredKeys: [] },
);

/** A form's languages and translations (issue 44), with keys of a later version the builder does not know. */
const translationsBlock = fc.record({
  languages: fc.record(
    {
      version: fc.constantFrom(1, 2),
      default: fc.constantFrom('en', 'es'),
      declared: fc.uniqueArray(fc.constantFrom('es', 'fr', 'de', 'pt_BR', 'ja', 'ar', 'he'), {
        maxLength: 3,
      }),
      future: text,
    },
    { requiredKeys: ['default', 'declared'] },
  ),
  translations: fc.dictionary(
    fc.constantFrom('es', 'fr', 'ar', 'xx'),
    fc.dictionary(
      fc.oneof(fc.constantFrom('section:section-1:title', 'field:General.CQ_Form_F1:label'), text),
      text,
    ),
  ),
});

/** Generated saved forms: sections of rows (fields and kept elements), tables, Files and signatures placed anywhere the renderer allows. */
const savedForm: fc.Arbitrary<Gen> = fc
  .record({
    categorized: fc.boolean(),
    withIds: fc.boolean(),
    sections: fc.array(
      fc.record({
        title: text,
        wrapped: fc.boolean(),
        options: fc.option(fc.record({ collapsed: fc.boolean() }), { nil: undefined }),
        rows: fc.array(
          fc.record({
            horizontal: fc.boolean(),
            rowOptions: fc.constantFrom(undefined, { columns: 2 }, { columns: 3 }),
            items: fc.array(
              fc.oneof(
                {
                  weight: 3,
                  arbitrary: fc.record({
                    field: fc.constant(true),
                    title: text,
                    required: fc.boolean(),
                    unknownOption: fc.option(text, { nil: undefined }),
                  }),
                },
                { weight: 2, arbitrary: keptElement.map((k) => ({ field: false as const, kept: k })) },
                { weight: 1, arbitrary: fc.constant({ field: false as const, kept: { type: 'blank' } }) },
              ),
              { minLength: 1, maxLength: 2 },
            ),
          }),
          { maxLength: 4 },
        ),
        table: fc.boolean(),
      }),
      { minLength: 1, maxLength: 4 },
    ),
    outside: fc.array(fc.record({ at: fc.nat(4), element: keptElement }), { maxLength: 3 }),
    files: fc.constantFrom('none', 'top', 'section'),
    signatures: fc.constantFrom('none', 'top', 'section'),
    scoring: fc.option(scoringBlock, { nil: undefined }),
    translated: fc.option(translationsBlock, { nil: undefined }),
  })
  .map((g) => {
    let n = 0;
    let tables = 0;
    const props: Json = {};
    const required: string[] = [];
    const definitions: Json = {};
    const sectionsInfo: Json = {};
    const fieldKeys: string[] = [];
    const sections = g.sections.map((s, si) => {
      const sectionId = `section-${si + 1}`;
      const content: Json[] = [];
      for (const row of s.rows) {
        const items = row.items.map((item) => {
          if (!item.field) return item.kept as Json;
          n++;
          const key = `CQ_Form_F${n}`;
          fieldKeys.push(key);
          props[key] = {
            type: 'string',
            title: item.title,
            maxLength: 255,
            ...(g.withIds ? { id: n * 100 } : {}),
          };
          if (item.required) required.push(key);
          const options = {
            showLabel: true,
            ...(item.unknownOption ? { hint: item.unknownOption } : {}),
            ...(g.withIds ? { id: n * 100 } : {}),
          };
          return {
            type: 'Control',
            scope: `#/properties/General/properties/${key}`,
            label: item.title,
            options,
          };
        });
        if (row.horizontal || items.length > 1)
          content.push({
            type: 'HorizontalLayout',
            elements: items,
            ...(row.rowOptions ? { options: row.rowOptions } : {}),
          });
        else content.push(items[0]!);
      }
      if (s.table) {
        const id = `G_Table_${++tables}`;
        definitions[id] = {
          type: 'array',
          title: `Table ${tables}`,
          relationshipName: `${id}__r`,
          items: {
            type: 'object',
            properties: { C1: { id: 1, name: 'C1', title: 'Column 1', type: 'string' } },
          },
        };
        props[id] = {
          type: 'object',
          format: 'table',
          title: `Table ${tables}`,
          $ref: `#/definitions/${id}`,
        };
        content.push({
          type: 'table',
          scope: `#/properties/General/properties/${id}`,
          label: `Table ${tables}`,
          options: { tableId: id, rowsCount: 3, columnWidth: { C1: 250 } },
        });
        sectionsInfo[sectionId] = { tables: [{ tableId: id }] };
      }
      const last = si === g.sections.length - 1;
      if (g.files === 'section' && last)
        content.push({
          type: 'genericfileupload',
          scope: '#/properties/General/properties/Files',
          label: 'Attachments',
        });
      if (g.signatures === 'section' && last)
        content.push({
          type: 'signatures',
          scope: '#/properties/General/properties/signatures',
          label: 'Signatures',
        });
      const section = {
        type: 'Section',
        sectionId,
        label: s.title,
        ...(s.options ? { options: s.options } : {}),
        elements: s.wrapped ? [{ type: 'VerticalLayout', elements: content }] : content,
      };
      return g.categorized ? { type: 'Category', label: s.title, elements: [section] } : section;
    });
    const top: Json[] = [];
    sections.forEach((s, i) => {
      for (const o of g.outside) if (o.at === i) top.push(o.element as Json);
      top.push(s);
    });
    for (const o of g.outside) if (o.at >= sections.length) top.push(o.element as Json);
    if (g.signatures !== 'none') {
      props.signatures = {
        type: 'array',
        title: 'Signatures',
        items: {
          type: 'object',
          properties: { SignatureBase64: { type: 'string' }, Purpose: { type: 'string' } },
        },
      };
      if (g.signatures === 'top')
        top.push({
          type: 'Group',
          label: 'Signatures',
          elements: [
            { type: 'signatures', scope: '#/properties/General/properties/signatures', label: 'Signatures' },
          ],
        });
    }
    const files = { title: 'Attachments', type: 'array', items: { type: 'object' } };
    if (g.files !== 'none') {
      props.Files = files;
      if (g.files === 'top')
        top.push({
          type: 'genericfileupload',
          scope: '#/properties/General/properties/Files',
          label: 'Attachments',
        });
    }
    const json: Json = {
      formName: 'Generated',
      version: '2.0.0',
      cqFormType: 'cqext__SQX_Inspection__c',
      contextObject: '',
      contextObjectRelationshipName: '',
      schema: {
        type: 'object',
        properties: {
          General: { type: 'object', properties: props, required },
          Elsewhere: { type: 'array', items: { type: 'object' } },
        },
        definitions,
      },
      ui: { type: g.categorized ? 'Categorization' : 'VerticalLayout', elements: top },
      styles: { header: { logo: '', backgroundColor: '#0176d3' } },
      data: {},
      signatures: g.signatures === 'none' ? [] : [{ Purpose: 'Inspector' }],
      sectionsInfo,
      readOnly: [],
      nextaction: { cqext__Activity_Code__c: 'submit' },
      queries: [],
      lookupCache: {},
      startingData: {},
      ...(g.files !== 'none' ? { Files: files } : {}),
      ...(g.scoring ? { scoring: g.scoring } : {}),
      ...(g.translated ? g.translated : {}),
    };
    return { json, fieldKeys };
  });

/** Every element of the layout, depth first, by its JSON (kept elements are compared whole). */
function walk(el: unknown, out: unknown[] = []): unknown[] {
  if (!el || typeof el !== 'object') return out;
  out.push(el);
  for (const c of ((el as { elements?: unknown[] }).elements ?? []) as unknown[]) walk(c, out);
  return out;
}
const KEPT_TYPES = new Set(['label', 'CQFlexLayout', 'Categorization', 'ListWithDetail']);
/** Kept elements (not the layout's own wrappers around sections), in layout order. */
const keptInOrder = (json: Json) =>
  ((json.ui as { elements: unknown[] }).elements.flatMap((e) => walk(e)) as unknown[])
    .filter((e) => KEPT_TYPES.has(String((e as { type?: unknown }).type)))
    .filter((e) => !JSON.stringify(e).includes('"type":"Section"'))
    .map((e) => JSON.stringify(e));

describe('generated layouts', () => {
  it('open → save: the same JSON', () => {
    fc.assert(
      fc.property(savedForm, ({ json }) => {
        const out = save(fromFormJson(structuredClone(json)));
        expect(withoutBookkeeping(out)).toEqual(withoutBookkeeping(json));
      }),
      { numRuns: 300 },
    );
  });

  it('open → edit one field → save: the same JSON except that field', () => {
    fc.assert(
      fc.property(savedForm, fc.nat(), text, ({ json, fieldKeys }, pick, title) => {
        fc.pre(fieldKeys.length > 0);
        const key = fieldKeys[pick % fieldKeys.length]!;
        const form = fromFormJson(structuredClone(json));
        const field = Object.values(form.fields).find((f) => f.key === key)!;
        const out = save(updateField(form, field.id, { schema: { ...field.schema, title } }));
        // Expected: the original with that field's title and label changed, nothing else.
        const expected = structuredClone(json) as Json;
        const general = (expected.schema as { properties: { General: { properties: Record<string, Json> } } })
          .properties.General.properties;
        general[key]!.title = title;
        for (const e of walk(expected.ui))
          if ((e as { scope?: string }).scope === `#/properties/General/properties/${key}`)
            (e as Json).label = title;
        expect(withoutBookkeeping(out)).toEqual(withoutBookkeeping(expected));
      }),
      { numRuns: 200 },
    );
  });

  it('removing or moving fields keeps every kept element, in order', () => {
    fc.assert(
      fc.property(savedForm, fc.nat(), fc.boolean(), ({ json, fieldKeys }, pick, remove) => {
        fc.pre(fieldKeys.length > 0);
        const form = fromFormJson(structuredClone(json));
        const field = Object.values(form.fields).find((f) => f.key === fieldKeys[pick % fieldKeys.length])!;
        const edited = remove
          ? removeField(form, field.id)
          : moveField(form, field.id, form.sections.length - 1, 'end');
        const out = save(edited);
        expect(keptInOrder(out)).toEqual(keptInOrder(json));
        expect(JSON.stringify(out.ui).includes(`properties/${field.key}"`)).toBe(!remove);
      }),
      { numRuns: 200 },
    );
  });
});
