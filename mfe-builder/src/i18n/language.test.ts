import { afterEach, expect, it } from 'vitest';
import { activateLanguage } from 'ui-kit/i18n';
import {
  API_MESSAGES,
  BFF_ERROR_MESSAGES,
  BffError,
  PSEUDO_LANGUAGE,
  PUBLISH_MESSAGES,
  componentExistsConfirm,
} from 'shared-contracts';
import { errorText } from '../builder/api';
import { failureOutcome } from '../templates/logic';
import { errorText as templatesErrorText } from '../templates/errors';
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
  const org = 'FIELD_CUSTOM_VALIDATION_EXCEPTION: Choose a site';
  expect(errorText(new BffError({ kind: 'rejected', status: 400, message: org }))).toBe(org);
  // one made of parts, worded by its code and params (the object's name as the org has it)
  const unknown = new BffError({
    kind: 'rejected',
    status: 400,
    message: BFF_ERROR_MESSAGES.unknownObject('Nope__c'),
    code: 'UNKNOWN_OBJECT',
    params: { object: 'Nope__c' },
  });
  expect(errorText(unknown)).toBe('אובייקט לא מוכר: Nope__c');
  await activateLanguage('es', CATALOGS);
  expect(errorText(unknown)).toBe('Objeto desconocido: Nope__c');
  expect(templatesErrorText(unknown)).toBe('Objeto desconocido: Nope__c');
});

// Publishing's answers (issue 44): the BFF's English worded again in the language by its code and
// parameters (the developer name), its fixed texts by their English, the org's reason as written.
it('shows the publish answers in the language, the names they carry kept', async () => {
  const exists = new BffError({
    kind: 'conflict',
    status: 409,
    message: componentExistsConfirm('cqui'),
    errorType: 'component exists',
    code: 'COMPONENT_EXISTS',
    params: { name: 'cqui' },
  });
  expect(failureOutcome(exists, '')).toEqual({ kind: 'confirm', text: componentExistsConfirm('cqui') });
  await activateLanguage('es', CATALOGS);
  expect(failureOutcome(exists, '')).toEqual({
    kind: 'confirm',
    text: 'Ya existe un componente llamado cqui en la organización. ¿Quieres sobrescribirlo?',
  });
  const unknown = new BffError({
    kind: 'rejected',
    status: 422,
    message: `${PUBLISH_MESSAGES.unknownPublishErrorPrefix}LWC compiler unavailable`,
    errorType: 'unknown publish error',
    code: 'UNKNOWN_PUBLISH_ERROR',
  });
  expect(templatesErrorText(unknown)).toBe('No se pudo publicar la plantilla: LWC compiler unavailable');
  const refused = new BffError({
    kind: 'rejected',
    status: 400,
    message: PUBLISH_MESSAGES.otherOrgNotSignedIn,
    code: 'BAD_REQUEST',
  });
  expect(templatesErrorText(refused)).toBe(
    'Inicia sesión en la otra organización antes de publicar en ella.',
  );
  // a name without its parameters (an older BFF) still shows the English as it came
  const bare = new BffError({
    kind: 'conflict',
    status: 409,
    message: componentExistsConfirm('x'),
    errorType: 'component exists',
    code: 'COMPONENT_EXISTS',
  });
  expect(failureOutcome(bare, '')).toEqual({ kind: 'confirm', text: componentExistsConfirm('x') });
});
