// What a new user walking the product on a phone ran into (the walk of a fresh clone): the header's
// "N waiting to sync" wrapping onto three lines and widening the page, form cards squeezing their
// title into a one-word column beside the offline toggle and Launch, the forms search placeholder
// cut off, and the builder's toolbar wider than a 375 px screen.
import { expect, test, type Page } from '@playwright/test';
import { signInAtOrg } from '../support/auth';
import { launchFromHome, openHome } from '../support/form-screen';
import { systemForFile } from '../support/session';

const env = systemForFile();
test.describe.configure({ mode: 'serial' });

/** The page's own width against the window's (a wider page scrolls sideways). */
const widths = (page: Page) =>
  page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));

test('390 px, offline with a queued form: the header stays one row and the page as wide as the window', async ({
  page,
  context,
}) => {
  await openHome(page, env.system.url);
  // The widest header: the ready-to-work-offline sign too (it widened the page by 3 px once shown).
  await expect(page.getByTestId('offline-ready')).toBeVisible({ timeout: 60_000 });
  await launchFromHome(page, 'FORM-0003 - Equipment Checklist'); // no required fields
  await page.setViewportSize({ width: 390, height: 800 });
  const header = page.locator('header').first();
  const oneRow = (await header.boundingBox())?.height ?? 0;
  await context.setOffline(true);
  await page.getByTestId('form-footer').getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(`${env.system.url}/`);
  const count = page.getByTestId('sync-count');
  await expect(count).toBeVisible();
  await expect(count).toHaveAccessibleName('1 waiting to sync');
  expect((await header.boundingBox())?.height).toBe(oneRow);
  expect(await widths(page)).toEqual({ scroll: 390, client: 390 });
  await page.screenshot({ path: test.info().outputPath('home-offline-390.png') });
  await context.setOffline(false);
});

/** Rendered lines of an element's text: its height over its line height. */
const lines = (page: Page, selector: string) =>
  page.$$eval(selector, (els) =>
    els.map((el) => {
      const style = getComputedStyle(el);
      return {
        text: (el.textContent ?? '').trim(),
        lines: Math.round(el.getBoundingClientRect().height / parseFloat(style.lineHeight)),
      };
    }),
  );

test('390 px, home: draft names shown whole, each form title keeps its width (at most 2 lines), the search hint is not cut', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await openHome(page, env.system.url);
  // In Progress (the default tab): the seeded drafts' names are shown whole, not cut to one line.
  await expect(page.getByTestId('in-progress-card').first()).toBeVisible();
  const cut = await page.$$eval('[data-testid="in-progress-card"] h3', (els) =>
    els.filter((el) => el.scrollHeight > el.clientHeight + 1).map((el) => el.textContent),
  );
  expect(cut).toEqual([]);
  await page.getByRole('combobox').first().selectOption({ index: 3 });
  await expect(page.getByTestId('form-card').first()).toBeVisible();
  const titles = await lines(page, '[data-testid="form-card"] h3');
  expect(titles.length).toBeGreaterThan(0);
  expect(titles.filter((t) => t.lines > 2)).toEqual([]);
  // The placeholder drawn in the input's font fits the room the input gives its text.
  const search = page.getByRole('searchbox', { name: 'Search' });
  const fit = await search.evaluate((el) => {
    const input = el as HTMLInputElement;
    const style = getComputedStyle(input);
    const ctx = document.createElement('canvas').getContext('2d');
    if (!ctx) return { text: 0, room: 0 };
    ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return { text: Math.ceil(ctx.measureText(input.placeholder).width), room: Math.floor(room) };
  });
  expect(fit.text).toBeLessThanOrEqual(fit.room);
  expect(await widths(page)).toEqual({ scroll: 390, client: 390 });
  await page.screenshot({ path: test.info().outputPath('forms-390.png') });
});

test('375 px, an admin finds the builder (help menu, /templates, Open in builder); its toolbar wraps and its field chips stack instead of widening the page or cutting labels', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signInAtOrg(page, env.system.url, 'admin@demo.org');
  await page.waitForURL(`${env.system.url}/`);
  await page.getByRole('button', { name: 'Help' }).click();
  await page.getByRole('menuitem', { name: 'Form builder and templates' }).click();
  await page.waitForURL(`${env.system.url}/templates`);
  await page.getByRole('link', { name: 'Open in builder: FORM-0001' }).click();
  await page.waitForURL(/\/CQEditFormSF\/[A-Za-z0-9]{15,18}$/);
  await expect(page.getByTestId('builder')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Preview' })).toBeInViewport({ ratio: 1 });
  // A row's two fields stack on a phone: side by side their labels were cut to three letters.
  const cut = await page.$$eval('[data-testid="canvas-field"] p', (els) =>
    els
      .filter((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
      .map((el) => el.textContent),
  );
  expect(cut).toEqual([]);
  expect(await widths(page)).toEqual({ scroll: 375, client: 375 });
  await page.screenshot({ path: test.info().outputPath('builder-375.png') });
});
