import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { catalogProblems } from 'test-kit/i18n-catalogs';
import { FORM_SCREEN_TEXTS } from '../form-screen/texts';
import { LOCATION_TEXTS, SCAN_FAILURE_TEXTS, SCAN_TEXTS } from '../renderer/controls/capture/texts';
import { RENDERER_TEXTS } from '../renderer/texts';
import { SCORE_TEXTS } from '../renderer/score/score-texts';
import { PRINT_TEXTS } from '../print/print-texts';
import { PUBLISH_TEXTS } from '../launcher/PublishScreen';

const dir = path.dirname(fileURLToPath(import.meta.url));

describe("mfe-form's catalogs", () => {
  it('ship every text of the form screen, the renderer and the capture controls in every language, with its arguments', () => {
    expect(
      catalogProblems(
        [
          FORM_SCREEN_TEXTS,
          RENDERER_TEXTS,
          LOCATION_TEXTS,
          SCAN_TEXTS,
          SCAN_FAILURE_TEXTS,
          SCORE_TEXTS,
          PRINT_TEXTS,
          PUBLISH_TEXTS,
        ],
        dir,
      ),
    ).toEqual([]);
  });
});
