import { expect, test, type Page } from '@playwright/test';
import { MESSAGES, missingRequiredFields } from 'shared-contracts';
import { signInAtOrg } from '../support/auth';
import { launchFromHome, openHome } from '../support/form-screen';
import { systemForFile } from '../support/session';
import { orgQuery } from './form-fixtures';

// Issue 19, part 1: a form with empty required fields is never submitted. For every demo form that
// can be launched (FORM-0006 is Inactive, so home does not offer it), in Chromium against the whole
// system: Save untouched is refused with the spec's texts when the form has required fields, the first
// field to fix is focused, the counter beside Save says how many are left, and nothing is submitted
// to the org (it holds at most the In Progress draft the launch synced); then only the required fields are filled (the filler fills whatever field Save focuses, so it
// knows nothing of the form) and the form is submitted. Offline Save is refused the same way, and so
// is the builder preview's Save.

const env = systemForFile();

interface DemoForm {
  title: string;
  /** Titles of its required fields, in layout order (org-emulator/src/seed/demo.ts). */
  required: string[];
}
const auditRequired = Array.from({ length: 11 }, (_, k) => `Audit item ${k * 97 + 1}`);
const DEMO_FORMS: DemoForm[] = [
  { title: 'FORM-0001 - General Site Inspection', required: ['Site', 'Inspection date'] },
  { title: 'FORM-0002 - Workplace Safety Inspection', required: ['Account'] },
  { title: 'FORM-0003 - Equipment Checklist', required: [] },
  { title: 'FORM-0004 - Annual Facility Audit', required: auditRequired },
  { title: 'FORM-0005 - Incident Report', required: ['When did it happen?', 'What happened?'] },
];

type Row = { cqext__Status__c: string; cqext__Submission_JSON__c: string | null };
const recordsOf = async (title: string, localId: string): Promise<Row[]> => {
  const [form] = await orgQuery<{ Id: string }>(
    env.org,
    env.token,
    `SELECT Id FROM cqext__SQX_Form_Definition__c WHERE Name = '${title.split(' - ')[0]}'`,
  );
  return orgQuery<Row>(
    env.org,
    env.token,
    `SELECT cqext__Status__c, cqext__Submission_JSON__c FROM cqext__SQX_Form_Submission__c WHERE cqext__Uniqueness_Constraint__c = '${form?.Id}#${localId}'`,
  );
};

const footer = (page: Page) => page.getByTestId('form-footer');
const save = (page: Page) => footer(page).getByRole('button', { name: 'Save' }).click();
const summary = (page: Page) => page.getByTestId('error-summary');
const left = (page: Page) => page.getByTestId('required-left');

/** What the focused element is, to fill it without knowing the form. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      tag: el?.tagName.toLowerCase() ?? '',
      type: (el as HTMLInputElement | null)?.type ?? '',
      role: el?.getAttribute('role') ?? '',
      path: el?.closest('[data-path]')?.getAttribute('data-path') ?? '',
    };
  });

/** Fills the field Save focused, whatever kind it is (text, date, number, option buttons, lookup...). */
async function fillFocused(page: Page): Promise<string> {
  // A refused Save moves focus once the field is revealed (a section opened, a tab switched): wait
  // for it to land in a field instead of reading the Save button that still holds it.
  await page.waitForFunction(() => document.activeElement?.closest('[data-path]') != null);
  const f = await focused(page);
  const el = page.locator(':focus');
  if (f.role === 'radio') await el.click();
  else if (f.role === 'combobox') {
    await el.fill('A');
    const first = page.getByRole('option').first();
    await expect(first).toBeVisible({ timeout: 30_000 });
    await first.click();
  } else if (f.tag === 'select') {
    const value = await el.locator('option:not([value=""])').first().getAttribute('value');
    await el.selectOption(value ?? '');
  } else if (f.type === 'date') await el.fill('2026-11-26');
  else if (f.type === 'datetime-local') await el.fill('2026-11-26T09:30');
  else if (f.type === 'time') await el.fill('09:30');
  else if (f.type === 'number') await el.fill('7');
  else if (f.type === 'checkbox') await el.check();
  else await el.fill('Filled by the required-fields test');
  // Leave the field so controls that commit on blur have committed.
  await page.keyboard.press('Tab');
  return f.path;
}

for (const form of DEMO_FORMS) {
  test(`${form.title}: Save untouched ${form.required.length ? 'is refused' : 'submits'}; the required fields alone submit it`, async ({
    page,
  }) => {
    test.setTimeout(form.required.length > 5 ? 300_000 : 120_000);
    await openHome(page, env.system.url);
    const localId = await launchFromHome(page, form.title);
    const n = form.required.length;
    const filledPaths: string[] = [];
    if (n === 0) {
      await expect(left(page)).toHaveCount(0);
    } else {
      await expect(left(page)).toHaveText(n === 1 ? '1 required field left' : `${n} required fields left`);
    }
    await save(page);
    if (n > 0) {
      await expect(summary(page)).toContainText(MESSAGES.fixFieldValidation);
      await expect(summary(page).getByRole('listitem')).toHaveText(form.required.map(missingRequiredFields));
      await expect(page.getByTestId('success-dialog')).toHaveCount(0);
      // Nothing was submitted: the org holds at most the In Progress draft the launch synced.
      await page.waitForTimeout(1_500);
      const held = await recordsOf(form.title, localId);
      expect(held.map((r) => r.cqext__Status__c).filter((s) => s !== 'In Progress')).toEqual([]);
      // Fill whatever Save focuses, Save again, until it goes through: only required fields get filled.
      const filled: string[] = [];
      for (let k = 0; k < n; k++) {
        await expect(page.locator('[data-path] :focus')).toHaveCount(1);
        filled.push(await fillFocused(page));
        await expect(left(page)).toHaveAttribute('data-left', String(n - k - 1));
        await save(page);
      }
      expect(new Set(filled).size).toBe(n);
      filledPaths.push(...filled);
      await expect(left(page)).toHaveText('All required fields filled');
    }
    await expect(page.getByTestId('success-dialog')).toContainText(MESSAGES.formSubmittedDialog, {
      timeout: 60_000,
    });
    const [rec, ...more] = await recordsOf(form.title, localId);
    expect(more).toEqual([]);
    expect(rec?.cqext__Status__c).toBe('Submitted');
    // The org's copy holds what was filled, at the paths Save pointed at.
    const data = (JSON.parse(rec?.cqext__Submission_JSON__c ?? '{}') as { data?: unknown }).data;
    for (const path of filledPaths) {
      const value = path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], data);
      expect(value, path).toBeTruthy();
    }
  });
}

test('offline, Save untouched is refused the same way and nothing is queued; filled, it is queued', async ({
  page,
  context,
}) => {
  const form = DEMO_FORMS[4]!;
  await openHome(page, env.system.url);
  const localId = await launchFromHome(page, form.title);
  await context.setOffline(true);
  await save(page);
  await expect(summary(page)).toContainText(MESSAGES.fixFieldValidation);
  await expect(summary(page).getByRole('listitem')).toHaveText(form.required.map(missingRequiredFields));
  await expect(page.getByText(MESSAGES.submitQueued)).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/form/${localId}$`));
  for (let k = 0; k < form.required.length; k++) {
    await fillFocused(page);
    await save(page);
  }
  await expect(page.getByText(MESSAGES.submitQueued)).toBeVisible({ timeout: 60_000 });
  await context.setOffline(false);
});

test("the builder's preview refuses Save the same way and says what is left", async ({ page }) => {
  const [form] = await orgQuery<{ Id: string }>(
    env.org,
    env.token,
    "SELECT Id FROM cqext__SQX_Form_Definition__c WHERE Name = 'FORM-0001'",
  );
  await signInAtOrg(page, env.system.url, 'admin@demo.org');
  await page.goto(`${env.system.url}/CQEditFormSF/${form?.Id}`);
  await expect(page.getByTestId('builder')).toBeVisible();
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByTestId('preview');
  await expect(preview.getByTestId('preview-required-left')).toHaveText('2 required fields left', {
    timeout: 30_000,
  });
  await preview.getByTestId('preview-save').click();
  await expect(preview.getByTestId('error-summary')).toContainText(MESSAGES.fixFieldValidation);
  await expect(preview.getByTestId('error-summary').getByRole('listitem')).toHaveText(
    ['Site', 'Inspection date'].map(missingRequiredFields),
  );
  await expect(preview.getByTestId('preview-save-ok')).toHaveCount(0);
  await expect(preview.locator('[data-path] :focus')).toHaveCount(1);
  await page.screenshot({ path: test.info().outputPath('preview-refused.png') });
  await preview.getByLabel('Inspection date').fill('2026-11-26');
  await expect(preview.getByTestId('preview-required-left')).toHaveText('1 required field left');
});

for (const width of [390, 1280]) {
  test(`at ${width} px the refused Save shows the focused field, the list and the counter beside Save`, async ({
    page,
  }) => {
    await openHome(page, env.system.url);
    await launchFromHome(page, DEMO_FORMS[3]!.title);
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
    // Another category chosen (tabs on a wide screen, a dropdown on a phone).
    if (width < 600) await page.getByRole('combobox', { name: 'Category' }).selectOption({ index: 2 });
    else await page.getByRole('tab', { name: /^Audit area 3/ }).click();
    await save(page);
    await expect(summary(page)).toContainText(MESSAGES.fixFieldValidation);
    // The first field to fix is in the first tab: Save brought it back, focused and on screen.
    const first = page.locator('[data-path="General.CQ_Form_Item_0001"]');
    await expect(first.locator(':focus')).toHaveCount(1);
    await expect(first).toBeInViewport();
    await expect(first.locator('.cq-error')).toHaveText('This field is required');
    await expect(left(page)).toBeInViewport();
    await expect(left(page)).toHaveText('11 required fields left');
    await expect(footer(page).getByRole('button', { name: 'Save' })).toBeInViewport();
    await page.screenshot({ path: test.info().outputPath(`required-refused-${width}.png`) });
  });
}
