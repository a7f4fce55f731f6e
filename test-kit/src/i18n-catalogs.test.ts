import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defineTexts } from 'shared-contracts';
import { SHIPPED_LANGUAGES, catalogProblems } from './i18n-catalogs';

const TEXTS = defineTexts('x', {
  title: 'Title',
  showing: (shown: number, total: number) => `Showing ${shown} of ${total}`,
} as const);

const complete = { 'x.title': 'Título', 'x.showing': 'Mostrando {0} de {1}' };

function catalogs(overrides: Record<string, Record<string, string>> = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalogs-'));
  for (const language of SHIPPED_LANGUAGES)
    fs.writeFileSync(path.join(dir, `${language}.json`), JSON.stringify(overrides[language] ?? complete));
  return dir;
}

describe('catalogProblems', () => {
  it('is empty when every text ships in every language with its arguments', () => {
    expect(catalogProblems([TEXTS], catalogs())).toEqual([]);
  });

  it('names a missing or empty key, a placeholder that does not match, bad ICU and a stray key', () => {
    expect(catalogProblems([TEXTS], catalogs({ fr: { 'x.showing': 'Affichage {0} sur {1}' } }))).toEqual([
      'fr: x.title is missing',
    ]);
    expect(catalogProblems([TEXTS], catalogs({ de: { ...complete, 'x.title': ' ' } }))).toEqual([
      'de: x.title is missing',
    ]);
    expect(
      catalogProblems([TEXTS], catalogs({ ja: { ...complete, 'x.showing': '{1}件中{shown}件' } })),
    ).toEqual(['ja: x.showing uses {1,shown} where the English has {0,1}']);
    expect(
      catalogProblems([TEXTS], catalogs({ ar: { ...complete, 'x.title': '{0, plural, one {' } }))[0],
    ).toMatch(/^ar: x.title is not valid ICU/);
    expect(catalogProblems([TEXTS], catalogs({ es: { ...complete, 'x.gone': 'Ya no' } }))).toEqual([
      'es: x.gone is no text of these modules',
    ]);
  });

  it('refuses a plain object as a text module', () => {
    expect(catalogProblems([{ title: 'Title' }], catalogs())[0]).toMatch(/not made by defineTexts/);
  });
});
