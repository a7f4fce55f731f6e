// Issue 19: checks that would have caught a page wider than the window, a missing glyph, a console
// error or an accessibility violation on any screen, and sign-in failing from `localhost`. Every
// route, signed out, as a field user and (builder routes) as an admin, at 390 and 1280 px, in
// Chromium over one running system.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { MESSAGES } from 'shared-contracts';
import { DEMO_PASSWORD, signInAtOrg } from '../support/auth';
import { drag, dropZone, palette } from '../support/builder-canvas';
import { systemForFile } from '../support/session';

const env = systemForFile();
test.describe.configure({ mode: 'serial' });

const WIDTHS = [390, 1280] as const;
/** axe's WCAG 2.0 and 2.1 A/AA rules; every violation counts, whatever its impact. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const hostUrl = (host: string) => `http://${host}:${env.system.ports.bff}`;

async function recordId(name: string): Promise<string> {
  const q = encodeURIComponent(`SELECT Id FROM cqext__SQX_Form_Definition__c WHERE Name = '${name}'`);
  const res = await env.rest<{ records: { Id: string }[] }>(`/query?q=${q}`);
  const id = res.records[0]?.Id;
  if (!id) throw new Error(`no form definition ${name}`);
  return id;
}

/**
 * Characters drawn as the font's missing-glyph box: each one is drawn on a canvas in its element's
 * font and compared with a code point no font has (U+10FFFD). Also private-use and replacement
 * characters, icons (svg) laid out with a zero-size box, and images that did not load.
 */
function missingGlyphs(): string[] {
  const problems: string[] = [];
  const canvas = document.createElement('canvas');
  canvas.width = 48;
  canvas.height = 48;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) return ['no canvas'];
  const drawn = new Map<string, string>();
  const draw = (font: string, ch: string): string => {
    const key = `${font}|${ch}`;
    const known = drawn.get(key);
    if (known !== undefined) return known;
    ctx.clearRect(0, 0, 48, 48);
    ctx.font = font;
    ctx.textBaseline = 'top';
    ctx.fillText(ch, 4, 4);
    const data = ctx.getImageData(0, 0, 48, 48).data;
    let hash = 0;
    for (let i = 3; i < data.length; i += 4) hash = (hash * 31 + (data[i] ?? 0)) | 0;
    const value = `${hash}:${Math.round(ctx.measureText(ch).width)}`;
    drawn.set(key, value);
    return value;
  };
  const shown = (el: Element) =>
    el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || !shown(el) || ['SCRIPT', 'STYLE'].includes(el.tagName)) continue;
    const style = getComputedStyle(el);
    const font = `${style.fontStyle} ${style.fontWeight} 32px ${style.fontFamily}`;
    for (const ch of node.textContent ?? '') {
      const cp = ch.codePointAt(0) ?? 0;
      if (cp < 0x2000) continue; // Latin, Greek, Cyrillic and punctuation: every font has them
      const where = `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
      if ((cp >= 0xe000 && cp <= 0xf8ff) || cp >= 0xf0000 || cp === 0xfffd)
        problems.push(`U+${cp.toString(16)} in ${where}`);
      else if (draw(font, ch) === draw(font, '\u{10FFFD}')) problems.push(`missing glyph ${ch} in ${where}`);
    }
  }
  for (const svg of document.querySelectorAll('svg')) {
    const box = svg.getBoundingClientRect();
    const hidden = svg.closest('[aria-hidden="true"]') === null && !shown(svg);
    if (!hidden && shown(svg) && (box.width === 0 || box.height === 0))
      problems.push(`zero-size icon in ${svg.parentElement?.outerHTML.slice(0, 80)}`);
  }
  for (const img of document.querySelectorAll('img'))
    if (shown(img) && img.complete && img.naturalWidth === 0) problems.push(`broken image ${img.src}`);
  return problems;
}

/** Visits each route at each width and lists every problem found; one page (one sign-in) for all. */
async function sweep(page: Page, base: string, routes: string[]): Promise<string[]> {
  const problems: string[] = [];
  let errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text().slice(0, 200));
  });
  page.on('pageerror', (e) => errors.push(e.message.slice(0, 200)));
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    for (const route of routes) {
      errors = [];
      await page.goto(`${base}${route}`);
      // A screen (a builder start dialog leaves it empty, so attached is enough) or the not-found page.
      await page
        .locator('[data-testid="remote-screen"], [data-testid="not-found"]')
        .first()
        .waitFor({ state: 'attached' });
      // Spinners (session check, loading) settle before the page is judged.
      await expect(page.locator('.chakra-spinner')).toHaveCount(0, { timeout: 20_000 });
      await page.waitForTimeout(500);
      const at = `${route} at ${width}px`;
      const size = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        inner: window.innerWidth,
      }));
      if (size.scroll !== size.inner)
        problems.push(`${at}: page ${size.scroll}px wide in a ${size.inner}px window`);
      for (const p of await page.evaluate(missingGlyphs)) problems.push(`${at}: ${p}`);
      const axe = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
      for (const v of axe.violations)
        problems.push(`${at}: axe ${v.id} on ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      for (const e of errors) problems.push(`${at}: console error ${e}`);
    }
  }
  return problems;
}

/** Signs in at the org and waits for the callback screen to finish (user details stored, home). */
async function signIn(page: Page, username: string): Promise<void> {
  await signInAtOrg(page, env.system.url, username);
  await page.waitForURL(`${env.system.url}/`);
  await expect(page.getByTestId('profile-menu')).toBeVisible();
}

async function signInThroughLoginScreen(browser: Browser, host: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const base = hostUrl(host);
  await page.goto(`${base}/login`);
  await page.getByRole('button', { name: 'Production login' }).click();
  await page.getByLabel('Username').fill('field.user@demo.org');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL(/authSuccessCallback|authorize|Allow|consent/);
  const allow = page.getByRole('button', { name: 'Allow' });
  if (await allow.isVisible().catch(() => false)) await allow.click();
  return { context, page, base };
}

for (const host of ['localhost', '127.0.0.1']) {
  test(`sign-in from http://${host}: the callback comes back to ${host} and home loads signed in`, async ({
    browser,
  }) => {
    const { context, page, base } = await signInThroughLoginScreen(browser, host);
    await page.waitForURL(`${base}/`);
    await expect(page.locator('[data-remote="mfe-home"]')).toBeVisible();
    await expect(page.getByTestId('profile-menu')).toBeVisible();
    await expect(page.getByText(MESSAGES.unableToConnect)).toHaveCount(0);
    const cookies = await context.cookies(base);
    expect(cookies.map((c) => c.domain)).toContain(host);
    await context.close();
  });
}

test('every route signed out: as wide as the window, every glyph drawn, no console error, axe clean', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const formId = await recordId('FORM-0001');
  const problems = await sweep(page, env.system.url, [
    '/',
    '/login',
    '/authSuccessCallback',
    '/authOtherOrgSuccessCallback',
    '/templates',
    '/templateConfiguration',
    `/CQEditFormSF/${formId}`,
    '/form/00000000-0000-4000-8000-000000000000',
    '/form/selected-submission',
    '/filename',
    '/launchFromSF',
    '/no-such-page',
  ]);
  expect(problems).toEqual([]);
});

test('every route as a field user, the same checks', async ({ page }) => {
  test.setTimeout(300_000);
  await signIn(page, 'field.user@demo.org');
  await page
    .getByRole('button', { name: /^Launch/ })
    .first()
    .click();
  await page.waitForURL(/\/form\/[0-9a-f-]{36}$/);
  const formPath = new URL(page.url()).pathname;
  const problems = await sweep(page, env.system.url, [
    '/',
    formPath,
    '/form/selected-submission',
    '/filename',
    `/launchFromSF/${await recordId('FORM-0001')}`, // a new local submission, then its form
    // The builder's no-access page (the org does not let field users edit form definitions).
    '/templates',
    `/CQEditFormSF/${await recordId('FORM-0001')}`,
    '/login',
    '/authSuccessCallback',
    '/no-such-page',
  ]);
  expect(problems).toEqual([]);
});

test('the builder routes as an admin, the same checks', async ({ page }) => {
  test.setTimeout(300_000);
  const created = await env.rest<{ id: string }>('/sobjects/cqext__SQX_Form_Definition__c', {
    method: 'POST',
    body: JSON.stringify({ Name: 'Sweep Form', cqext__Title__c: 'Sweep Form', cqext__Status__c: 'Active' }),
  });
  await signIn(page, 'admin@demo.org');
  const problems = await sweep(page, env.system.url, [
    `/CQEditFormSF/${await recordId('FORM-0001')}`,
    `/CQEditFormSF/${await recordId('FORM-0002')}`,
    `/CQEditFormSF/${created.id}`,
    '/templates',
    '/templateConfiguration',
  ]);
  expect(problems).toEqual([]);
});

test('a safety-inspection document without criteria questions: "document criteria not set up correctly", and it is not added', async ({
  page,
}) => {
  // A criteria document of the safety-inspection record type with no sections or questions.
  const rt = await env.rest<{ records: { Id: string }[] }>(
    `/query?q=${encodeURIComponent("SELECT Id FROM RecordType WHERE DeveloperName = 'Safety_Inspection_Criteria'")}`,
  );
  const doc = await env.rest<{ id: string }>('/sobjects/cqext__SQX_Controlled_Document__c', {
    method: 'POST',
    body: JSON.stringify({
      Name: 'DOC-0099',
      cqext__Title__c: 'Unfinished Criteria',
      cqext__Document_Number__c: 'DOC-0099',
      cqext__Document_Status__c: 'Current',
      cqext__Criteria_Type__c: 'Fire Safety',
      RecordTypeId: rt.records[0]?.Id,
    }),
  });
  await page.setViewportSize({ width: 1400, height: 2000 });
  await signIn(page, 'admin@demo.org');
  await page.goto(`${env.system.url}/CQEditFormSF/${await recordId('FORM-0002')}`);
  await expect(page.getByTestId('builder')).toBeVisible();
  const before = await page.getByTestId('section-documents').locator('> *').count();
  await drag(page, palette(page, doc.id), dropZone(page, 1));
  const toast = page.locator('.chakra-alert').filter({ hasText: MESSAGES.documentCriteria });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('DOC-0099');
  await expect(page.getByTestId('section-documents').locator('> *')).toHaveCount(before);
});
