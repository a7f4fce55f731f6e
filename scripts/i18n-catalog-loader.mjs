// Webpack loader for a language catalog (`<package>/…/i18n/<language>.json`, issue 44): every ICU
// message compiled ahead of time into Lingui's compiled form, so the browser ships no message
// parser (ui-kit/src/i18n.ts only interpolates); a message that is not valid ICU fails the build.
// Catalogs stay plain JSON for translators.
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';

export default function compileCatalog(source) {
  const messages = JSON.parse(source);
  const compiled = {};
  for (const [key, message] of Object.entries(messages)) {
    if (typeof message !== 'string') throw new Error(`${this.resourcePath}: ${key} is not a string`);
    if (message !== '') compiled[key] = compileMessageOrThrow(message);
  }
  return `export default JSON.parse(${JSON.stringify(JSON.stringify(compiled))});`;
}
