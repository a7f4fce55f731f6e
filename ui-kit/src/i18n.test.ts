import { afterEach, describe, expect, it } from 'vitest';
import { defineTexts } from 'shared-contracts';
import { activateLanguage, pseudoText, type CatalogLoaders } from './i18n';

const TEXTS = defineTexts('lock', {
  title: 'Locked',
  wrong: (left: number): string => `Wrong PIN. ${left} ${left === 1 ? 'try' : 'tries'} left.`,
  notOnDevice: (capable: boolean) => (capable ? 'Turn on Offline.' : 'Needs a connection.'),
  untranslated: 'Only in English',
} as const);

// Raw ICU here: the build compiles catalogs ahead of time (scripts/i18n-catalog-loader.mjs); under test Lingui compiles them itself.
const CATALOGS: CatalogLoaders = {
  es: async () => [
    {
      default: {
        'lock.title': 'Bloqueado',
        'lock.wrong':
          '{0, plural, one {PIN incorrecto. Queda # intento.} other {PIN incorrecto. Quedan # intentos.}}',
        'lock.notOnDevice': '{0, select, true {Activa Sin conexión.} other {Necesita conexión.}}',
      },
    },
  ],
};

afterEach(() => activateLanguage('en', CATALOGS));

describe('activateLanguage', () => {
  it('answers every text module in the language, ICU plurals and selects included', async () => {
    await activateLanguage('es', CATALOGS);
    expect(TEXTS.title).toBe('Bloqueado');
    expect(TEXTS.wrong(1)).toBe('PIN incorrecto. Queda 1 intento.');
    expect(TEXTS.wrong(3)).toBe('PIN incorrecto. Quedan 3 intentos.');
    expect(TEXTS.notOnDevice(true)).toBe('Activa Sin conexión.');
    expect(TEXTS.notOnDevice(false)).toBe('Necesita conexión.');
  });

  it('falls back to English for a text the catalog lacks, and for a language without catalogs', async () => {
    await activateLanguage('es', CATALOGS);
    expect(TEXTS.untranslated).toBe('Only in English');
    await activateLanguage('ja', CATALOGS);
    expect(TEXTS.title).toBe('Locked');
  });

  it('English loads nothing and answers the source again', async () => {
    await activateLanguage('es', CATALOGS);
    await activateLanguage('en', {});
    expect(TEXTS.wrong(2)).toBe('Wrong PIN. 2 tries left.');
  });

  it('the pseudo-locale accents and brackets every text', async () => {
    await activateLanguage('en-XA', CATALOGS);
    expect(TEXTS.title).toBe('⟦Ļóçķéđ⟧');
    expect(TEXTS.wrong(2)).toBe(pseudoText('Wrong PIN. 2 tries left.'));
  });
});
