// Issue 31, a long checklist table as a field user meets it, in Chromium against the whole running
// system: a 300-row table renders the rows near the screen (rowWindow.ts), yet every row is there for
// the keyboard, for scrolling, for the screen reader's row count, for a refused Save's error and for
// print; what is typed in rows far apart reaches the org's submission.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { MESSAGES } from 'shared-contracts';
import { OrgClient } from 'test-kit';
import { launchFromHome, openHome } from '../support/form-screen';
import { systemForFile } from '../support/session';
import { orgQuery } from './form-fixtures';

const env = systemForFile();
const ROWS = 300;
const TITLE = 'FORM-0097 - Long Checklist';
const READING_ERROR = 'Reading must be a whole number';

const g = (key: string) => `#/properties/General/properties/${key}`;
const LONG_CHECKLIST = {
  formName: 'Long Checklist',
  version: '2.0.0',
  cqFormType: 'cqext__SQX_Inspection__c',
  schema: {
    type: 'object',
    properties: {
      cqext__SQX_Inspection__c: { type: 'object', required: [], properties: {} },
      General: {
        type: 'object',
        required: [],
        properties: {
          Inspector: { type: 'string', title: 'Inspector name', maxLength: 255 },
          Checks: { type: 'object', format: 'table', title: 'Checks', $ref: '#/definitions/Checks' },
        },
      },
    },
    definitions: {
      Checks: {
        type: 'array',
        title: 'Checks',
        items: {
          type: 'object',
          properties: {
            C1: { id: 1, name: 'C1', title: 'Item', type: 'string' },
            C2: {
              id: 2,
              name: 'C2',
              title: 'Reading',
              type: 'string',
              pattern: '^[0-9]*$',
              errorMessage: READING_ERROR,
            },
            C3: { id: 3, name: 'C3', title: 'Remark', type: 'string' },
          },
        },
      },
    },
  },
  ui: {
    type: 'VerticalLayout',
    elements: [
      { type: 'Control', scope: g('Inspector'), label: 'Inspector name' },
      { type: 'table', scope: g('Checks'), label: 'Checks', options: { rowsCount: ROWS } },
    ],
  },
  data: {},
  startingData: {},
  queries: [],
  readOnly: [],
};

let formId = '';
test.beforeAll(async () => {
  formId = await new OrgClient(env.org, { token: env.token }).insert('cqext__SQX_Form_Definition__c', {
    Name: 'FORM-0097',
    cqext__Title__c: 'Long Checklist',
    cqext__Supports_Offline__c: true,
    cqext__Status__c: 'Active',
    cqext__Object_Type__c: 'cqext__SQX_Inspection__c',
    cqext__Form_JSON__c: JSON.stringify(LONG_CHECKLIST),
  });
});

// Any uncaught page error fails the test.
let pageErrors: string[] = [];
test.beforeEach(({ page }) => {
  pageErrors = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
});
test.afterEach(() => expect(pageErrors).toEqual([]));

const table = (page: Page) => page.getByRole('table', { name: 'Checks' });
/** Row n (1-based, as the screen reader counts: the header is row 1, so data row n is aria-rowindex n + 1). */
const row = (page: Page, n: number): Locator => table(page).locator(`tr[aria-rowindex="${n + 1}"]`);
const cell = (page: Page, n: number, column: 'Item' | 'Reading' | 'Remark'): Locator =>
  row(page, n).getByRole('textbox', { name: column, exact: true });

/** Scrolls with the mouse wheel over the table until row n is on screen, as a user does. */
async function wheelTo(page: Page, n: number): Promise<void> {
  const box = await table(page).boundingBox();
  if (!box) throw new Error('the table is not on screen');
  const viewport = page.viewportSize() ?? { width: 1280, height: 720 };
  // Over the table's column, halfway down the window: under the pointer whatever the scroll position.
  await page.mouse.move(box.x + 40, viewport.height / 2);
  // Whether row n is drawn and on screen (a plain query: a locator would wait for a row not drawn yet).
  // Read after two frames, as the eye sees it: the rows drawn after the paint (the window's margin)
  // may still move the row a little, and a check made between the two can pass for a row that leaves.
  const onScreen = () =>
    page.evaluate(async (index) => {
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const el = document.querySelector(`table[aria-label="Checks"] tr[aria-rowindex="${index + 1}"]`);
      const r = el?.getBoundingClientRect();
      return r !== undefined && r.bottom > 0 && r.top < window.innerHeight;
    }, n);
  for (let i = 0; i < 200 && !(await onScreen()); i++) {
    const target = await page.evaluate((index) => {
      // Where row n is: its own box once rendered, else the space held for it in the table body.
      const body = document.querySelector('table[aria-label="Checks"] tbody');
      const first = body?.querySelector('tr[data-row]');
      if (!body || !first) return 0;
      const h = first.getBoundingClientRect().height;
      return body.getBoundingClientRect().top + (index - 1) * h - window.innerHeight / 2;
    }, n);
    await page.mouse.wheel(0, Math.max(-2000, Math.min(2000, target)) || 100);
  }
  await expect(row(page, n)).toBeInViewport();
}

type SubmissionRow = { cqext__Status__c: string; cqext__Submission_JSON__c: string | null };
const submissionsOf = (localId: string) =>
  orgQuery<SubmissionRow>(
    env.org,
    env.token,
    `SELECT cqext__Status__c, cqext__Submission_JSON__c FROM cqext__SQX_Form_Submission__c WHERE cqext__Uniqueness_Constraint__c = '${formId}#${localId}'`,
  );

test('field.user fills a 300-row table: keyboard through the rows, a distant row scrolled to, a refused Save reveals the off-screen error, the values reach the org', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await openHome(page, env.system.url);
  const localId = await launchFromHome(page, TITLE);

  // The screen reader hears every row counted, though only rows near the screen are in the page.
  await expect(table(page)).toHaveAttribute('aria-rowcount', String(ROWS + 1));
  await expect(row(page, 1)).toBeVisible();
  const rendered = await table(page).locator('tbody tr[data-row]').count();
  expect(rendered).toBeLessThan(ROWS / 2);
  // The last row is always there (Shift+Tab from below the table lands in it).
  await expect(row(page, ROWS)).toHaveCount(1);

  // Keyboard: type in row 1, then Arrow Down 59 times, row by row, to row 60 (rendered as it comes).
  await cell(page, 1, 'Item').click();
  await page.keyboard.type('first check');
  for (let i = 0; i < 59; i++) await page.keyboard.press('ArrowDown');
  await expect(cell(page, 60, 'Item')).toBeFocused();
  await expect(cell(page, 60, 'Item')).toBeInViewport();
  await page.keyboard.type('sixtieth check');
  // Tab goes on to the next column of the same row.
  await page.keyboard.press('Tab');
  await expect(cell(page, 60, 'Reading')).toBeFocused();
  await page.keyboard.type('42');

  // A distant row, reached with the mouse wheel: it is drawn when scrolled to; type a wrong reading.
  await wheelTo(page, 250);
  await cell(page, 250, 'Item').click();
  await page.keyboard.type('far check');
  await cell(page, 250, 'Reading').click();
  await page.keyboard.type('abc');
  await expect(cell(page, 250, 'Reading')).toHaveAttribute('aria-invalid', 'true');

  // Back to the top; the rows far below are no longer in the page, yet Save finds their error.
  await page.getByLabel('Inspector name').click();
  await page.keyboard.type('Ada Inspector');
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(row(page, 1)).toBeInViewport();
  await page.getByTestId('form-footer').getByRole('button', { name: 'Save' }).click();
  const summary = page.getByTestId('error-summary');
  await expect(summary).toContainText(MESSAGES.fixFieldValidation);
  await expect(summary.getByRole('listitem')).toHaveText([/Reading.*\(row 250\)/]);
  // The refused Save brings the error's row back and puts the cursor in the wrong cell.
  await expect(cell(page, 250, 'Reading')).toBeFocused();
  await expect(cell(page, 250, 'Reading')).toBeInViewport();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('7');
  await expect(cell(page, 250, 'Reading')).not.toHaveAttribute('aria-invalid', 'true');

  await page.getByTestId('form-footer').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('success-dialog')).toContainText(MESSAGES.formSubmittedDialog, {
    timeout: 60_000,
  });
  const [rec, ...more] = await submissionsOf(localId);
  expect(more).toEqual([]);
  expect(rec?.cqext__Status__c).toBe('Submitted');
  const json = JSON.parse(rec?.cqext__Submission_JSON__c ?? '{}') as {
    data?: { General?: { Inspector?: string; Checks?: unknown[] } };
  };
  expect(json.data?.General?.Inspector).toBe('Ada Inspector');
  // Empty rows are dropped on Save: the three rows typed in, in their order.
  expect(json.data?.General?.Checks).toEqual([
    { C1: 'first check' },
    { C1: 'sixtieth check', C2: '42' },
    { C1: 'far check', C2: '7' },
  ]);
});

test('field.user prints a 300-row table: the print view has every row, with what was typed far down', async ({
  page,
}) => {
  await openHome(page, env.system.url);
  const localId = await launchFromHome(page, TITLE);
  await wheelTo(page, 280);
  await cell(page, 280, 'Remark').click();
  await page.keyboard.type('noted far down');
  await page.getByRole('button', { name: 'Close' }).click();
  await page.waitForURL(`${env.system.url}/`);
  await page.goto(`${env.system.url}/form/${localId}?view=print`);
  await expect(page.getByTestId('print-view')).toBeVisible();
  await expect(table(page).locator('tbody tr[data-row]')).toHaveCount(ROWS);
  await expect(cell(page, 280, 'Remark')).toHaveValue('noted far down');
});
