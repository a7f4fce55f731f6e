import { describe, expect, it } from 'vitest';
import type { SessionState, SignedIn } from 'shared-contracts';
import { Signal } from './signal';
import { LANGUAGE_KEY, createLanguageService } from './language';

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

const user = (userId: string, LanguageLocaleKey?: string, LocaleSidKey?: string): SignedIn => ({
  status: 'signedIn',
  userId,
  organizationId: '00D000000000001',
  instanceUrl: 'https://org.example',
  userDetails: {
    Name: 'U',
    Username: 'u',
    SmallPhotoUrl: '',
    TimeZoneSidKey: 'Europe/Madrid',
    LanguageLocaleKey,
    LocaleSidKey,
  },
  userDetailsSF: { timeZone: 'Europe/Madrid', userType: 'Standard', networkId: null, siteUrl: null },
  embedded: false,
});

function setup(initial: SessionState, storage = memoryStorage()) {
  const session = new Signal<SessionState>(initial);
  const activated: string[] = [];
  const pageLanguages: string[] = [];
  const root = { lang: '', dir: '' } as HTMLElement;
  const service = createLanguageService({
    session,
    storage,
    activate: async (language) => void activated.push(language),
    root,
    pageLanguage: (language) => void pageLanguages.push(language),
  });
  return { session, service, activated, root, storage, pageLanguages };
}

describe('the host language', () => {
  it('tells the page the language its next load opens in before sign-in: the user’s, then kept signed out', async () => {
    const storage = memoryStorage();
    const first = setup(user('005A', 'es', 'es_ES'), storage);
    await first.service.ready();
    expect(first.pageLanguages.at(-1)).toBe('es');
    first.session.set({ status: 'signedOut', expired: false });
    await first.service.ready();
    expect(first.pageLanguages.at(-1)).toBe('es'); // the last user's, as the sign-in screen shows
    // a device whose storage has no last user (cleared): English, and the page is told so
    const fresh = setup({ status: 'signedOut', expired: false });
    await fresh.service.ready();
    expect(fresh.pageLanguages).toEqual(['en']);
  });

  it("follows the user's Salesforce language and locale, and sets <html lang dir>", async () => {
    const { service, root, activated } = setup(user('005A', 'ar', 'ar_AE'));
    await service.ready();
    expect(service.language.get()).toBe('ar');
    expect(activated).toEqual(['ar']);
    expect(root.lang).toBe('ar');
    expect(root.dir).toBe('rtl');
    expect(service.displayLocale.get()).toEqual({ locale: 'ar-AE', timeZone: 'Europe/Madrid' });
  });

  it("takes Salesforce's Hebrew (iw, iw_IL) as he, right to left", async () => {
    const { service, root, activated } = setup(user('005A', 'iw', 'iw_IL'));
    await service.ready();
    expect(service.language.get()).toBe('he');
    expect(activated).toEqual(['he']);
    expect(root.lang).toBe('he');
    expect(root.dir).toBe('rtl');
    expect(service.displayLocale.get()).toEqual({ locale: 'he-IL', timeZone: 'Europe/Madrid' });
  });

  it("keeps each user's own choice on this device, and the last language for the sign-in screen", async () => {
    const storage = memoryStorage();
    const first = setup(user('005A', 'es', 'es_ES'), storage);
    await first.service.ready();
    expect(first.service.language.get()).toBe('es');
    first.service.setLanguage('en');
    await first.service.ready();
    expect(first.service.language.get()).toBe('en');
    expect(first.root.dir).toBe('ltr');

    // Another user of the same device keeps their own language.
    first.session.set(user('005B', 'de', 'de_DE'));
    await first.service.ready();
    expect(first.service.language.get()).toBe('de');
    expect(first.service.displayLocale.get().locale).toBe('de-DE');

    // Signed out: the sign-in screen shows the last user's language.
    first.session.set({ status: 'signedOut', expired: false });
    await first.service.ready();
    expect(first.service.language.get()).toBe('de');

    // A new page: the first user's choice is remembered.
    const again = setup(user('005A', 'es', 'es_ES'), storage);
    await again.service.ready();
    expect(again.service.language.get()).toBe('en');
    again.service.setLanguage(null);
    await again.service.ready();
    expect(again.service.language.get()).toBe('es');
  });

  it('a fresh device before sign-in is English; the pseudo-locale is for tests', async () => {
    expect(setup({ status: 'signedOut', expired: false }).service.language.get()).toBe('en');
    const storage = memoryStorage();
    storage.setItem(LANGUAGE_KEY, JSON.stringify({ test: 'en-XA' }));
    const pseudo = setup(user('005A', 'es'), storage);
    await pseudo.service.ready();
    expect(pseudo.service.language.get()).toBe('en-XA');
    expect(pseudo.root.dir).toBe('ltr');
  });
});
