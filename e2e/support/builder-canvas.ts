// Builder canvas helpers shared by the builder suites: their file setup, a pointer drag dnd-kit
// accepts and the locators of palette items and drop areas.
import { test, type Locator, type Page } from '@playwright/test';
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
  const b = await to.boundingBox();
  if (!b) throw new Error('no target box');
  // Drop zones: their free bottom strip (on top of a field means "insert before that field").
  await page.mouse.move(b.x + b.width / 2, b.y + b.height - 8, { steps: 12 });
  await page.mouse.up();
}

export const palette = (page: Page, id: string): Locator =>
  page.locator(`[data-testid="palette-item"][data-item-id="${id}"]`);
export const dropZone = (page: Page, n: number): Locator => page.locator(`[data-drop-id="drop-${n}"]`);
export const tableZone = (page: Page, n: number): Locator =>
  page.locator(`[data-drop-id="drop-${n}-tables"]`);
