import { parse } from '@babel/parser';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { strFromU8, unzipSync } from 'fflate';
import { isValidLwcName, type PublishOptions } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { formSections } from './templates-form';
import { generateBaseClass, generateComponent, kebabTag, type GenerateInput } from './templates-lwc';
import { packageXml, TEMPLATES, zip } from './templates';

const FORM = {
  cqFormType: 'cqext__SQX_Inspection__c',
  schema: {
    properties: {
      cqext__SQX_Inspection__c: {
        type: 'object',
        properties: {
          cqext__Inspection_Date__c: { type: 'string', format: 'date', title: 'Inspection Date' },
        },
        required: ['cqext__Inspection_Date__c'],
      },
      General: {
        type: 'object',
        properties: {
          CQ_Form_Weather: { type: 'string', title: 'Weather <&> "quoted"', maxLength: 255 },
          CQ_Form_Safe: {
            type: 'string',
            oneOf: [
              { const: 'YES', title: 'Yes' },
              { const: 'NO', title: 'No' },
            ],
          },
          CQ_Form_Notes: { type: 'string', maxLength: 32000 },
        },
      },
    },
  },
  ui: {
    type: 'VerticalLayout',
    elements: [
      {
        type: 'Section',
        label: 'Site',
        sectionId: 'S1',
        elements: [
          {
            type: 'HorizontalLayout',
            elements: [
              {
                type: 'Control',
                scope: '#/properties/cqext__SQX_Inspection__c/properties/cqext__Inspection_Date__c',
              },
              { type: 'Control', scope: '#/properties/General/properties/CQ_Form_Weather' },
            ],
          },
        ],
      },
      {
        type: 'Section',
        label: 'Checks',
        sectionId: 'S2',
        elements: [
          { type: 'select', scope: '#/properties/General/properties/CQ_Form_Safe' },
          { type: 'Control', scope: '#/properties/General/properties/CQ_Form_Notes' },
        ],
      },
    ],
  },
};

const options = (over: Partial<PublishOptions> = {}): PublishOptions => ({
  formId: 'a0F5g0000000001AAA',
  formName: 'FORM-0001',
  objectApiName: 'cqext__SQX_Inspection__c',
  label: 'Site <Inspection> & "Co"',
  actionOverride: 'None',
  layout: 'Inspection Layout',
  afterSaveFlow: 'CQ_Submit_Inspection',
  dynamicFilterClass: 'CQ_AccountSiteFilter',
  visualforcePage: null,
  headerComponent: null,
  ...over,
});

const input = (over: Partial<GenerateInput> = {}): GenerateInput => ({
  componentName: 'cqui',
  template: 'cqFormTemplate',
  apiVersion: '62.0',
  namespace: 'cqext',
  options: options(),
  form: FORM,
  appUrl: 'http://127.0.0.1:4000',
  ...over,
});

const xml = new XMLParser({ ignoreAttributes: false, parseTagValue: false });
type Meta = {
  LightningComponentBundle: {
    apiVersion: number | string;
    isExposed: boolean | string;
    masterLabel: string;
    targets: { target: string | string[] };
    targetConfigs?: { targetConfig: Record<string, unknown> | Record<string, unknown>[] };
  };
};
const list = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

function meta(files: { path: string; source: string }[], name: string): Meta['LightningComponentBundle'] {
  const file = files.find((f) => f.path === `lwc/${name}/${name}.js-meta.xml`);
  expect(file, 'js-meta.xml present').toBeDefined();
  expect(XMLValidator.validate(file?.source ?? '')).toBe(true);
  return (xml.parse(file?.source ?? '') as Meta).LightningComponentBundle;
}

/** Every js file must parse as an ES module with LWC's decorators (the LWC compiler uses Babel). */
function parsesAsModule(source: string): void {
  const ast = parse(source, {
    sourceType: 'module',
    plugins: [['decorators', { decoratorsBeforeExport: true }]],
  });
  expect(ast.program.sourceType).toBe('module');
}

describe('generated LWC bundles', () => {
  for (const template of TEMPLATES) {
    it(`${template.name}: well-formed meta XML, ES module js, valid names, one folder`, () => {
      const files = generateComponent(input({ template: template.name }));
      expect(new Set(files.map((f) => f.path.split('/').slice(0, 2).join('/')))).toEqual(
        new Set(['lwc/cqui']),
      );
      const m = meta(files, 'cqui');
      expect(String(m.apiVersion)).toBe('62.0');
      expect(String(m.isExposed)).toBe('true');
      expect(m.masterLabel).toBe('Site <Inspection> & "Co"');
      const targets = list(m.targets.target);
      expect(targets).toContain('lightning__RecordPage');
      const rp = list(m.targetConfigs?.targetConfig).find((c) => c['@_targets'] === 'lightning__RecordPage');
      expect(rp?.objects).toEqual({ object: 'cqext__SQX_Inspection__c' });
      for (const f of files.filter((x) => x.format === 'js')) parsesAsModule(f.source);
      const main = files.find((f) => f.path === 'lwc/cqui/cqui.js')?.source ?? '';
      expect(main).toMatch(/export default class Cqui extends NavigationMixin\(CqFormBase\)/);
      expect(main).toContain("import CqFormBase from 'c/cqFormBase';");
      for (const g of template.generates) {
        expect(
          files.some((f) => f.path === `lwc/cqui/${g.replace('<name>', 'cqui')}`),
          g,
        ).toBe(true);
      }
    });
  }

  it('the form template renders the form: record fields, questions, sections, action override', () => {
    const none = generateComponent(input());
    expect(list(meta(none, 'cqui').targets.target)).not.toContain('lightning__RecordAction');
    const edit = generateComponent(input({ options: options({ actionOverride: 'Edit' }) }));
    const m = meta(edit, 'cqui');
    expect(list(m.targets.target)).toContain('lightning__RecordAction');
    const action = list(m.targetConfigs?.targetConfig).find(
      (c) => c['@_targets'] === 'lightning__RecordAction',
    );
    expect(action?.actionType).toBe('ScreenAction');
    const html = edit.find((f) => f.path.endsWith('.html'))?.source ?? '';
    expect(html).toContain('<lightning-record-edit-form');
    expect(html).toContain('<lightning-input-field field-name={field.name}');
    const def = edit.find((f) => f.path.endsWith('formDefinition.js'))?.source ?? '';
    expect(def).toContain('"afterSaveFlow": "CQ_Submit_Inspection"');
    expect(def).toContain('"dynamicFilterClass": "CQ_AccountSiteFilter"');
  });

  it('embeds a chosen header component by its LWC tag', () => {
    const files = generateComponent(input({ options: options({ headerComponent: 'cqFormRenderer' }) }));
    const html = files.find((f) => f.path.endsWith('.html'))?.source ?? '';
    expect(html).toContain('<c-cq-form-renderer record-id={recordId}></c-cq-form-renderer>');
    expect(kebabTag('cqFormRenderer')).toBe('c-cq-form-renderer');
  });

  it('the base class is a hidden module with a valid meta file', () => {
    const files = generateBaseClass('62.0');
    const m = meta(files, 'cqFormBase');
    expect(String(m.isExposed)).toBe('false');
    for (const f of files.filter((x) => x.format === 'js')) parsesAsModule(f.source);
  });

  it('package.xml and the zip carry every file', () => {
    const files = [...generateComponent(input()), ...generateBaseClass('62.0')];
    const pkg = packageXml(['cqui', 'cqFormBase'], '62.0');
    expect(XMLValidator.validate(pkg)).toBe(true);
    const parsed = xml.parse(pkg) as {
      Package: { types: { members: string[]; name: string }; version: number };
    };
    expect(parsed.Package.types).toEqual({
      members: ['cqFormBase', 'cqui'],
      name: 'LightningComponentBundle',
    });
    const unzipped = unzipSync(new Uint8Array(zip(files.map((f) => ({ path: f.path, data: f.source })))));
    expect(Object.keys(unzipped).sort()).toEqual(files.map((f) => f.path).sort());
    expect(strFromU8(unzipped['lwc/cqui/cqui.js'] ?? new Uint8Array())).toContain('class Cqui');
  });
});

describe('form sections', () => {
  it('reads sections and fields of the builder JSON: object fields, questions, types, required', () => {
    const sections = formSections(FORM, 'Form');
    expect(sections.map((s) => s.title)).toEqual(['Site', 'Checks']);
    expect(sections[0]?.fields).toMatchObject([
      { name: 'cqext__Inspection_Date__c', objectField: true, inputType: 'date', required: true },
      { name: 'CQ_Form_Weather', objectField: false, inputType: 'text', label: 'Weather <&> "quoted"' },
    ]);
    expect(sections[1]?.fields).toMatchObject([
      {
        name: 'CQ_Form_Safe',
        inputType: 'select',
        options: [
          { label: 'Yes', value: 'YES' },
          { label: 'No', value: 'NO' },
        ],
      },
      { name: 'CQ_Form_Notes', inputType: 'textarea' },
    ]);
  });

  it('gives an empty list for no form and one section for a form without sections', () => {
    expect(formSections(null, 'x')).toEqual([]);
    const flat = formSections(
      { ...FORM, ui: { type: 'VerticalLayout', elements: FORM.ui.elements[1]?.elements } },
      'Whole',
    );
    expect(flat.map((s) => s.title)).toEqual(['Whole']);
  });
});

describe('LWC names', () => {
  it('accepts camelCase names and refuses the rest', () => {
    for (const ok of ['cqui', 'cqForm_1', 'a']) expect(isValidLwcName(ok), ok).toBe(true);
    for (const bad of ['Cqui', '1cq', 'cq__x', 'cq_', 'cq-x', '', 'a'.repeat(41)])
      expect(isValidLwcName(bad), bad).toBe(false);
  });
});
