// Issue 40: the builder never drops what it does not model. The admin opens a saved form holding
// static text, a CQFlexLayout, a Categorization inside a section, elements outside any section and an
// option the builder has no field for; the canvas shows them as locked blocks and the preview draws
// them. One edit, then the 10 s autosave (no click on Save) and Save Form: the org (read with jsforce,
// not through the BFF) still holds every one of them, in place and in order.
import { expect, test, type Page } from '@playwright/test';
import { Connection } from 'jsforce';
import { ORG_API_VERSION } from 'test-kit';
import { signInAtOrg } from '../support/auth';
import { builderSuite, drag, dropZone, palette } from '../support/builder-canvas';
import { newFormDefinition } from '../support/org';

const env = builderSuite();

const G = (key: string) => `#/properties/General/properties/${key}`;
const label = (text: string) => ({ type: 'label', text });

/** A saved 2.0.0 form with what the canvas does not model, between fields it does. */
const savedForm = {
  formName: 'Kept Elements Form',
  version: '2.0.0',
  cqFormType: 'cqext__SQX_Inspection__c',
  contextObject: '',
  contextObjectRelationshipName: '',
  schema: {
    type: 'object',
    properties: {
      General: {
        type: 'object',
        properties: {
          CQ_Form_Site: { type: 'string', title: 'Site', maxLength: 255, id: 100 },
          CQ_Form_Notes: { type: 'string', title: 'Notes', maxLength: 255, id: 200 },
          CQ_Form_Ok: {
            type: 'string',
            title: 'All clear',
            oneOf: [
              { const: 'YES', title: 'Yes' },
              { const: 'NO', title: 'No' },
            ],
            id: 300,
          },
        },
        required: [],
      },
    },
    definitions: {},
  },
  ui: {
    type: 'VerticalLayout',
    elements: [
      label('Read every step before you start'),
      {
        type: 'Section',
        sectionId: 'section-1',
        label: 'Site',
        elements: [
          {
            type: 'VerticalLayout',
            elements: [
              {
                type: 'HorizontalLayout',
                options: { columns: 2 },
                elements: [
                  {
                    type: 'Control',
                    scope: G('CQ_Form_Site'),
                    label: 'Site',
                    // An option the builder has no field for.
                    options: { showLabel: true, placeholder: 'Yard name' },
                  },
                  label('Wear a helmet'),
                ],
              },
              {
                type: 'CQFlexLayout',
                options: { direction: 'row' },
                elements: [label('Left note'), label('Right note')],
              },
              {
                type: 'Categorization',
                elements: [{ type: 'Category', label: 'Tab A', elements: [label('Inside tab A')] }],
              },
              { type: 'Control', scope: G('CQ_Form_Notes'), label: 'Notes', options: { showLabel: true } },
            ],
          },
        ],
      },
      {
        type: 'Section',
        sectionId: 'section-2',
        label: 'Checks',
        elements: [
          { type: 'select', scope: G('CQ_Form_Ok'), label: 'All clear', options: { showLabel: true } },
        ],
      },
      label('End of form'),
    ],
  },
  styles: { header: { logo: '', backgroundColor: '#0176d3' } },
  data: {},
  signatures: [],
  sectionsInfo: {},
  readOnly: [],
  nextaction: { cqext__Activity_Code__c: 'submit' },
  queries: [],
  lookupCache: {},
  startingData: {},
};

const KEPT_TEXTS = [
  'Read every step before you start',
  'Wear a helmet',
  'Left note',
  'Right note',
  'Inside tab A',
  'End of form',
];

/** The texts of every label element of a layout, in layout order. */
function labelTexts(ui: unknown): string[] {
  const out: string[] = [];
  const walk = (el: { type?: string; text?: string; elements?: unknown[] }) => {
    if (el.type === 'label' && el.text) out.push(el.text);
    for (const c of el.elements ?? []) walk(c as typeof el);
  };
  walk(ui as { elements?: unknown[] });
  return out;
}

let admin: Connection;
let recordId: string;

test.beforeAll(async () => {
  admin = new Connection({ instanceUrl: env.org, accessToken: env.token, version: ORG_API_VERSION.slice(1) });
  recordId = await newFormDefinition(env.org, env.token, 'Kept Elements Form', {
    cqext__Form_Builder_JSON__c: Buffer.from(JSON.stringify(savedForm)).toString('base64'),
    cqext__Form_JSON__c: JSON.stringify(savedForm),
    cqext__Object_Type__c: 'cqext__SQX_Inspection__c',
  });
});

/** What the org holds for the record: the builder's JSON (decoded) and the renderer's. */
async function orgCopy(): Promise<{ builder: Record<string, unknown>; form: Record<string, unknown> }> {
  const rec = (await admin.sobject('cqext__SQX_Form_Definition__c').retrieve(recordId)) as unknown as Record<
    string,
    string
  >;
  return {
    builder: JSON.parse(
      Buffer.from(rec.cqext__Form_Builder_JSON__c ?? '', 'base64').toString('utf8'),
    ) as Record<string, unknown>,
    form: JSON.parse(rec.cqext__Form_JSON__c ?? '{}') as Record<string, unknown>,
  };
}

const types = (json: Record<string, unknown>) =>
  (json.ui as { elements: Array<{ type: string }> }).elements.map((e) => e.type);

async function openBuilder(page: Page) {
  await signInAtOrg(page, env.system.url, 'admin@demo.org');
  await page.goto(`${env.system.url}/CQEditFormSF/${recordId}`);
  await expect(page.getByTestId('builder')).toBeVisible();
}

test('what the canvas does not model is shown locked, drawn in the preview and kept by autosave and Save Form', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const methods: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/saveFormBuilderJSON')) methods.push(r.method());
  });
  await openBuilder(page);

  // The canvas: locked blocks in place (kept as it is, no Edit), the outside ones between sections.
  const kept = page.locator('[data-testid="canvas-field"][data-kind="kept"]');
  await expect(kept).toHaveCount(3);
  await expect(kept.nth(0)).toContainText('label: Wear a helmet');
  await expect(kept.nth(1)).toContainText('CQFlexLayout');
  await expect(kept.nth(2)).toContainText('Categorization');
  await expect(kept.nth(0)).toContainText('kept as it is');
  await expect(kept.nth(0).getByRole('button', { name: /^Edit/ })).toHaveCount(0);
  await expect(page.getByTestId('kept-outside')).toHaveText([
    /label: Read every step before you start/,
    /label: End of form/,
  ]);

  // The preview (mfe-form's renderer) draws them.
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByTestId('preview');
  for (const t of ['Read every step before you start', 'Wear a helmet', 'Left note', 'End of form'])
    await expect(preview.getByText(t, { exact: true })).toBeVisible();

  // One edit (a Text Field into section 2), then no click on Save: the 10 s autosave writes it (PUT).
  await drag(page, palette(page, 'general:text'), dropZone(page, 2));
  await expect(page.getByTestId('unsaved-indicator')).toHaveAttribute('data-dirty', 'true');
  await expect(page.getByTestId('unsaved-indicator')).toHaveAttribute('data-dirty', 'false', {
    timeout: 30_000,
  });
  expect(methods).toEqual(['PUT']);
  const autosaved = (await orgCopy()).builder;
  expect(labelTexts(autosaved.ui)).toEqual(KEPT_TEXTS);
  expect(types(autosaved)).toEqual(['label', 'Section', 'Section', 'label']);
  const section1 = JSON.stringify((autosaved.ui as { elements: unknown[] }).elements[1]);
  expect(section1).toContain('"placeholder":"Yard name"');
  expect(section1).toContain('{"type":"CQFlexLayout","options":{"direction":"row"}');
  expect(JSON.stringify(autosaved.ui)).toContain('CQ_Form_Text_Field');

  // Save Form (POST): the renderer's copy holds them too, in order.
  await page.getByRole('button', { name: 'Save Form' }).click();
  await expect(page.getByText('Form saved successfully.').first()).toBeVisible();
  await page.waitForURL(/\/lightning\/r\/cqext__SQX_Form_Definition__c\//, { timeout: 15_000 });
  expect(methods).toEqual(['PUT', 'POST']);
  const saved = await orgCopy();
  for (const json of [saved.builder, saved.form]) {
    expect(labelTexts(json.ui)).toEqual(KEPT_TEXTS);
    expect(types(json)).toEqual(['label', 'Section', 'Section', 'label']);
  }
  expect(errors).toEqual([]);
});

test('a kept block moves and is removed whole', async ({ page }) => {
  await openBuilder(page);
  const kept = page.locator('[data-testid="canvas-field"][data-kind="kept"]');
  await expect(kept).toHaveCount(3);
  // The CQFlexLayout to section 2: it keeps a row of its own there.
  await drag(page, kept.nth(1), dropZone(page, 2));
  await expect(
    page.locator('[data-testid="section"]').nth(1).locator('[data-testid="canvas-field"][data-kind="kept"]'),
  ).toHaveCount(1);
  await page.getByRole('button', { name: 'Remove label: End of form' }).click();
  await expect(page.getByTestId('kept-outside')).toHaveCount(1);
  await page.getByRole('button', { name: 'Save Form' }).click();
  await page.waitForURL(/\/lightning\/r\/cqext__SQX_Form_Definition__c\//, { timeout: 15_000 });
  const { form } = await orgCopy();
  expect(labelTexts(form.ui)).toEqual([
    'Read every step before you start',
    'Wear a helmet',
    'Inside tab A',
    'Left note',
    'Right note',
  ]);
  const section2 = (form.ui as { elements: Array<{ elements: unknown[] }> }).elements[2]!;
  expect(JSON.stringify(section2)).toContain('"type":"CQFlexLayout"');
});
