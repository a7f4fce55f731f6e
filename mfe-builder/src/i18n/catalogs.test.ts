import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { catalogProblems } from 'test-kit/i18n-catalogs';
import { TEXTS, TRANSLATION_TEXTS } from '../builder/texts';
import { TEMPLATE_TEXTS } from '../templates/texts';
import { FIELD_EDITOR_TEXTS } from '../editors/texts';
import { RULE_EDITOR_TEXTS } from '../editors/rules/texts';
import { RULE_TEXTS } from '../editors/rules/rule-model';
import { TABLE_EDITOR_TEXTS } from '../editors/table/texts';
import { SCORING_TEXTS } from '../editors/scoring/ScoringModal';
import { DEFAULT_TOKEN_TEXTS } from '../model/default-value';
import { DEPENDS_ON_TEXTS } from '../model/lookup-depends';
import { BASE_CLASS_TEXTS } from '../templates/BaseClassSummary';
import { ACCESS_GATE_TEXTS } from '../AccessGate';
import { SIGN_IN_TEXTS } from '../SignInGate';

const dir = path.dirname(fileURLToPath(import.meta.url));

describe("mfe-builder's catalogs", () => {
  it('ship every text of the builder and the templates screens in every language, with its arguments', () => {
    expect(
      catalogProblems(
        [
          TEXTS,
          TRANSLATION_TEXTS,
          TEMPLATE_TEXTS,
          FIELD_EDITOR_TEXTS,
          RULE_EDITOR_TEXTS,
          RULE_TEXTS,
          TABLE_EDITOR_TEXTS,
          SCORING_TEXTS,
          DEFAULT_TOKEN_TEXTS,
          DEPENDS_ON_TEXTS,
          BASE_CLASS_TEXTS,
          ACCESS_GATE_TEXTS,
          SIGN_IN_TEXTS,
        ],
        dir,
      ),
    ).toEqual([]);
  });
});
