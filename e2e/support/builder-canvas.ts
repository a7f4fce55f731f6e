// Builder canvas helpers shared by the builder suites: their file setup, a pointer drag dnd-kit
// accepts, the locators of palette items and drop areas, and the start dialog to a new form.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { systemForFile, type SystemSession } from './session';

/**
 * A builder suite's file: one system (the admin's token), tests in order (they build on one form),
 * and a window tall enough that the palette and the drop zones are on screen together (no
 * scrolling mid-drag).
 */
export function builderSuite(): SystemSession {
  test.describe.configure({ mode: 'serial' });
  test.use({ viewport: { width: 1400, height: 2000 } });
  return systemForFile();
}

/** Pointer drag in small steps (dnd-kit starts a drag after 5 px). */
export async function drag(page: Page, from: Locator, to: Locator): Promise<void> {
  await to.scrollIntoViewIfNeeded();
  await from.scrollIntoViewIfNeeded();
  const a = await from.boundingBox();
  if (!a) throw new Error('no source box');
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 10, { steps: 3 });
  // dnd-kit scrolls the window while the pointer is near its edge (an item low in the palette), so
  // the target moves under the pointer: like a user, aim again once the page stands still.
  let aim: { x: number; y: number } | null = null;
  for (let tries = 0; tries < 4; tries++) {
    await settled(page);
    const b = await to.boundingBox();
    if (!b) throw new Error('no target box');
    // Drop zones: their free bottom strip (on top of a field means "insert before that field").
    const next = { x: b.x + b.width / 2, y: b.y + b.height - 8 };
    if (aim && Math.abs(aim.x - next.x) < 1 && Math.abs(aim.y - next.y) < 1) break;
    aim = next;
    await page.mouse.move(aim.x, aim.y, { steps: tries === 0 ? 12 : 4 });
  }
  await page.mouse.up();
}

/**
 * Resolves once the window has not scrolled across three reads 50 ms apart (timed here, not in the
 * page: a test may have paused the page's clock, and its animation frames with it).
 */
async function settled(page: Page): Promise<void> {
  let last = Number.NaN;
  for (let still = 0, reads = 0; still < 2 && reads < 40; reads++) {
    const y = await page.evaluate(() => window.scrollY);
    still = y === last ? still + 1 : 0;
    last = y;
    if (still < 2) await new Promise((r) => setTimeout(r, 50));
  }
}

export const palette = (page: Page, id: string): Locator =>
  page.locator(`[data-testid="palette-item"][data-item-id="${id}"]`);
export const dropZone = (page: Page, n: number): Locator => page.locator(`[data-drop-id="drop-${n}"]`);
export const tableZone = (page: Page, n: number): Locator =>
  page.locator(`[data-drop-id="drop-${n}-tables"]`);

/**
 * The builder's start dialog for the definition `recordId`, on a signed-in admin's page: opens the
 * builder, waits for the primary objects, picks `primary` (an API name) and, when given, the context
 * object whose option names `context` (e.g. `Account`), presses Next and waits for the canvas.
 * Returns the primary-object options as offered (`Label (ApiName)`), for tests of what the dialog
 * lists; `screenshot` saves the dialog as first shown.
 */
export async function startNewForm(
  page: Page,
  baseUrl: string,
  recordId: string,
  { primary, context, screenshot }: { primary: string; context?: string; screenshot?: string },
): Promise<string[]> {
  await page.goto(`${baseUrl}/CQEditFormSF/${recordId}`);
  const dialog = page.getByTestId('start-dialog');
  const primarySelect = dialog.getByLabel('Primary object');
  await expect(primarySelect.locator('option', { hasText: `(${primary})` })).toHaveCount(1);
  const offered = await primarySelect.locator('option').allTextContents();
  if (screenshot) await page.screenshot({ path: screenshot });
  await primarySelect.selectOption(primary);
  if (context) {
    const contextSelect = dialog.getByLabel('Context object (optional)');
    const option = contextSelect.locator('option', { hasText: `(${context})` });
    await expect(option).toHaveCount(1);
    await contextSelect.selectOption({ label: (await option.textContent()) ?? '' });
  }
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('builder')).toBeVisible();
  return offered;
}
