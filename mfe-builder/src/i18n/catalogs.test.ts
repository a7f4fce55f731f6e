import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { catalogProblems } from 'test-kit/i18n-catalogs';
import { TEXTS, TRANSLATION_TEXTS } from '../builder/texts';
import { TEMPLATE_TEXTS } from '../templates/texts';
import { FIELD_EDITOR_TEXTS } from '../editors/texts';

const dir = path.dirname(fileURLToPath(import.meta.url));

describe("mfe-builder's catalogs", () => {
  it('ship every text of the builder and the templates screens in every language, with its arguments', () => {
    expect(catalogProblems([TEXTS, TRANSLATION_TEXTS, TEMPLATE_TEXTS, FIELD_EDITOR_TEXTS], dir)).toEqual([]);
  });
});
