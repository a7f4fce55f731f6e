import path from 'node:path';
import { createRequire } from 'node:module';
import { expect, it } from 'vitest';
import { catalogProblems } from 'test-kit/i18n-catalogs';
import { REPORT_ACTION_TEXTS } from 'report/actions';
import { HOME_TEXTS, SYNC_STATE_TEXTS } from '../texts';
import { ACTION_TEXTS } from '../corrective-actions/texts';

// Every text of this front end in every shipped language, ICU valid, arguments as in English (issue 44).
it('every text ships in every language', () => {
  expect(catalogProblems([HOME_TEXTS, SYNC_STATE_TEXTS, ACTION_TEXTS], import.meta.dirname)).toEqual([]);
});

// The report actions home shows on Submitted cards (the form screen shows them too), from report's catalogs.
it("the report actions' texts ship in every language", () => {
  const dir = path.dirname(createRequire(import.meta.url).resolve('report/i18n-catalogs'));
  expect(catalogProblems([REPORT_ACTION_TEXTS], dir)).toEqual([]);
});
