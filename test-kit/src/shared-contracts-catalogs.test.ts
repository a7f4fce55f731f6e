import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import * as contracts from 'shared-contracts';
import { catalogProblems } from './i18n-catalogs';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../shared-contracts/i18n');

// The specs' messages and the other texts shared-contracts defines (every text module it exports,
// found rather than listed, so a new one is checked too) in every shipped language (issue 44).
it('ships every shared-contracts text in every language, with its arguments', () => {
  const modules = Object.values(contracts as Record<string, unknown>).filter(
    (value): value is object => typeof value === 'object' && value !== null && !!contracts.textSource(value),
  );
  expect(modules.length).toBeGreaterThan(8);
  expect(catalogProblems(modules, dir)).toEqual([]);
});
