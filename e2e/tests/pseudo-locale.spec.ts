import { expect, test, type Page } from '@playwright/test';
import { Connection } from 'jsforce';
import { ORG_API_VERSION } from 'test-kit';
import { openHome } from '../support/form-screen';
import { systemForFile } from '../support/session';
import { pseudoText } from 'shared-contracts';

// Issue 44, no string left behind: with the pseudo-locale (en-XA: every text that passed through the
// translation layer shows accented and bracketed, ⟦Ĥóɱé⟧), a field user's walk through home, the
// outbox, the profile menu and a form finds no visible text of the app's own that is plain English.
// What the org or a user supplied stays as written: every string the page received as data (record
// and form names, labels from describe, a form's own content), and dates in the user's locale.

const env = systemForFile();
const FORM = 'FORM-0003 - Equipment Checklist';

test.use({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });

// The pseudo-locale is a test setting of the device's language settings (shell/src/host/language.ts),
// kept across sign-in like the user's own choice.
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const key = 'checklists.language';
    const settings = JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, unknown>;
    if (settings.test !== 'en-XA') localStorage.setItem(key, JSON.stringify({ ...settings, test: 'en-XA' }));
  });
});

let pageErrors: string[] = [];
/** Every string the page received as data (the BFF's and the org's JSON): the org's and the users' texts. */
let received: Set<string>;
/** Bodies still being read: a text on screen is judged only once the answer that brought it is read. */
let reading: Set<Promise<void>>;
test.beforeEach(({ page }) => {
  pageErrors = [];
  received = new Set();
  reading = new Set();
  page.on('pageerror', (e) => pageErrors.push(e.message));
  page.on('response', (response) => {
    // JSON whatever its content type: a definition's file comes from the org as a plain body.
    if (!/json|text\/plain|octet-stream/.test(response.headers()['content-type'] ?? '')) return;
    const read = response
      .text()
      .catch(() => '')
      .then((body) => {
        if (/^\s*[[{]/.test(body)) collectStrings(body, received);
      });
    reading.add(read);
    void read.finally(() => reading.delete(read));
  });
});
test.afterEach(() => expect(pageErrors).toEqual([]));

function collectStrings(value: unknown, into: Set<string>): void {
  if (typeof value === 'string') {
    if (/^[[{]/.test(value.trim())) {
      try {
        return collectStrings(JSON.parse(value), into); // a definition kept as JSON text
      } catch {
        // not JSON: a text like any other
      }
    }
    // the builder's saved form travels as base64 of its JSON (getSavedFormBuilderJSON's formJSON)
    if (/^[A-Za-z0-9+/]{40,}={0,2}$/.test(value)) {
      const decoded = Buffer.from(value, 'base64').toString('utf8');
      if (/^\s*[[{]/.test(decoded)) return collectStrings(decoded, into);
    }
    if (/[A-Za-z]{2,}/.test(value)) into.add(value.trim());
  } else if (Array.isArray(value)) for (const item of value) collectStrings(item, into);
  else if (value && typeof value === 'object')
    for (const item of Object.values(value)) collectStrings(item, into);
}

/**
 * The visible texts of `scope` (accessible names and placeholders included) with Latin letters left
 * once the translated parts (⟦…⟧), the org's and users' texts (`data`) and dates and times (the user's
 * locale's, through Intl) are taken out.
 */
async function untranslated(page: Page, scope = 'body'): Promise<string[]> {
  await Promise.all([...reading]);
  return page.evaluate(
    ({ scope, data }) => {
      const found = new Set<string>();
      const root = document.querySelector(scope);
      if (!root) return ['no ' + scope];
      const longestFirst = data.sort((a, b) => b.length - a.length);
      const rest = (text: string): string => {
        let left = text
          .replace(/⟦[^⟧]*⟧/g, ' ')
          .replace(/\b[A-Z][a-z]{2} \d{1,2}, \d{4}(, \d{1,2}:\d{2}\s?[AP]M)?/g, ' ')
          // API names (the builder shows its fields' and tables' own: CQ_Form_Start_Time) are identifiers
          .replace(/\b[A-Za-z][A-Za-z0-9]*(_[A-Za-z0-9]+)+\b/g, ' ');
        for (const known of longestFirst) if (left.includes(known)) left = left.split(known).join(' ');
        return left;
      };
      const plain = (text: string): boolean => /[A-Za-z]{2,}/.test(rest(text));
      const visible = (el: Element): boolean =>
        el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) &&
        el.getClientRects().length > 0 &&
        !el.closest('[aria-hidden="true"], script, style, noscript');
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        if (node.parentElement && visible(node.parentElement) && plain(text)) found.add(text.trim());
      }
      for (const el of root.querySelectorAll('[placeholder], [aria-label], [title]')) {
        if (!visible(el)) continue;
        for (const name of ['placeholder', 'aria-label', 'title']) {
          const value = el.getAttribute(name);
          if (value && plain(value)) found.add(`${name}="${value}"`);
        }
      }
      return [...found];
    },
    { scope, data: [...received] },
  );
}

test('home (every tab), the outbox, the profile menu, a form and its signature dialog show only translated texts', async ({
  page,
}) => {
  await openHome(page, env.system.url);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
  const found: Record<string, string[]> = {};
  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveCount(4);
  for (let i = 0; i < 4; i++) {
    await tabs.nth(i).click();
    await expect(tabs.nth(i)).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toBeVisible();
    found[`home, tab ${i + 1}`] = await untranslated(page);
  }
  await page.getByTestId('outbox-button').click();
  await expect(page.getByTestId('outbox-panel')).toBeVisible();
  found.outbox = await untranslated(page, '[data-testid="outbox-panel"]');
  await page.keyboard.press('Escape');
  await page.getByTestId('profile-menu').click();
  await expect(page.getByRole('menu')).toBeVisible();
  found['profile menu'] = await untranslated(page, '[role="menu"]');
  await page.keyboard.press('Escape');
  await tabs.nth(3).click();
  await page.getByTestId('form-card').filter({ hasText: FORM }).getByRole('button').last().click();
  await page.waitForURL(/\/form\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('form-name')).toHaveText(FORM);
  found.form = await untranslated(page);
  // the field user signs: the signature dialog
  await page
    .getByTestId('signature-card')
    .first()
    .getByRole('button', { name: pseudo('Sign here') })
    .click();
  const signature = page.getByRole('dialog');
  await expect(signature.getByTestId('signature-canvas')).toBeVisible();
  found['signature dialog'] = await untranslated(page, '[role="dialog"]');
  await page.keyboard.press('Escape');
  await expect(signature).toBeHidden();
  expect(Object.fromEntries(Object.entries(found).filter(([, texts]) => texts.length > 0))).toEqual({});
});

// the pseudo-locale's form of a text (shared-contracts), so the steps find buttons by their names
const pseudo = pseudoText;

test("the builder as an admin: palette, canvas, a field's editor and its rules, scoring, a table and its modals, the templates and a template's configuration show only translated texts", async ({
  page,
}) => {
  test.setTimeout(300_000);
  const admin = new Connection({
    instanceUrl: env.org,
    accessToken: env.token,
    version: ORG_API_VERSION.slice(1),
  });
  const { records } = await admin.query<{ Id: string }>(
    `SELECT Id FROM cqext__SQX_Form_Definition__c WHERE Name = '${FORM.split(' - ')[0]}'`,
  );
  await openHome(page, env.system.url, 'admin@demo.org');
  // The admin opens the form's builder from its record in the org (the Edit Form page's address).
  await page.goto(`${env.system.url}/CQEditFormSF/${records[0]!.Id}`);
  await expect(page.getByTestId('builder')).toBeVisible();
  await expect(page.getByTestId('palette-item').first()).toBeVisible();
  await expect(page.getByTestId('canvas-field').first()).toBeVisible();
  const found: Record<string, string[]> = {};
  found['builder: palette and canvas'] = await untranslated(page);

  await page
    .getByTestId('canvas-field')
    .first()
    .getByRole('button', { name: new RegExp(`^⟦${pseudo('Edit').slice(1, -1)}`) })
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  found["a field's editor"] = await untranslated(page, '[role="dialog"]');
  const rules = dialog.getByRole('group', { name: pseudo('Rules') });
  await rules.getByRole('button', { name: pseudo('Add Rule') }).click();
  await expect(rules.getByRole('region', { name: pseudo('Rule 1') })).toBeVisible();
  found.rules = await untranslated(page, '[role="dialog"]');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: pseudo('Scoring') }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByText(pseudo('Score this form')).click();
  await expect(dialog.getByText(pseudo('Section weights'))).toBeVisible();
  found.scoring = await untranslated(page, '[role="dialog"]');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  const table = page.getByRole('group', { name: pseudo('Table Readings') });
  await expect(table).toBeVisible();
  found.table = await untranslated(page, '[data-testid="builder"]');
  await table.getByRole('button', { name: pseudo('Update Header') }).click();
  await expect(dialog).toBeVisible();
  found["the table's header"] = await untranslated(page, '[role="dialog"]');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // a column's modal (its title double-clicked) and the table's own settings (its chip's Edit)
  await table.locator('[data-testid^="column-title-"]').first().dblclick();
  await expect(dialog).toBeVisible();
  found["a table column's modal"] = await untranslated(page, '[role="dialog"]');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page
    .getByTestId('canvas-field')
    .filter({ has: table })
    .getByRole('button', { name: new RegExp(`^⟦${pseudo('Edit').slice(1, -1)}`) })
    .first()
    .click();
  await expect(dialog).toBeVisible();
  found["the table's settings"] = await untranslated(page, '[role="dialog"]');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // publishing: the templates screen, then a template's configuration
  await page.getByRole('link', { name: pseudo('Publish templates') }).click();
  await page.waitForURL(/\/templates/);
  const configure = page.getByRole('button', { name: new RegExp(`^${pseudo('Configure')}`) }).first();
  await expect(configure).toBeVisible();
  found.templates = await untranslated(page);
  await configure.click();
  await page.waitForURL(/\/templateConfiguration/);
  await expect(page.getByRole('heading', { name: pseudo('Template configuration') })).toBeVisible();
  await expect(page.getByRole('button', { name: pseudo('Publish to this org') })).toBeVisible();
  // the base class the org answered for (its name and description are the org's words)
  await expect(page.getByTestId('base-class')).toBeVisible();
  found["a template's configuration"] = await untranslated(page);
  expect(Object.fromEntries(Object.entries(found).filter(([, texts]) => texts.length > 0))).toEqual({});
});
