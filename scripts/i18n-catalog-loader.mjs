// Webpack loader for a language catalog (`<package>/…/i18n/<language>.json`, issue 44): every ICU
// message compiled ahead of time into Lingui's compiled form, so the browser ships no message
// parser (ui-kit/src/i18n.ts only interpolates); a message that is not valid ICU fails the build.
// Catalogs stay plain JSON for translators.
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';

/** A catalog's messages compiled (empty ones left out: they answer in English); `where` names it in errors. */
export function compileMessages(messages, where) {
  const compiled = {};
  for (const [key, message] of Object.entries(messages)) {
    if (typeof message !== 'string') throw new Error(`${where}: ${key} is not a string`);
    if (message !== '') compiled[key] = compileMessageOrThrow(message);
  }
  return compiled;
}

export default function compileCatalog(source) {
  const compiled = compileMessages(JSON.parse(source), this.resourcePath);
  return `export default JSON.parse(${JSON.stringify(JSON.stringify(compiled))});`;
}
