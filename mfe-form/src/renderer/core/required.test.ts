import Ajv from 'ajv';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from 'shared-contracts';
import type { FormJsonSchema, UISchemaElement } from 'shared-contracts';
import { hasContent, missingRequired, requiredPlan } from 'form-core/required';
import { buildRequiredScope, isExempt, missingByRules, toTemplate } from 'form-core/requiredScope';
import { FormStore, evaluateJsonFormsCondition } from './store';
import { checkBeforeSave, getValidator } from './validation';
import { toAjvSchema } from 'form-core/schema';

/** The shape of the demo forms (org-emulator seed): sections as objects with their own required lists. */
const inspection: FormJsonSchema = {
  type: 'object',
  properties: {
    cqext__SQX_Inspection__c: {
      type: 'object',
      properties: { Site: { type: 'string', title: 'Site' }, Notes: { type: 'string', title: 'Notes' } },
      required: ['Site'],
    },
    General: {
      type: 'object',
      properties: {
        InspectionDate: { type: 'string', format: 'date', title: 'Inspection date' },
        Findings: { type: 'object', format: 'table', title: 'Findings', $ref: '#/definitions/Findings' },
        Agree: { type: 'boolean', title: 'I confirm' },
        Persons: {
          type: 'array',
          title: 'Persons',
          items: {
            type: 'object',
            properties: { Name: { type: 'string', title: 'Name' }, Role: { type: 'string', title: 'Role' } },
            required: ['Name'],
          },
        },
      },
      required: ['InspectionDate'],
    },
  },
  definitions: {
    Findings: {
      type: 'array',
      title: 'Findings',
      items: {
        type: 'object',
        properties: { C1: { type: 'string', title: 'Finding' }, C2: { type: 'string', title: 'Action' } },
        required: ['C1'],
      },
    },
  },
};

const plan = requiredPlan(inspection);

describe('required fields at any depth', () => {
  it('checks a section that is absent from the data (the JSON Schema trap)', () => {
    expect(missingRequired(plan, {})).toEqual(['cqext__SQX_Inspection__c.Site', 'General.InspectionDate']);
    expect(missingRequired(plan, undefined)).toHaveLength(2);
    // Ajv alone says nothing about absent sections: this is what let empty forms through.
    const ajv = new Ajv({ allErrors: true, strict: false });
    expect(ajv.validate(toAjvSchema(inspection), {})).toBe(true);
  });

  it('counts empty and whitespace-only strings as missing; 0 is a value', () => {
    const num = requiredPlan({ type: 'object', properties: { n: { type: 'number' } }, required: ['n'] });
    expect(
      missingRequired(plan, { cqext__SQX_Inspection__c: { Site: '  ' }, General: { InspectionDate: '' } }),
    ).toEqual(['cqext__SQX_Inspection__c.Site', 'General.InspectionDate']);
    expect(missingRequired(num, { n: 0 })).toEqual([]);
    expect(missingRequired(num, { n: null })).toEqual(['n']);
  });

  it('checks list items per item with content, at their own index; blank rows are no rows', () => {
    const data = {
      cqext__SQX_Inspection__c: { Site: 'Plant 1' },
      General: {
        InspectionDate: '2026-11-26',
        Persons: [{ Name: 'Ann' }, {}, { Role: 'Lead' }],
        Findings: [{ C1: '', C2: '' }, { C2: 'Fix it' }],
      },
    };
    expect(missingRequired(plan, data)).toEqual(['General.Findings.1.C1', 'General.Persons.2.Name']);
    const check = checkBeforeSave({ validate: getValidator(inspection), data, schema: inspection });
    expect(check).toMatchObject({ ok: false, alert: MESSAGES.fixFieldValidation });
    expect(check.messages).toEqual([
      'Finding is missing required fields (row 2)',
      'Name is missing required fields (row 3)',
    ]);
  });

  it('a required list or table needs a row with content; a required checkbox must be checked', () => {
    const s: FormJsonSchema = {
      type: 'object',
      properties: {
        G: {
          type: 'object',
          properties: {
            T: {
              type: 'array',
              title: 'Rows',
              items: { type: 'object', properties: { a: { type: 'string' } } },
            },
            Sig: {
              type: 'array',
              items: { type: 'object', properties: { SignatureBase64: { type: 'string' } } },
            },
            Ok: { type: 'boolean', title: 'I confirm' },
          },
          required: ['T', 'Sig', 'Ok'],
        },
      },
    };
    const p = requiredPlan(s);
    expect(
      missingRequired(p, {
        G: { T: [{ a: ' ' }, {}], Sig: [{ SignatureBase64: '', Purpose: 'x' }], Ok: false },
      }),
    ).toEqual(['G.T', 'G.Sig', 'G.Ok']);
    expect(
      missingRequired(p, { G: { T: [{}, { a: 'x' }], Sig: [{ SignatureBase64: 'data:x' }], Ok: true } }),
    ).toEqual([]);
    expect(hasContent([{ a: '' }, { b: [] }])).toBe(false);
  });

  it('exempts fields hidden or read-only by the layout, and adds fields a required rule names', () => {
    const schema: FormJsonSchema = {
      type: 'object',
      properties: {
        G: {
          type: 'object',
          properties: {
            Status: { type: 'string' },
            Reason: { type: 'string', title: 'Reason' },
            Locked: { type: 'string', title: 'Locked' },
            Fixed: { type: 'string', title: 'Fixed', readOnly: true },
            Note: { type: 'string', title: 'Note' },
          },
          required: ['Reason', 'Locked', 'Fixed'],
        },
      },
    };
    const closed = [{ field: 'G.Status', operator: '==' as const, value: 'Closed' }];
    const ui: UISchemaElement = {
      type: 'VerticalLayout',
      elements: [
        { type: 'Control', scope: '#/properties/G/properties/Status' },
        {
          type: 'Control',
          scope: '#/properties/G/properties/Reason',
          rules: [{ type: 'visible', conditions: closed }],
        },
        { type: 'Control', scope: '#/properties/G/properties/Locked' },
        { type: 'Control', scope: '#/properties/G/properties/Fixed' },
        {
          type: 'Control',
          scope: '#/properties/G/properties/Note',
          rules: [{ type: 'required', conditions: closed }],
        },
      ],
    };
    const scope = buildRequiredScope(ui, schema, new Set(['Locked']));
    const missing = (data: unknown): string[] => [
      ...missingRequired(requiredPlan(schema), data, (p) =>
        isExempt(scope, p, data, evaluateJsonFormsCondition),
      ),
      ...missingByRules(scope, data, evaluateJsonFormsCondition),
    ];
    expect(missing({})).toEqual([]);
    expect(missing({ G: { Status: 'Closed' } })).toEqual(['G.Reason', 'G.Note']);
    expect(toTemplate('G.Rows.12.Items.0.a')).toBe('G.Rows.[].Items.[].a');
  });

  it('the store lists them on Save, shows them on their fields and counts what is left', () => {
    const store = new FormStore({ schema: inspection, validator: () => getValidator(inspection), data: {} });
    expect(store.getRequiredLeft()).toBe(2);
    let heard = 0;
    store.subscribeRequired(() => heard++);
    const refused = store.submit();
    expect(refused.ok).toBe(false);
    expect(refused.messages).toEqual([
      'Site is missing required fields',
      'Inspection date is missing required fields',
    ]);
    expect(store.getMeta('General.InspectionDate').errors).toEqual(['This field is required']);
    store.set('General.InspectionDate', '2026-11-26');
    store.set('cqext__SQX_Inspection__c.Notes', 'typing elsewhere');
    expect(store.getRequiredLeft()).toBe(1);
    expect(heard).toBe(1);
    store.set('cqext__SQX_Inspection__c.Site', 'Plant 1');
    expect(store.getMeta('General.InspectionDate').errors).toEqual([]);
    expect(store.submit().ok).toBe(true);
  });

  it('exempts what a hidden layout or a hidden list holds, judging each missing path by what holds it', () => {
    const schema: FormJsonSchema = {
      type: 'object',
      properties: {
        G: {
          type: 'object',
          properties: {
            Mode: { type: 'string' },
            Reason: { type: 'string', title: 'Reason' },
            People: {
              type: 'array',
              items: { type: 'object', properties: { Name: { type: 'string' } }, required: ['Name'] },
            },
            Rows: {
              type: 'array',
              items: { type: 'object', properties: { Cell: { type: 'string' } }, required: ['Cell'] },
            },
          },
          required: ['Reason'],
        },
      },
    };
    const quick = [{ field: 'G.Mode', operator: '==' as const, value: 'quick' }];
    const ui: UISchemaElement = {
      type: 'VerticalLayout',
      elements: [
        { type: 'Control', scope: '#/properties/G/properties/Mode' },
        {
          type: 'Group',
          rules: [{ type: 'hidden', conditions: quick }],
          elements: [{ type: 'Control', scope: '#/properties/G/properties/Reason' }],
        },
        // a list with its item layout: the Name control's chain holds the list's rule
        {
          type: 'Control',
          scope: '#/properties/G/properties/People',
          rules: [{ type: 'hidden', conditions: quick }],
          options: {
            detail: { type: 'VerticalLayout', elements: [{ type: 'Control', scope: '#/properties/Name' }] },
          },
        },
        // a table without item controls: a cell is judged by the table's control
        {
          type: 'Control',
          scope: '#/properties/G/properties/Rows',
          rules: [{ type: 'hidden', conditions: quick }],
        },
      ],
    } as UISchemaElement;
    const scope = buildRequiredScope(ui, schema, new Set());
    const missing = (data: unknown): string[] =>
      missingRequired(requiredPlan(schema), data, (p) =>
        isExempt(scope, p, data, evaluateJsonFormsCondition),
      );
    const rows = {
      People: [{ Name: '' }, { Name: 'Ann' }, { Name: ' ' }],
      Rows: [{ Cell: '' }, { Cell: 'x' }],
    };
    // blank rows are no rows; rows with content but an empty required value are missing
    expect(missing({ G: { Mode: 'full', ...rows, People: [{ Name: 'Ann' }, { Name: '', x: 1 }] } })).toEqual([
      'G.Reason',
      'G.People.1.Name',
    ]);
    expect(
      missing({ G: { Mode: 'quick', ...rows, People: [{ Name: '', x: 1 }], Rows: [{ Cell: '', y: 2 }] } }),
    ).toEqual([]);
  });

  it('answers the same after any sequence of edits as a fresh scope does (its states are kept per path)', () => {
    // Form rules (absolute paths) and a JSON Forms rule read relative to a list item, on layouts and
    // controls: a kept state must never outlive a change to what its rules read.
    const schema: FormJsonSchema = {
      type: 'object',
      properties: {
        G: {
          type: 'object',
          properties: {
            Mode: { type: 'string' },
            Note: { type: 'string' },
            Items: {
              type: 'array',
              items: {
                type: 'object',
                properties: { Kind: { type: 'string' }, Detail: { type: 'string' } },
                required: ['Detail'],
              },
            },
          },
        },
      },
    };
    const when = (value: string) => [{ field: 'G.Mode', operator: '==' as const, value }];
    const ui = {
      type: 'VerticalLayout',
      elements: [
        { type: 'Control', scope: '#/properties/G/properties/Mode' },
        {
          type: 'Group',
          rules: [{ type: 'hidden', conditions: when('quick') }],
          elements: [
            {
              type: 'Control',
              scope: '#/properties/G/properties/Note',
              rules: [{ type: 'required', conditions: when('full') }],
            },
          ],
        },
        {
          type: 'Control',
          scope: '#/properties/G/properties/Items',
          options: {
            detail: {
              type: 'VerticalLayout',
              elements: [
                { type: 'Control', scope: '#/properties/Kind' },
                {
                  type: 'Control',
                  scope: '#/properties/Detail',
                  rule: {
                    effect: 'HIDE',
                    condition: { scope: '#/properties/Kind', schema: { const: 'none' } },
                  },
                  rules: [{ type: 'required', conditions: when('full') }],
                },
              ],
            },
          },
        },
      ],
    } as UISchemaElement;
    const missingWith = (scope: ReturnType<typeof buildRequiredScope>, data: unknown): string[] => [
      ...missingRequired(requiredPlan(schema), data, (p) =>
        isExempt(scope, p, data, evaluateJsonFormsCondition),
      ),
      ...missingByRules(scope, data, evaluateJsonFormsCondition),
    ];
    const kept = buildRequiredScope(ui, schema, new Set());
    const item = fc.record({
      Kind: fc.constantFrom('none', 'pipe', ''),
      Detail: fc.constantFrom('', 'x'),
    });
    const state = fc.record({
      Mode: fc.constantFrom('quick', 'full', ''),
      Note: fc.constantFrom('', 'n'),
      Items: fc.array(item, { maxLength: 3 }),
    });
    fc.assert(
      fc.property(fc.array(state, { minLength: 1, maxLength: 8 }), (steps) => {
        for (const g of steps) {
          const data = { G: g };
          expect(missingWith(kept, data)).toEqual(
            missingWith(buildRequiredScope(ui, schema, new Set()), data),
          );
        }
      }),
      { numRuns: 200 },
    );
  });

  it('asks whether a path is exempt only of missing paths, not of every filled field and row (per edit)', () => {
    const fields = Array.from({ length: 40 }, (_, i) => `F${i}`);
    const schema: FormJsonSchema = {
      type: 'object',
      properties: {
        G: {
          type: 'object',
          properties: {
            ...Object.fromEntries(fields.map((f) => [f, { type: 'string' }])),
            T: {
              type: 'array',
              items: { type: 'object', properties: { C: { type: 'string' } }, required: ['C'] },
            },
          },
          required: fields,
        },
      },
    };
    const data = {
      G: {
        ...Object.fromEntries(fields.map((f) => [f, 'filled'])),
        F7: '',
        T: Array.from({ length: 200 }, (_, i) => ({ C: i === 150 ? '' : 'x', D: 'row' })),
      },
    };
    const asked: string[] = [];
    expect(missingRequired(requiredPlan(schema), data, (p) => (asked.push(p), false))).toEqual([
      'G.F7',
      'G.T.150.C',
    ]);
    expect(asked).toEqual(['G.F7', 'G.T.150.C']);
  });
});

// ---------------------------------------------------------------------------------------------------
// Property: generated schemas (required at depths 1-4, inside objects, lists and tables) against a
// reference: Ajv over the data defaulted to the shape the form renders (every object present, empty
// and whitespace-only text, unchecked boxes and blank rows gone, an array without rows gone).

type Node = FormJsonSchema;
const KEYS = ['a', 'b', 'c', 'd'];

const leafArb: fc.Arbitrary<Node> = fc.constantFrom<Node>(
  { type: 'string' },
  { type: 'string', format: 'date' },
  { type: 'number' },
  { type: 'boolean' },
);

const withRequired = (props: Record<string, Node>): fc.Arbitrary<Node> =>
  fc
    .subarray(Object.keys(props))
    .map((required) => ({ type: 'object', properties: props, required }) as Node);

const { node: schemaArb } = fc.letrec<{ node: Node; object: Node; array: Node }>((tie) => ({
  node: fc.oneof({ maxDepth: 4, depthIdentifier: 'schema' }, leafArb, tie('object'), tie('array')),
  object: fc
    .uniqueArray(fc.constantFrom(...KEYS), { minLength: 1, maxLength: 3 })
    .chain((keys) =>
      fc
        .tuple(...keys.map(() => tie('node')))
        .map((subs) => Object.fromEntries(keys.map((k, i) => [k, subs[i] as Node]))),
    )
    .chain(withRequired),
  array: tie('object').map((items): Node => ({ type: 'array', items })),
}));

/** A form schema: the root holds sections; some lists are the product's tables ($ref + format table). */
const formArb = fc
  .tuple(schemaArb, schemaArb, fc.boolean())
  .chain(([s1, s2, asTable]) => withRequired({ S1: s1, S2: s2 }).map((root) => ({ root, asTable })))
  .map(({ root, asTable }): Node => {
    if (!asTable) return root;
    // Turn the top-level arrays of each section into tables the way the builder saves them.
    const definitions: Record<string, Node> = {};
    const sections = Object.fromEntries(
      Object.entries(root.properties ?? {}).map(([name, sec]) => {
        if (sec.type !== 'object' || !sec.properties) return [name, sec];
        const props = Object.fromEntries(
          Object.entries(sec.properties).map(([k, v]) => {
            if (v.type !== 'array') return [k, v];
            const id = `${name}_${k}`;
            definitions[id] = v;
            return [k, { type: 'object', format: 'table', $ref: `#/definitions/${id}` } as Node];
          }),
        );
        return [name, { ...sec, properties: props }];
      }),
    );
    return { ...root, properties: sections, definitions };
  });

const resolve = (s: Node, root: Node): Node =>
  typeof s.$ref === 'string' ? (root.definitions?.[s.$ref.split('/').pop() ?? ''] ?? s) : s;

/** Data for a schema: each value absent, empty, whitespace-only or filled; rows blank or not. */
const dataFor = (raw: Node, root: Node): fc.Arbitrary<unknown> => {
  const s = resolve(raw, root);
  if (s.type === 'object') {
    const entries = Object.entries(s.properties ?? {});
    const full = fc.tuple(...entries.map(([, sub]) => dataFor(sub, root))).map((vals) => {
      const o: Record<string, unknown> = {};
      entries.forEach(([k], i) => {
        if (vals[i] !== undefined) o[k] = vals[i];
      });
      return o;
    });
    return fc.oneof(fc.constant(undefined), fc.constant({}), full);
  }
  if (s.type === 'array') {
    return fc.oneof(
      fc.constant(undefined),
      fc.constant([]),
      fc.array(dataFor(s.items as Node, root), { maxLength: 3 }),
    );
  }
  if (s.type === 'boolean') return fc.constantFrom(undefined, false, true);
  if (s.type === 'number') return fc.constantFrom(undefined, null, 0, 7);
  return fc.constantFrom(undefined, '', '   ', '\t', s.format === 'date' ? '2026-11-26' : 'x');
};

/** The reference's own notion of a blank row: nothing in it but empty text, nulls and blank rows. */
const blank = (v: unknown): boolean =>
  v === undefined ||
  v === null ||
  (typeof v === 'string' && v.trim() === '') ||
  (Array.isArray(v) && v.every(blank)) ||
  (typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every(blank));

/** The data as the form renders it; row indices are kept in `rows` so Ajv's paths can be mapped back. */
const shape = (raw: Node, root: Node, v: unknown): unknown => {
  const s = resolve(raw, root);
  if (s.type === 'object') {
    const o = v !== null && typeof v === 'object' ? (v as Record<string, unknown>) : {};
    const out: Record<string, unknown> = {};
    for (const [k, sub] of Object.entries(s.properties ?? {})) {
      const x = shape(sub, root, o[k]);
      if (x !== undefined) out[k] = x;
    }
    return out;
  }
  if (s.type === 'array') {
    if (!Array.isArray(v)) return undefined;
    const rows = v.filter((r) => !blank(r)).map((r) => shape(s.items as Node, root, r));
    return rows.length > 0 ? rows : undefined;
  }
  if (s.type === 'boolean') return v === true ? true : undefined;
  if (typeof v === 'string') return v.trim() === '' ? undefined : v;
  return v ?? undefined;
};

const referenceAjv = new Ajv({ allErrors: true, strict: false, logger: false });
/** Missing paths by Ajv over the shaped data, as templates (rows become '[]'). */
const reference = (schema: Node, data: unknown): string[] => {
  const validate = referenceAjv.compile(toAjvSchema(schema));
  validate(shape(schema, schema, data));
  return (validate.errors ?? [])
    .filter((e) => e.keyword === 'required')
    .map((e) =>
      toTemplate(
        [
          ...e.instancePath.split('/').filter(Boolean),
          (e.params as { missingProperty: string }).missingProperty,
        ].join('.'),
      ),
    )
    .sort();
};

describe('required fields: property test against Ajv over the rendered shape', () => {
  it('gives the same verdict and the same missing fields', () => {
    fc.assert(
      fc.property(
        formArb.chain((schema) => fc.tuple(fc.constant(schema), dataFor(schema, schema))),
        ([schema, data]) => {
          const ours = missingRequired(requiredPlan(schema), data);
          const ref = reference(schema, data);
          expect(ours.map(toTemplate).sort()).toEqual(ref);
          // The save check lists each of them with the spec's text (other errors, such as a
          // whitespace-only date failing its format, may come on top) and refuses the Save.
          const check = checkBeforeSave({ validate: getValidator(schema), data, schema });
          const listed = check.messages.filter((m) => /is missing required fields( \(row \d+\))?$/.test(m));
          expect(listed).toHaveLength(ref.length);
          if (ref.length > 0) expect(check).toMatchObject({ ok: false, alert: MESSAGES.fixFieldValidation });
        },
      ),
      { numRuns: 250 },
    );
  });
});
