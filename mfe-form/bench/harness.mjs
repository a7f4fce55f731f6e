/**
 * The Chromium side shared by run.mjs, profile.mjs and trace.mjs: command-line options, the browser, the
 * bench page, and the typing every measurement does (one keystroke per frame), so the three scripts
 * measure the same thing the same way.
 */
import { chromium } from 'playwright-core';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const args = process.argv.slice(2);

/** The value after `--name` on the command line, or `dflt`. */
export const argValue = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1] : dflt;
};

/** The options of the one-form scripts (profile.mjs, trace.mjs): form, renderer, keystrokes, rows listed. */
export const oneFormOptions = ({ keys, top }) => ({
  form: argValue('--form', 'f1000'),
  which: argValue('--which', 'ours'),
  keys: Number(argValue('--keys', String(keys))),
  top: Number(argValue('--top', String(top))),
});

/** Whether the flag `--name` is on the command line. */
export const hasFlag = (name) => args.includes(name);

export const launchChromium = () =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update'],
  });

/** A fresh page on the bench page built into `dir` (build-page.mjs); page errors are printed with `label`. */
export const openBenchPage = async (browser, dir, label = '') => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('pageerror', (e) => console.error(`${label ? `[${label}] ` : ''}page error:`, e.message));
  await page.goto(pathToFileURL(join(dir, 'index.html')).href);
  return page;
};

/** Scrolls to and focuses the input the bench types into; returns its locator. */
export const focusTarget = async (page) => {
  // A windowed table draws the typed-into row once it is scrolled to, as a user gets there.
  await page.evaluate(() => window.bench.scrollToTarget());
  const selector = await page.evaluate(() => window.bench.targetSelector);
  const input = page.locator(selector).first();
  await input.scrollIntoViewIfNeeded();
  await input.click();
  return input;
};

/** Waits for the frame after the last input and the task after it, so each keystroke gets its own frame. */
export const nextFrame = (page) =>
  page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));

/** Unmeasured keystrokes so the first measured one does not pay for first-use work. */
export const warmUp = async (page) => {
  for (let i = 0; i < 5; i++) await page.keyboard.press('a');
};

/** `keys` measured keystrokes, one per frame (every seventh a Backspace, so edits delete too). */
export const typeKeys = async (page, keys) => {
  for (let i = 0; i < keys; i++) {
    await page.keyboard.press(i % 7 === 6 ? 'Backspace' : 'b');
    await nextFrame(page);
  }
  await page.waitForTimeout(50);
};

/** The p-th percentile (nearest rank) of `xs`; NaN when empty. */
export const percentile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] : NaN;
};
