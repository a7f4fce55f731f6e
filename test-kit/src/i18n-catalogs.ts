import fs from 'node:fs';
import path from 'node:path';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { LANGUAGES, DEFAULT_LANGUAGE, textSource } from 'shared-contracts';

/** Every language with a catalog (English is the text modules' source). */
export const SHIPPED_LANGUAGES = LANGUAGES.filter((language) => language !== DEFAULT_LANGUAGE);

/** The argument names an ICU message uses ({0}, {0, plural, …}), nested cases included. */
function argumentsOf(compiled: unknown, into = new Set<string>()): Set<string> {
  if (!Array.isArray(compiled)) return into;
  for (const token of compiled) {
    if (!Array.isArray(token)) continue;
    const [name, , cases] = token as [string, string?, Record<string, unknown>?];
    into.add(name);
    if (cases && typeof cases === 'object') for (const part of Object.values(cases)) argumentsOf(part, into);
  }
  return into;
}

/**
 * What is wrong with a front end's catalogs (`dir/<language>.json`, keys `namespace.name`) against its
 * text modules: a key missing (or empty) in a shipped language, a message that is not valid ICU, a
 * text's arguments not matching its English source's ({0} … {n-1} for a function of n arguments; none
 * for a string), a key no text module has. Empty when every text ships in every language.
 */
export function catalogProblems(textModules: readonly object[], dir: string): string[] {
  const problems: string[] = [];
  const expected = new Map<string, Set<string>>();
  for (const texts of textModules) {
    const source = textSource(texts);
    if (!source) {
      problems.push(`a text module not made by defineTexts: ${Object.keys(texts).slice(0, 3).join(', ')}…`);
      continue;
    }
    for (const [name, english] of Object.entries(source.english)) {
      const arity = typeof english === 'function' ? english.length : 0;
      expected.set(
        `${source.namespace}.${name}`,
        new Set(Array.from({ length: arity }, (_, i) => String(i))),
      );
    }
  }
  for (const language of SHIPPED_LANGUAGES) {
    const file = path.join(dir, `${language}.json`);
    const catalog = fs.existsSync(file)
      ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>)
      : {};
    for (const [key, args] of expected) {
      const message = catalog[key];
      if (typeof message !== 'string' || message.trim() === '') {
        problems.push(`${language}: ${key} is missing`);
        continue;
      }
      let used: Set<string>;
      try {
        used = argumentsOf(compileMessageOrThrow(message));
      } catch (error) {
        problems.push(`${language}: ${key} is not valid ICU (${(error as Error).message})`);
        continue;
      }
      const want = [...args].sort().join(',');
      const got = [...used].sort().join(',');
      if (want !== got) problems.push(`${language}: ${key} uses {${got}} where the English has {${want}}`);
    }
    for (const key of Object.keys(catalog))
      if (!expected.has(key)) problems.push(`${language}: ${key} is no text of these modules`);
  }
  return problems;
}
