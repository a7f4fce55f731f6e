/**
 * A Metadata API deploy as an admin's `sf project deploy start` makes it (REST: POST deployRequest with
 * the zip, then poll until done), for tests that change the org's configuration: one helper for the
 * emulator's own tests and the browser suites.
 */
import { strToU8, zipSync } from 'fflate';

/** The deploy's result as the org reports it (`deployResult`). */
export interface DeployResult {
  done: boolean;
  status: string;
  success?: boolean;
  errorMessage?: string;
  details?: unknown;
  [key: string]: unknown;
}

export interface DeployOptions {
  /** API version of the REST path (default 66.0). */
  apiVersion?: string;
  /** Poll interval in ms (default 50) and the most polls before giving up (default 300). */
  pollMs?: number;
  maxPolls?: number;
}

/** The package.xml of a deploy: its members by metadata type. */
export function packageXml(types: Record<string, string[]>, version = '66.0'): string {
  const body = Object.entries(types)
    .map(
      ([name, members]) =>
        `<types>${members.map((m) => `<members>${m}</members>`).join('')}<name>${name}</name></types>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><Package xmlns="http://soap.sforce.com/2006/04/metadata">${body}<version>${version}</version></Package>`;
}

/**
 * Deploys `files` (path in the zip → text or bytes) to the org at `org` as the holder of `token`, and
 * answers the org's final result, succeeded or not (`deployOrThrow` for a deploy that must succeed).
 */
export async function deployMetadata(
  org: string,
  token: string,
  files: Record<string, string | Uint8Array>,
  options: DeployOptions = {},
): Promise<DeployResult> {
  const { apiVersion = '66.0', pollMs = 50, maxPolls = 300 } = options;
  const zip = zipSync(
    Object.fromEntries(Object.entries(files).map(([k, v]) => [k, typeof v === 'string' ? strToU8(v) : v])),
  );
  const form = new FormData();
  form.append('json', JSON.stringify({ deployOptions: { rollbackOnError: true, singlePackage: true } }));
  form.append('file', new Blob([Buffer.from(zip)], { type: 'application/zip' }), 'deploy.zip');
  const auth = { Authorization: `Bearer ${token}` };
  const base = `${org}/services/data/v${apiVersion}/metadata/deployRequest`;
  const started = await fetch(base, { method: 'POST', headers: auth, body: form });
  if (started.status !== 201) throw new Error(`deploy: ${started.status} ${await started.text()}`);
  const { id } = (await started.json()) as { id: string };
  for (let i = 0; i < maxPolls; i++) {
    const res = await fetch(`${base}/${id}?includeDetails=true`, { headers: auth });
    const { deployResult } = (await res.json()) as { deployResult: DeployResult };
    if (deployResult.done) return deployResult;
    await new Promise((r) => setTimeout(r, pollMs));
  }
  throw new Error('deploy never finished');
}

/** `deployMetadata`, throwing with the org's message unless it answers Succeeded. */
export async function deployOrThrow(
  org: string,
  token: string,
  files: Record<string, string | Uint8Array>,
  what = 'deploy',
  options?: DeployOptions,
): Promise<void> {
  const result = await deployMetadata(org, token, files, options);
  if (result.status !== 'Succeeded')
    throw new Error(
      `${what} did not deploy: ${result.errorMessage ?? JSON.stringify(result.details ?? result)}`,
    );
}
