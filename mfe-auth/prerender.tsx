// The prerendered sign-in screen (issue 46), written by the build beside mf-manifest.json: one file per
// language, LoginView with every option on and no script, as the BFF puts it in /login's page
// (shared-contracts PRERENDERED_SCREENS). Run after webpack emits (webpack.config.mjs), with the
// output folder as its argument.
import fs from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { LANGUAGES, PRERENDERED_ATTR, prerenderedScreenFile, setTextTranslator } from 'shared-contracts';
import { compiledTranslator } from 'ui-kit/i18n';
import { compileMessages } from '../scripts/i18n-catalog-loader.mjs';
import { LoginView } from './src/LoginView';

const out = process.argv[2];
if (!out) throw new Error('usage: prerender.tsx <output folder>');

const catalog = (file: string) => {
  const where = path.join(import.meta.dirname, file);
  return { default: compileMessages(JSON.parse(fs.readFileSync(where, 'utf8')), where) };
};

for (const language of LANGUAGES) {
  setTextTranslator(
    language === 'en'
      ? null
      : await compiledTranslator(language, [
          catalog(`src/i18n/${language}.json`),
          catalog(`../shared-contracts/i18n/${language}.json`),
        ]),
  );
  const html = renderToStaticMarkup(
    <div {...{ [PRERENDERED_ATTR]: 'mfe-auth' }}>
      <LoginView ids={{ input: 'login-domain', help: 'login-domain-help' }} enabled={() => true} />
    </div>,
  );
  const file = path.join(out, prerenderedScreenFile('login', language));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, html);
}
setTextTranslator(null);
