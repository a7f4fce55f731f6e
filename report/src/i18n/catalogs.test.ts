import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { catalogProblems } from 'test-kit/i18n-catalogs';
import { REPORT_TEXTS } from '../texts';

const dir = path.dirname(fileURLToPath(import.meta.url));

describe("the report's catalogs", () => {
  it('ship every fixed text of the report in every language, with its arguments', () => {
    expect(catalogProblems([REPORT_TEXTS], dir)).toEqual([]);
  });
});
