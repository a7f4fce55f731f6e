import { expect, it } from 'vitest';
import { catalogProblems } from 'test-kit/i18n-catalogs';
import { AUTH_TEXTS } from '../texts';

// Every text of this front end in every shipped language, ICU valid, arguments as in English (issue 44).
it('every text ships in every language', () => {
  expect(catalogProblems([AUTH_TEXTS], import.meta.dirname)).toEqual([]);
});
