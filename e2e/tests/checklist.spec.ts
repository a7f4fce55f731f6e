// Issue 27, the safety-inspection checklist end to end in Chromium against the running system: the
// admin drops DOC-0001 into the seeded Workplace Safety Inspection (FORM-0002) and saves; field.user
// opens the inspection, answers every question (option buttons for Picklist, radios for Radio, Color
// Code results), watches the quick-links counts move and submits; the org then holds one answer
// record per question (salesforce/docs/submit-processing.md). The same again offline after "Download
// for offline", with a guide image (cached by the download) showing.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { MESSAGES, missingRequiredFields } from 'shared-contracts';
import { signInAtOrg } from '../support/auth';
import { drag, dropZone, palette } from '../support/builder-canvas';
import { launchFromHome, openHome } from '../support/form-screen';
import { systemForFile } from '../support/session';

test.describe.configure({ mode: 'serial' });
const env = systemForFile();
const TITLE = 'FORM-0002 - Workplace Safety Inspection';
const SECTIONS = ['General Conditions', 'Equipment', 'Emergency Readiness'];
const question = (s: number, q: number) => `Fire Safety: check ${s}.${q} is in order?`;

type Rec = Record<string, unknown>;
const query = async <T = Rec>(soql: string): Promise<T[]> =>
  (await env.rest<{ records: T[] }>(`/query?q=${encodeURIComponent(soql)}`)).records;

let formId = '';
let docId = '';

// Any uncaught page error fails the test.
let pageErrors: string[] = [];
test.beforeEach(({ page }) => {
  pageErrors = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
});
test.afterEach(() => expect(pageErrors).toEqual([]));
test.beforeAll(async () => {
  formId =
    (await query<{ Id: string }>("SELECT Id FROM cqext__SQX_Form_Definition__c WHERE Name = 'FORM-0002'"))[0]
      ?.Id ?? '';
  docId =
    (
      await query<{ Id: string }>("SELECT Id FROM cqext__SQX_Controlled_Document__c WHERE Name = 'DOC-0001'")
    )[0]?.Id ?? '';
});

const quickLink = (page: Page, section: string, done: number, total = 4) =>
  page.getByRole('navigation', { name: 'Quick links' }).getByRole('button', {
    name: `${section}: ${done} of ${total} answered`,
  });

/** The answer `label` of question s.q: an option button (Picklist) or a radio (Radio) in its group. */
async function answer(page: Page, s: number, q: number, label: string) {
  const group = page.getByRole('radiogroup', { name: question(s, q) });
  const option = group.getByRole('radio', { name: label, exact: true });
  // A radio input is drawn by its label (Chakra hides the input itself): the user clicks the label.
  if ((await option.evaluate((e) => e.tagName)) === 'INPUT')
    await option.locator('xpath=ancestor::label').click();
  else await option.click();
  await expect(option).toBeChecked();
}

/** Answers all 12 questions: q1 Picklist + Color Code, q2 Radio + Color Code, q3 Picklist, q4 Radio Yes/No. */
async function answerAll(page: Page, firstAnswer: string) {
  for (let s = 1; s <= 3; s++) {
    await expect(quickLink(page, SECTIONS[s - 1]!, 0)).toBeVisible();
    await answer(page, s, 1, s === 1 ? firstAnswer : 'Pass');
    await expect(quickLink(page, SECTIONS[s - 1]!, 1)).toBeVisible();
    await answer(page, s, 2, 'Not Applicable');
    await answer(page, s, 3, 'Needs Attention');
    await answer(page, s, 4, 'Yes');
    await expect(quickLink(page, SECTIONS[s - 1]!, 4)).toBeVisible();
  }
}

async function fillAccount(page: Page) {
  const account = page.getByRole('combobox', { name: 'Account' });
  await account.fill('A');
  const first = page.getByRole('option').first();
  await expect(first).toBeVisible({ timeout: 30_000 });
  await first.click();
}

/**
 * The answer records of the org submission with this local id, as {question name: [value, label]};
 * the submission's own lookup to the controlled document is listed as `document`.
 */
async function orgAnswers(localId: string): Promise<Record<string, [string, string]>> {
  const [sub] = await query<{
    Id: string;
    cqext__Status__c: string;
    cqext__SQX_Controlled_Document__c: string;
  }>(
    `SELECT Id, cqext__Status__c, cqext__SQX_Controlled_Document__c FROM cqext__SQX_Form_Submission__c WHERE cqext__Uniqueness_Constraint__c = '${formId}#${localId}'`,
  );
  if (!sub || sub.cqext__Status__c !== 'Submitted') return {};
  const rows = await query<{
    cqext__Question__c: string;
    cqext__Answer__c: string;
    cqext__Answer_Label__c: string;
  }>(
    `SELECT cqext__Question__c, cqext__Answer__c, cqext__Answer_Label__c FROM cqext__SQX_Inspection_Answer__c WHERE cqext__Form_Submission__c = '${sub.Id}'`,
  );
  const names = new Map(
    (
      await query<{ Id: string; Name: string }>(
        `SELECT Id, Name FROM cqext__SQX_Document_Question__c WHERE cqext__Controlled_Document__c = '${docId}'`,
      )
    ).map((q) => [q.Id, q.Name]),
  );
  return {
    document: [sub.cqext__SQX_Controlled_Document__c, 'DOC-0001'],
    ...Object.fromEntries(
      rows.map((r) => [
        names.get(r.cqext__Question__c) ?? r.cqext__Question__c,
        [r.cqext__Answer__c, r.cqext__Answer_Label__c],
      ]),
    ),
  };
}

const expectedAnswers = (first: [string, string]) => {
  const out: Record<string, [string, string]> = { document: [docId, 'DOC-0001'] };
  for (let s = 1; s <= 3; s++) {
    out[`DOC-0001-S${s}-Q1`] = s === 1 ? first : ['Pass', 'Pass'];
    out[`DOC-0001-S${s}-Q2`] = ['N/A', 'Not Applicable'];
    out[`DOC-0001-S${s}-Q3`] = ['Needs Attention', 'Needs Attention'];
    out[`DOC-0001-S${s}-Q4`] = ['Yes', 'Yes'];
  }
  return out;
};

test('the admin drops DOC-0001 into the inspection: its sections and questions show read-only in the canvas and the preview, and are saved', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1400, height: 2000 });
  await signInAtOrg(page, env.system.url, 'admin@demo.org');
  await page.goto(`${env.system.url}/CQEditFormSF/${formId}`);
  await expect(page.getByTestId('builder')).toBeVisible();
  await drag(page, palette(page, docId), dropZone(page, 2));
  const docs = page.getByTestId('section-documents');
  await expect(docs).toContainText('(3 sections, 12 questions)');
  await expect(docs.getByTestId('document-section')).toHaveText(SECTIONS.map((s) => new RegExp(`^${s}`)));
  await expect(docs.getByTestId('document-question')).toHaveCount(12);
  await expect(docs.getByTestId('document-question').first()).toContainText(
    `${question(1, 1)} * (Picklist: Pass, Needs Attention, Fail, Not Applicable)`,
  );
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByTestId('preview');
  await expect(preview.getByRole('radiogroup', { name: question(3, 4) })).toBeVisible();
  await expect(preview.getByRole('navigation', { name: 'Quick links' }).getByRole('button')).toHaveCount(3);

  // Leaving from the builder asks the builder's question (builder spec 8); Cancel keeps the work.
  await page.getByRole('button', { name: /^Profile: / }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Log out' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(MESSAGES.areYouSure);
  await expect(dialog).not.toContainText(MESSAGES.logoutConfirm);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(docs).toContainText('(3 sections, 12 questions)');

  await page.getByRole('button', { name: 'Save Form' }).click();
  await expect(page.locator('.chakra-toast', { hasText: 'Form saved successfully.' })).toHaveCount(1);
  const [saved] = await query<{ cqext__Form_JSON__c: string }>(
    `SELECT cqext__Form_JSON__c FROM cqext__SQX_Form_Definition__c WHERE Id = '${formId}'`,
  );
  const json = JSON.parse(saved?.cqext__Form_JSON__c ?? '{}') as {
    queries: Array<Rec & { mappingData: Rec }>;
    startingData: Rec;
  };
  expect(json.queries).toEqual([
    expect.objectContaining({
      type: 'DOCUMENTS',
      key: docId,
      sectionId: 'section-2',
      mappingData: expect.objectContaining({ answers: 'Checklist' }),
    }),
  ]);
  expect(Object.keys(json.startingData)).toEqual([docId]);
});

test('field.user answers every question online, sees the quick-links counts move, submits; the org holds one answer per question', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await openHome(page, env.system.url);
  const localId = await launchFromHome(page, TITLE);
  // The document's sections come after the section it was dropped into, with the quick links first.
  await expect(page.getByRole('navigation', { name: 'Quick links' }).getByRole('button')).toHaveCount(3);
  await fillAccount(page);
  await answerAll(page, 'Fail');
  // Color Code: the chosen option in its colour, its label still written on it.
  const fail = page.getByRole('radiogroup', { name: question(1, 1) }).getByRole('radio', { name: 'Fail' });
  await expect(fail).toHaveCSS('background-color', 'rgb(197, 48, 48)');
  await expect(fail).toHaveText('Fail');
  // Jump to a section from its quick link.
  await quickLink(page, 'Emergency Readiness', 4).click();
  await expect(page.locator('#section-' + (await sectionId(page, 'Emergency Readiness')))).toBeInViewport();
  await page.getByTestId('form-footer').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('success-dialog')).toBeVisible({ timeout: 60_000 });
  await expect
    .poll(() => orgAnswers(localId), { timeout: 30_000 })
    .toEqual(expectedAnswers(['Fail', 'Fail']));
});

/** The DOM id suffix of the rendered document section titled `title`. */
async function sectionId(page: Page, title: string): Promise<string> {
  const [s] = await query<{ Id: string }>(
    `SELECT Id FROM cqext__SQX_Document_Section__c WHERE cqext__Controlled_Document__c = '${docId}' AND cqext__Section_Title__c = '${title}'`,
  );
  return s?.Id ?? '';
}

test('offline after "Download for offline": the checklist opens from the device with its guide image, the answers reach the org once online', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  // A guide on the form (shown when question 1.1 is answered Fail), its image a file in the org.
  const [photo] = await query<{ ContentDocumentId: string }>(
    "SELECT ContentDocumentId FROM ContentVersion WHERE Title = 'wet-floor'",
  );
  const [q11] = await query<{ Id: string }>(
    "SELECT Id FROM cqext__SQX_Document_Question__c WHERE Name = 'DOC-0001-S1-Q1'",
  );
  const [def] = await query<{ cqext__Form_JSON__c: string }>(
    `SELECT cqext__Form_JSON__c FROM cqext__SQX_Form_Definition__c WHERE Id = '${formId}'`,
  );
  const json = JSON.parse(def?.cqext__Form_JSON__c ?? '{}') as { ui: { elements: Rec[] } };
  json.ui.elements.unshift({
    type: 'guide',
    options: {
      guides: [
        {
          field: `Checklist.${q11?.Id}`,
          operator: 'eq',
          value: 'Fail',
          imageURL: `/services/data/v62.0/connect/files/${photo?.ContentDocumentId}/content`,
          text: 'Blocked exits: clear them before anything else.',
        },
      ],
    },
  });
  await env.rest(`/sobjects/cqext__SQX_Form_Definition__c/${formId}`, {
    method: 'PATCH',
    body: JSON.stringify({ cqext__Form_JSON__c: JSON.stringify(json) }),
  });

  await openHome(page, env.system.url);
  // No visit of the form area first: the header's sign says the whole app is on the device.
  await expect(page.getByTestId('offline-ready')).toBeVisible({ timeout: 60_000 });
  await page.getByRole('tab', { name: /^Forms/ }).click();
  await page.getByLabel(`Offline ${TITLE}`).check({ force: true });
  await expect(page.getByLabel(`Offline ${TITLE}`)).toBeChecked();

  await context.setOffline(true);
  const localId = await launchFromHome(page, TITLE);
  await expect(page.getByRole('navigation', { name: 'Quick links' }).getByRole('button')).toHaveCount(3);
  await answerAll(page, 'Fail');
  const guide = page.locator('[data-element="guide"]');
  await expect(guide).toContainText('Blocked exits');
  const img = guide.getByRole('img', { name: 'Blocked exits: clear them before anything else.' });
  await expect(img).toHaveAttribute('src', /^data:image\/png;base64,/);
  expect(await img.evaluate((e) => (e as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);

  // The required Account lookup searches the accounts "Download for offline" kept, and says so.
  const account = page.getByRole('combobox', { name: 'Account' });
  await account.fill('Acme');
  await expect(page.getByRole('status').filter({ hasText: 'Offline: searching the' })).toContainText(
    'kept on this device.',
  );
  const acme = page.getByRole('option', { name: /^Acme/ });
  await expect(acme.first()).toBeVisible();
  const picked = await acme.first().innerText();
  await acme.first().click();
  await expect(account).toHaveValue(picked);
  await page.getByTestId('form-footer').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('snackbar')).toHaveText(MESSAGES.submitQueued);
  expect(await orgAnswers(localId)).toEqual({});
  await context.setOffline(false);
  await expect
    .poll(() => orgAnswers(localId), { timeout: 90_000 })
    .toEqual(expectedAnswers(['Fail', 'Fail']));
});

test("at 390 px, a refused Save shows the checklist's field errors readable (axe, colour contrast included) and the required questions listed", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await openHome(page, env.system.url);
  // On a phone the tabs are a selector: Forms is the fourth.
  await page.getByRole('combobox').first().selectOption({ index: 3 });
  await page.getByRole('button', { name: `Launch ${TITLE}` }).click();
  await page.waitForURL(/\/form\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('navigation', { name: 'Quick links' }).getByRole('button')).toHaveCount(3);
  await page.getByTestId('form-footer').getByRole('button', { name: 'Save' }).click();
  // Account and the first question of each section are required (Required__c).
  const summary = page.getByTestId('error-summary');
  await expect(summary).toContainText(missingRequiredFields(question(1, 1)));
  await expect(page.getByText('This field is required').first()).toBeVisible();
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
});
