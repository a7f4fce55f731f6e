import { expect, test, type Page } from '@playwright/test';
import { openHome } from '../support/form-screen';
import { systemForFile } from '../support/session';

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
test.beforeEach(({ page }) => {
  pageErrors = [];
  received = new Set();
  page.on('pageerror', (e) => pageErrors.push(e.message));
  page.on('response', async (response) => {
    // JSON whatever its content type: a definition's file comes from the org as a plain body.
    if (!/json|text\/plain|octet-stream/.test(response.headers()['content-type'] ?? '')) return;
    const body = await response.text().catch(() => '');
    if (/^\s*[[{]/.test(body)) collectStrings(body, received);
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
  return page.evaluate(
    ({ scope, data }) => {
      const found = new Set<string>();
      const root = document.querySelector(scope);
      if (!root) return ['no ' + scope];
      const longestFirst = data.sort((a, b) => b.length - a.length);
      const rest = (text: string): string => {
        let left = text
          .replace(/⟦[^⟧]*⟧/g, ' ')
          .replace(/\b[A-Z][a-z]{2} \d{1,2}, \d{4}(, \d{1,2}:\d{2}\s?[AP]M)?/g, ' ');
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

test('home (every tab), the outbox, the profile menu and a form show only translated texts', async ({
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
  expect(Object.fromEntries(Object.entries(found).filter(([, texts]) => texts.length > 0))).toEqual({});
});
