// The org side of "Connect a real org", step 4 (salesforce/README.md): the repository's External Client App
// deployed into the emulated org through the Metadata API, with its URLs edited for where the BFF runs, so
// the org's record pages host the BFF through the app's canvas settings, as on a real org.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { strToU8, zipSync } from 'fflate';

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
  const files: Record<string, Uint8Array> = {
    'package.xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Package xmlns="http://soap.sforce.com/2006/04/metadata"><version>66.0</version></Package>',
    ),
  };
  for (const file of walk(SOURCE)) {
    let xml = readFileSync(file, 'utf8').replaceAll('http://127.0.0.1:4000', bff);
    if (file.endsWith('.ecaGlblOauth-meta.xml'))
      xml = xml.replace(
        '</callbackUrl>',
        `</callbackUrl>\n    <consumerSecret>${consumerSecret}</consumerSecret>`,
      );
    files[path.relative(SOURCE, file).replace(/-meta\.xml$/, '')] = strToU8(xml);
  }
  const form = new FormData();
  form.append('json', JSON.stringify({ deployOptions: { rollbackOnError: true, singlePackage: true } }));
  form.append('file', new Blob([Buffer.from(zipSync(files))], { type: 'application/zip' }), 'deploy.zip');
  const auth = { Authorization: `Bearer ${token}` };
  const started = await fetch(`${org}/services/data/v66.0/metadata/deployRequest`, {
    method: 'POST',
    headers: auth,
    body: form,
  });
  if (started.status !== 201) throw new Error(`deploy: ${started.status} ${await started.text()}`);
  const { id } = (await started.json()) as { id: string };
  for (let i = 0; i < 300; i++) {
    const res = await fetch(`${org}/services/data/v66.0/metadata/deployRequest/${id}?includeDetails=true`, {
      headers: auth,
    });
    const { deployResult } = (await res.json()) as {
      deployResult: { done: boolean; status: string; errorMessage?: string };
    };
    if (deployResult.done) {
      if (deployResult.status !== 'Succeeded')
        throw new Error(`the External Client App did not deploy: ${deployResult.errorMessage ?? ''}`);
      return;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the External Client App deploy never finished');
}
