import { isRightToLeft } from 'shared-contracts';

const OUTLET = /<main id="remote-outlet">\s*<\/main>/;
const HTML_TAG = /<html\b[^>]*>/;

/**
 * The shell's page with a prerendered screen in its outlet and the screen's language on `<html>`
 * (the shell sets the same once its code runs), or null when the page is not the shell's as expected.
 */
export function composePage(index: string, screen: string, language: string): string | null {
  if (!OUTLET.test(index) || !HTML_TAG.test(index)) return null;
  const dir = isRightToLeft(language) ? ' dir="rtl"' : '';
  return index
    .replace(HTML_TAG, `<html lang="${language.replace(/[^A-Za-z-]/g, '')}"${dir}>`)
    .replace(OUTLET, () => `<main id="remote-outlet">${screen}</main>`);
}
