/**
 * Security regressions in Chromium (issue 11):
 *  - the org never sees a browser cookie: after a signed-in session (sign-in, home, a form), every
 *    request the BFF made to the org (the emulator's request log) carries no Cookie header at all;
 *  - XSS payloads in every user-authored text of a form definition (labels, titles, section and
 *    category labels, picklist values and their titles, help, validation messages, table columns,
 *    link formulas) render as text in the form renderer: no script runs, the text is shown.
 */
import { expect, test, type Page } from '@playwright/test';
import { recordProof } from 'test-kit';
import { signInAtOrg } from '../support/auth';
import {
  freePort,
  freeSystemPorts,
  startRemote,
  startSystem,
  type Proc,
  type RunningSystem,
} from '../support/system';

let system: RunningSystem | undefined;
let remote: Proc | undefined;
test.afterEach(async () => {
  await system?.stop();
  await remote?.stop();
  system = undefined;
  remote = undefined;
});

interface Logged {
  method: string;
  path: string;
  headers: Record<string, string>;
}

test("the browser's cookies never reach the org", async ({ page, context }) => {
  system = await startSystem({
    ports: await freeSystemPorts(),
    quiet: true,
    emulatorArgs: ['--test-control'],
  });
  const org = `http://127.0.0.1:${system.ports.emulator}`;
  // A cookie of the app's own site besides the session cookie: neither may travel on to the org.
  await context.addCookies([{ name: 'tracking', value: 'BROWSER-COOKIE-SECRET', url: system.url }]);
  await signInAtOrg(page, system.url);
  await page.goto(`${system.url}/`);
  await expect(page.locator('#area-mfe-home')).toHaveAttribute('data-state', 'mounted');
  // Something that makes the BFF call the org on the user's behalf: the form list, a form.
  const api = await page.evaluate(async () => {
    const r = await fetch('/api/forms', { headers: { 'X-Requested-With': 'cq' } });
    return (await r.json()) as { data: { Id: string }[] };
  });
  const formId = api.data[0]?.Id ?? '';
  await page.goto(`${system.url}/form/${formId}`);
  await expect(page.locator('#area-mfe-form')).toHaveAttribute('data-state', 'mounted');
  const session = (await context.cookies(system.url)).find((c) => c.name !== 'tracking')?.value ?? 'none';

  const { requests } = (await (await fetch(`${org}/__emulator/requests`)).json()) as { requests: Logged[] };
  // The BFF's calls: bearer-authorised API calls and the token exchange; the browser's own visits to
  // the org's login page are Chromium's (they carry the org's cookies, which is the org's business).
  const fromBff = requests.filter(
    (r) =>
      !/Chrom/.test(r.headers['user-agent'] ?? '') &&
      (r.headers.authorization === 'Bearer' || r.path.includes('/oauth2/token')),
  );
  const withCookie = fromBff.filter((r) => r.headers.cookie !== undefined);
  const leaked = fromBff.filter(
    (r) =>
      JSON.stringify(r.headers).includes('BROWSER-COOKIE-SECRET') ||
      JSON.stringify(r.headers).includes(session),
  );
  recordProof('security-cookies', {
    bffCallsToOrg: fromBff.length,
    withCookieHeader: withCookie.length,
    leaked: leaked.length,
  });
  expect(fromBff.length).toBeGreaterThan(3);
  expect(withCookie.map((r) => `${r.method} ${r.path}`)).toEqual([]);
  expect(leaked).toEqual([]);
});

// ---------------------------------------------------------------------------------------------

/** One payload per place, each tagged, each trying three ways to run script. */
const P = (k: string) =>
  `XSS-${k}<img src=x onerror="__xss.push('${k}')"><script>__xss.push('${k}-s')</script><svg/onload="__xss.push('${k}-v')">`;
const JS_URL = "javascript:__xss.push('href')";

const schema = {
  type: 'object',
  properties: {
    General: {
      type: 'object',
      title: P('object-title'),
      properties: {
        Site: {
          type: 'string',
          title: P('title'),
          description: P('help'),
          pattern: '^\\d+$',
          errorMessage: P('error-message'),
        },
        Other: { type: 'string', title: P('title-2'), description: P('help-2') },
        Status: {
          type: 'string',
          title: P('select-title'),
          oneOf: [
            { const: P('picklist-value'), title: P('picklist-title') },
            { const: 'Closed', title: 'Closed' },
          ],
        },
        Kind: { type: 'string', title: P('enum-title'), enum: [P('enum-value'), 'Plain'] },
        Link: { type: 'string', title: 'Link' },
      },
    },
    G_Table_1__r: {
      type: 'array',
      title: P('table-title'),
      items: { type: 'object', properties: { C1: { type: 'string', title: P('column'), id: 1 } } },
    },
  },
};

const uischema = {
  type: 'Categorization',
  elements: [
    {
      type: 'Category',
      label: P('category'),
      elements: [
        {
          type: 'Section',
          sectionId: 'General',
          label: P('section'),
          elements: [
            { type: 'Control', scope: '#/properties/General/properties/Site', label: P('label') },
            { type: 'Control', scope: '#/properties/General/properties/Other' },
            { type: 'select', scope: '#/properties/General/properties/Status' },
            { type: 'select', scope: '#/properties/General/properties/Kind' },
            { type: 'Control', scope: '#/properties/General/properties/Link' },
            { type: 'label', text: P('static-text') },
            {
              type: 'label',
              text: 'Open',
              // a link built from what the user typed, and one written by the author
              rules: [{ type: 'formula hyperlink', formula: '{General.Link}', label: P('link-label') }],
            },
            {
              type: 'label',
              text: 'Author link',
              rules: [{ type: 'formula hyperlink', formula: JS_URL, label: 'Author link' }],
            },
            { type: 'table', scope: '#/properties/G_Table_1__r', options: { rowsCount: 1 } },
          ],
        },
      ],
    },
    { type: 'Category', label: P('category-2'), elements: [] },
  ],
};

const data = { General: { Site: P('data'), Link: JS_URL, Other: '' }, G_Table_1__r: [{ C1: P('cell') }] };

async function xssRan(page: Page): Promise<string[]> {
  return page.evaluate(() => [...((window as unknown as { __xss: string[] }).__xss ?? [])]);
}

test('XSS payloads in every user-authored text of a form definition render as text', async ({ page }) => {
  const port = await freePort();
  remote = await startRemote('mfe-form', port, { quiet: true });
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.addInitScript(() => {
    (window as unknown as { __xss: string[] }).__xss = [];
  });
  await page.goto(`http://127.0.0.1:${port}/playground`);
  await expect(page.getByRole('heading', { name: 'Form renderer playground' })).toBeVisible();
  await page.getByLabel('Schema', { exact: true }).fill(JSON.stringify(schema));
  await page.getByLabel('UI schema', { exact: true }).fill(JSON.stringify(uischema));
  await page.getByLabel('Data', { exact: true }).fill(JSON.stringify(data));
  await page.getByRole('button', { name: 'Render' }).click();
  const form = page.getByTestId('playground-form');
  await expect(form).toContainText('XSS-section<img');

  // Shown as text, character for character, wherever the renderer shows that text.
  // textContent: innerText would report table headers in their CSS upper case
  const shown = (await form.textContent()) ?? '';
  const expectedVisible = [
    'category',
    'category-2',
    'section',
    'label',
    'title-2',
    'select-title',
    'enum-title',
    'static-text',
    'column',
    'table-title',
  ];
  const missing = expectedVisible.filter((k) => !shown.includes(P(k)));
  // Picklist values and titles: radio buttons (colour-coded or few) or a dropdown's options.
  const choices = [
    ...(await form
      .getByRole('radio')
      .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? e.textContent ?? ''))),
    ...(await form.locator('option').allTextContents()),
  ].join('\n');
  for (const k of ['picklist-title', 'enum-value'])
    if (!choices.includes(P(k)) && !shown.includes(P(k))) missing.push(k);
  // Values typed or loaded are input values, not markup.
  const values = await form
    .locator('input, textarea')
    .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
  for (const k of ['data', 'cell']) if (!values.includes(P(k))) missing.push(k);

  // Interact: the failing pattern shows its message, the choices change, both tabs show, save validates.
  await form.getByRole('textbox', { name: /XSS-label/ }).fill('not digits');
  await expect(form.getByRole('alert').filter({ hasText: 'XSS-error-message<img' })).toBeVisible();
  await form.getByRole('radio', { name: /XSS-picklist-title/ }).click();
  await form.getByRole('radio', { name: /XSS-enum-value/ }).click();
  await page.getByRole('button', { name: 'Validate as on save' }).click();
  await form.getByRole('tab', { name: /XSS-category-2/ }).click();
  await form.getByRole('tab', { name: /XSS-category</ }).click();
  // A link that tried to be javascript: is not a link (its text stays).
  await expect(form.getByText('Author link', { exact: true })).toBeVisible();

  // No element the payloads tried to create exists, and no link can run script.
  const injected = await page.locator('img[src="x"], [onerror], [onload], svg[onload]').count();
  const scriptLinks = await page
    .locator('a[href^="javascript:" i]')
    .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  const ran = await xssRan(page);
  recordProof('security-xss', {
    placesTried: expectedVisible.length + 4,
    shownAsText: expectedVisible.length + 4 - missing.length,
    scriptsRun: ran.length,
    injectedElements: injected,
    javascriptLinks: scriptLinks.length,
    dialogs: dialogs.length,
  });
  expect(ran).toEqual([]);
  expect(dialogs).toEqual([]);
  expect(injected).toBe(0);
  expect(scriptLinks).toEqual([]);
  expect(missing).toEqual([]);
  expect(errors).toEqual([]);
});
