// The org side of "Connect a real org", step 4 (salesforce/README.md): the repository's External Client App
// deployed into the emulated org through the Metadata API, with its URLs edited for where the BFF runs, so
// the org's record pages host the BFF through the app's canvas settings, as on a real org.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deployOrThrow, packageXml } from 'test-kit/metadata-deploy';

const SOURCE = fileURLToPath(new URL('../../salesforce/external-client-app/main/default', import.meta.url));
const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });

/**
 * Deploys the app (source format → metadata format: the `-meta.xml` suffix dropped) with the BFF at
 * `bff`; `consumerSecret` is the secret the admin would read in Setup, set in the deployed copy here.
 * Throws unless the org answers Succeeded.
 */
export async function deployExternalClientApp(
  org: string,
  token: string,
  bff: string,
  consumerSecret: string,
): Promise<void> {
  const files: Record<string, string> = { 'package.xml': packageXml({}) };
  for (const file of walk(SOURCE)) {
    let xml = readFileSync(file, 'utf8').replaceAll('http://127.0.0.1:4000', bff);
    if (file.endsWith('.ecaGlblOauth-meta.xml'))
      xml = xml.replace(
        '</callbackUrl>',
        `</callbackUrl>\n    <consumerSecret>${consumerSecret}</consumerSecret>`,
      );
    files[path.relative(SOURCE, file).replace(/-meta\.xml$/, '')] = xml;
  }
  await deployOrThrow(org, token, files, 'the External Client App');
}
