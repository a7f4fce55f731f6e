import { expect, it } from 'vitest';
import { catalogProblems } from 'test-kit/i18n-catalogs';
import { HEADER_TEXTS } from '../layout/header/texts';
import { LOCK_TEXTS } from '../layout/lock/texts';

// Every text of this front end in every shipped language, ICU valid, arguments as in English (issue 44).
it('every text ships in every language', () => {
  expect(catalogProblems([HEADER_TEXTS, LOCK_TEXTS], import.meta.dirname)).toEqual([]);
});
