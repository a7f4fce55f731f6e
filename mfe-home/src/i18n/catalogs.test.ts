import { expect, it } from 'vitest';
import { catalogProblems } from 'test-kit/i18n-catalogs';
import { HOME_TEXTS, SYNC_STATE_TEXTS } from '../texts';
import { ACTION_TEXTS } from '../corrective-actions/texts';

// Every text of this front end in every shipped language, ICU valid, arguments as in English (issue 44).
it('every text ships in every language', () => {
  expect(catalogProblems([HOME_TEXTS, SYNC_STATE_TEXTS, ACTION_TEXTS], import.meta.dirname)).toEqual([]);
});
