import { afterEach, expect, it } from 'vitest';
import { activateLanguage } from 'ui-kit/i18n';
import { API_MESSAGES, BffError, PSEUDO_LANGUAGE } from 'shared-contracts';
import { errorText } from '../builder/api';
import { CATALOGS } from './catalogs';
import { TEXTS } from '../builder/texts';
import { SCORING_TEXTS } from '../editors/scoring/ScoringModal';
import { RULE_EDITOR_TEXTS } from '../editors/rules/texts';
import { TABLE_EDITOR_TEXTS } from '../editors/table/texts';
import { DEFAULT_TOKEN_TEXTS } from '../model/default-value';
import { SIGN_IN_TEXTS } from '../SignInGate';

afterEach(() => activateLanguage('en', CATALOGS));

// The builder's scoring, rules and table editors, its areas' names and its gates answer in the
// user's language (issue 44); English stays the spec's words.
it('answers the scoring, rules and table editors in the language, English as written', async () => {
  expect(SCORING_TEXTS.title).toBe('Scoring');
  expect(TABLE_EDITOR_TEXTS.addRow).toBe('Add Row');
  await activateLanguage('he', CATALOGS);
  expect(SCORING_TEXTS.title).toBe('ניקוד');
  expect(TABLE_EDITOR_TEXTS.table('Readings')).toBe('טבלה Readings');
  expect(RULE_EDITOR_TEXTS.removeRule(2)).toBe('הסרת כלל 2');
  expect(TEXTS.canvas).toBe('משטח העבודה');
  expect(SIGN_IN_TEXTS.signIn).toBe('התחברות');
  // a literal {field} survives the catalog's ICU
  expect(DEFAULT_TOKEN_TEXTS.unknown).toContain('$currentuser.{field}');
  await activateLanguage('es', CATALOGS);
  expect(TEXTS.dropEndOf(TEXTS.sectionN(1))).toBe('el final de Sección 1');
  await activateLanguage(PSEUDO_LANGUAGE, CATALOGS);
  expect(TEXTS.palette).toBe('⟦Fíéļđš⟧');
});

// A refused request's text from the BFF (English on the wire) shows in the user's language.
it("shows the BFF's own error texts in the language", async () => {
  const refused = new BffError({ kind: 'rejected', status: 404, message: API_MESSAGES.notFound });
  expect(errorText(refused)).toBe('Not found.');
  await activateLanguage('he', CATALOGS);
  expect(errorText(refused)).toBe('לא נמצא.');
  // a text the BFF does not own (an org's or a field's message) stays as written
  expect(errorText(new BffError({ kind: 'rejected', status: 400, message: 'Unknown template.' }))).toBe(
    'Unknown template.',
  );
});
