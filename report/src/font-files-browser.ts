/**
 * The device's script font files as the build emits them (webpack: each WOFF file an asset of its
 * own, fetched only when a report's text needs its face), with @fontsource's subset tables and
 * bidi-js. Imported by `pdf-browser.ts` only when a report's text needs a script font, so a
 * Latin-only report loads none of this.
 */
import bidiFactory from 'bidi-js';
import arabic from '@fontsource/noto-sans-arabic/unicode.json';
import hebrew from '@fontsource/noto-sans-hebrew/unicode.json';
import jp from '@fontsource/noto-sans-jp/unicode.json';
import sc from '@fontsource/noto-sans-sc/unicode.json';
import tc from '@fontsource/noto-sans-tc/unicode.json';
import kr from '@fontsource/noto-sans-kr/unicode.json';
import type { DeviceFontFiles } from './fonts-browser';
import type { Family } from './scripts';

interface Context {
  keys(): string[];
  (key: string): string;
}
declare global {
  interface ImportMeta {
    webpackContext(dir: string, options: { recursive: boolean; regExp: RegExp; mode: 'sync' }): Context;
  }
}

// one context per family (webpack needs literal arguments): the URLs of the subset files read by
// `scripts.ts` (Arabic's and Hebrew's own subset, CJK's numbered ones), normal and bold
const contexts: Record<Family, Context> = {
  arabic: import.meta.webpackContext('../node_modules/@fontsource/noto-sans-arabic/files', {
    recursive: false,
    regExp: /-arabic-(400|700)-normal\.woff$/,
    mode: 'sync',
  }),
  hebrew: import.meta.webpackContext('../node_modules/@fontsource/noto-sans-hebrew/files', {
    recursive: false,
    regExp: /-hebrew-(400|700)-normal\.woff$/,
    mode: 'sync',
  }),
  jp: import.meta.webpackContext('../node_modules/@fontsource/noto-sans-jp/files', {
    recursive: false,
    regExp: /-\d+-(400|700)-normal\.woff$/,
    mode: 'sync',
  }),
  sc: import.meta.webpackContext('../node_modules/@fontsource/noto-sans-sc/files', {
    recursive: false,
    regExp: /-\d+-(400|700)-normal\.woff$/,
    mode: 'sync',
  }),
  tc: import.meta.webpackContext('../node_modules/@fontsource/noto-sans-tc/files', {
    recursive: false,
    regExp: /-\d+-(400|700)-normal\.woff$/,
    mode: 'sync',
  }),
  kr: import.meta.webpackContext('../node_modules/@fontsource/noto-sans-kr/files', {
    recursive: false,
    regExp: /-\d+-(400|700)-normal\.woff$/,
    mode: 'sync',
  }),
};

export const deviceFontFiles: DeviceFontFiles = {
  tables: { arabic, hebrew, jp, sc, tc, kr },
  bidi: bidiFactory(),
  url: (family, file) => {
    const key = `./${file}`;
    return contexts[family].keys().includes(key) ? contexts[family](key) : undefined;
  },
};
