// Metadata deploys over REST (`/services/data/vXX.X/metadata/deployRequest`) and SOAP (metadata/soap.ts):
// a zipped package (package.xml + lwc/<bundle>/..., objects/, permissionsets/, tabs/, classes/,
// triggers/) is checked like the org would (LWC bundles as its LWC compiler, the schema in
// metadata/deploy-metadata.ts), then applied all or nothing. The deploy is asynchronous:
// Pending → InProgress → Succeeded | Failed, read by polling `GET …/deployRequest/{id}` or checkDeployStatus.
import { metadataAccess } from './security/errors.js';
import Router from '@koa/router';
import busboy from 'busboy';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { unzipSync } from 'fflate';
import type { Context } from 'koa';
import { type Emu, userOf } from './context.js';
import { SfError } from './errors.js';
import { apiVersion } from './http/apiVersion.js';
import { type ComponentResult, planMetadata } from './metadata/deploy-metadata.js';
import { deleteRecord, insertRaw } from './sobjects/dml.js';
import type { SRecord } from './store/records.js';

const MAX_ZIP_BYTES = 40 * 1024 * 1024;
/** The newest API version this org's LWC compiler accepts in a js-meta.xml. */
const MAX_LWC_API_VERSION = 66;

/** One component's line of a deploy result (the Metadata API's DeployMessage). */
export type ComponentMessage = ComponentResult;

export interface Deployment {
  id: string;
  createdBy: string;
  createdDate: string;
  startedAt: number;
  status: 'Pending' | 'InProgress' | 'Succeeded' | 'Failed';
  checkOnly: boolean;
  files: Record<string, Uint8Array>;
  /** Set by fault injection: the deploy fails with this problem. */
  injectedProblem?: string;
  failures: ComponentMessage[];
  successes: ComponentMessage[];
  errorMessage?: string;
  completedDate?: string;
}

const deployments = new WeakMap<Emu, Map<string, Deployment>>();
const store = (emu: Emu): Map<string, Deployment> => {
  let m = deployments.get(emu);
  if (!m) deployments.set(emu, (m = new Map()));
  return m;
};

/** Clears every deploy of an emulator (test-control reset). */
export function resetDeployments(emu: Emu): void {
  store(emu).clear();
}

async function readMultipart(ctx: Context): Promise<Record<string, Buffer>> {
  return new Promise((resolve, reject) => {
    let bb: busboy.Busboy;
    try {
      bb = busboy({ headers: ctx.req.headers, limits: { fileSize: MAX_ZIP_BYTES, files: 2, fields: 5 } });
    } catch {
      ctx.req.resume();
      reject(new SfError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Expected a multipart/form-data request body'));
      return;
    }
    const parts: Record<string, Buffer> = {};
    let tooLarge = false;
    bb.on('field', (name, value) => {
      parts[name] = Buffer.from(value);
    });
    bb.on('file', (name, stream) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('limit', () => {
        tooLarge = true;
      });
      stream.on('end', () => {
        parts[name] = Buffer.concat(chunks);
      });
    });
    bb.on('error', () =>
      reject(new SfError(400, 'POST_BODY_PARSE_ERROR', 'The multipart body is malformed')),
    );
    bb.on('close', () => {
      if (tooLarge) reject(new SfError(413, 'REQUEST_TOO_LARGE', 'The zip file is larger than 40 MB'));
      else resolve(parts);
    });
    ctx.req.pipe(bb);
  });
}

const xml = new XMLParser({ ignoreAttributes: false, parseTagValue: false, trimValues: true });

/** LWC folder names: camelCase, start with a lower-case letter, no double or trailing underscore. */
export function lwcNameProblem(name: string): string | undefined {
  if (!/^[a-z][A-Za-z0-9_]*$/.test(name))
    return `The component name ${name} must begin with a lowercase letter and contain only alphanumeric or underscore characters.`;
  if (name.includes('__')) return `The component name ${name} cannot contain two consecutive underscores.`;
  if (name.endsWith('_')) return `The component name ${name} cannot end with an underscore.`;
  return undefined;
}

function message(
  fullName: string,
  fileName: string,
  fields: Partial<ComponentMessage> = {},
): ComponentMessage {
  return {
    componentType: 'LightningComponentBundle',
    fullName,
    fileName,
    created: false,
    changed: false,
    deleted: false,
    success: true,
    ...fields,
  };
}

interface BundleInput {
  name: string;
  files: { path: string; text: string }[];
}

/** The checks the org's LWC compiler makes before it accepts a bundle; undefined when it compiles. */
function bundleProblem(emu: Emu, bundle: BundleInput, deployedNames: Set<string>): string | undefined {
  const nameProblem = lwcNameProblem(bundle.name);
  if (nameProblem) return nameProblem;
  const meta = bundle.files.find((f) => f.path === `lwc/${bundle.name}/${bundle.name}.js-meta.xml`);
  if (!meta) return `The ${bundle.name}.js-meta.xml configuration file is missing.`;
  if (XMLValidator.validate(meta.text) !== true)
    return `The ${bundle.name}.js-meta.xml file is not valid XML.`;
  const parsed = xml.parse(meta.text) as { LightningComponentBundle?: Record<string, unknown> };
  const root = parsed.LightningComponentBundle;
  if (!root) return `The root element of ${bundle.name}.js-meta.xml must be LightningComponentBundle.`;
  const version = Number(root.apiVersion);
  if (!Number.isFinite(version) || version < 45 || version > MAX_LWC_API_VERSION)
    return `Invalid apiVersion ${String(root.apiVersion)} in ${bundle.name}.js-meta.xml.`;
  const js = bundle.files.find((f) => f.path === `lwc/${bundle.name}/${bundle.name}.js`);
  if (!js) return `The ${bundle.name}.js file is missing.`;
  // Imports of other bundles of the org's default namespace must resolve.
  for (const m of js.text.matchAll(/from\s+['"]c\/([A-Za-z0-9_]+)['"]/g)) {
    const ref = m[1] ?? '';
    const exists =
      deployedNames.has(ref) ||
      emu.org.store
        .list('LightningComponentBundle')
        .some((r) => String(r.DeveloperName).toLowerCase() === ref.toLowerCase());
    if (!exists) return `Invalid reference c/${ref} of type module in file ${bundle.name}.js`;
  }
  return undefined;
}

function groupBundles(files: Record<string, Uint8Array>): BundleInput[] {
  const byName = new Map<string, BundleInput>();
  const decoder = new TextDecoder();
  for (const [path, data] of Object.entries(files)) {
    const m = /^lwc\/([^/]+)\/[^/]+$/.exec(path);
    if (!m?.[1]) continue;
    const b = byName.get(m[1]) ?? { name: m[1], files: [] };
    b.files.push({ path, text: decoder.decode(data) });
    byName.set(m[1], b);
  }
  return [...byName.values()];
}

const FORMATS: Record<string, string> = {
  js: 'js',
  html: 'html',
  css: 'css',
  xml: 'xml',
  json: 'json',
  svg: 'svg',
};

function applyBundle(emu: Emu, bundle: BundleInput, userId: string): { created: boolean } {
  const org = emu.org;
  const bundleMeta = org.tooling.get('LightningComponentBundle');
  const resourceMeta = org.tooling.get('LightningComponentResource');
  if (!bundleMeta || !resourceMeta) throw new Error('tooling registry is missing LWC objects');
  const metaFile = bundle.files.find((f) => f.path.endsWith('.js-meta.xml'));
  const root =
    (xml.parse(metaFile?.text ?? '') as { LightningComponentBundle?: Record<string, unknown> })
      .LightningComponentBundle ?? {};
  const metadata = {
    apiVersion: Number(root.apiVersion),
    isExposed: String(root.isExposed) === 'true',
    masterLabel: typeof root.masterLabel === 'string' ? root.masterLabel : bundle.name,
    description: typeof root.description === 'string' ? root.description : undefined,
  };
  const existing = org.store
    .list('LightningComponentBundle')
    .find((r) => String(r.DeveloperName).toLowerCase() === bundle.name.toLowerCase());
  let bundleId: string;
  if (existing) {
    bundleId = String(existing.Id);
    org.store.put('LightningComponentBundle', {
      ...existing,
      MasterLabel: metadata.masterLabel,
      ApiVersion: metadata.apiVersion,
      IsExposed: metadata.isExposed,
      Description: metadata.description ?? null,
      Metadata: metadata,
      LastModifiedById: userId,
    });
    // A deploy replaces the bundle's whole file set.
    for (const r of org.store.list('LightningComponentResource'))
      if (r.LightningComponentBundleId === bundleId) deleteRecord(org, org.tooling, String(r.Id));
  } else {
    bundleId = String(
      insertRaw(
        org,
        bundleMeta,
        {
          DeveloperName: bundle.name,
          FullName: bundle.name,
          MasterLabel: metadata.masterLabel,
          ApiVersion: metadata.apiVersion,
          IsExposed: metadata.isExposed,
          Description: metadata.description ?? null,
          NamespacePrefix: null,
          Metadata: metadata,
        },
        userId,
      ).Id,
    );
  }
  for (const f of bundle.files) {
    const ext = f.path.endsWith('.js-meta.xml') ? 'xml' : (f.path.split('.').pop() ?? '');
    insertRaw(
      org,
      resourceMeta,
      {
        LightningComponentBundleId: bundleId,
        FilePath: f.path,
        Format: FORMATS[ext] ?? 'js',
        Source: f.text,
      },
      userId,
    );
  }
  return { created: !existing };
}

/** The package's files relative to its package.xml (a zip may hold them under one folder, e.g. unpackaged/). */
function packageRoot(files: Record<string, Uint8Array>): Record<string, Uint8Array> {
  if (files['package.xml']) return files;
  const manifest = Object.keys(files).find((p) => /^[^/]+\/package\.xml$/.test(p));
  if (!manifest) return files;
  const prefix = manifest.slice(0, -'package.xml'.length);
  return Object.fromEntries(
    Object.entries(files)
      .filter(([p]) => p.startsWith(prefix))
      .map(([p, data]) => [p.slice(prefix.length), data]),
  );
}

/** Runs a deploy to completion: all-or-nothing, like a real deploy with rollbackOnError. */
function complete(emu: Emu, d: Deployment): void {
  d.files = packageRoot(d.files);
  const now = new Date().toISOString();
  d.completedDate = now;
  const fail = (problem: string, fullName = 'package.xml', fileName = 'package.xml'): void => {
    d.failures.push(message(fullName, fileName, { problem, problemType: 'Error', success: false }));
  };
  if (d.injectedProblem) {
    fail(d.injectedProblem);
  } else if (!d.files['package.xml']) {
    fail('No package.xml found');
  } else if (XMLValidator.validate(new TextDecoder().decode(d.files['package.xml'])) !== true) {
    fail('The package.xml file is not valid XML.');
  } else {
    const bundles = groupBundles(d.files);
    const schema = planMetadata(emu.org, d.files);
    if (bundles.length + schema.count === 0) fail('The package contains no components.');
    const names = new Set(bundles.map((b) => b.name));
    for (const b of bundles) {
      const problem = bundleProblem(emu, b, names);
      if (problem) fail(problem, b.name, `lwc/${b.name}`);
    }
    d.failures.push(...schema.failures);
    if (d.failures.length === 0) {
      emu.org.store.transaction(() => {
        for (const b of bundles) {
          const { created } = d.checkOnly ? { created: false } : applyBundle(emu, b, d.createdBy);
          d.successes.push(message(b.name, `lwc/${b.name}`, { created, changed: !created }));
        }
        if (!d.checkOnly) schema.apply(d.createdBy);
      });
      d.successes.push(...schema.successes);
    }
  }
  d.status = d.failures.length ? 'Failed' : 'Succeeded';
  if (d.failures.length) d.errorMessage = d.failures[0]?.problem;
  d.files = {};
}

function resultBody(d: Deployment, includeDetails: boolean, base: string): SRecord {
  const done = d.status === 'Succeeded' || d.status === 'Failed';
  return {
    id: d.id,
    url: `${base}/${d.id}`,
    deployOptions: { checkOnly: d.checkOnly, rollbackOnError: true, singlePackage: true },
    deployResult: {
      id: d.id,
      status: d.status,
      done,
      success: d.status === 'Succeeded',
      checkOnly: d.checkOnly,
      createdBy: d.createdBy,
      createdDate: d.createdDate,
      startDate: d.createdDate,
      completedDate: d.completedDate ?? null,
      errorMessage: d.errorMessage ?? null,
      errorStatusCode: d.status === 'Failed' ? 'DEPLOYMENT_FAILED' : null,
      numberComponentsTotal: d.failures.length + d.successes.length,
      numberComponentsDeployed: d.successes.length,
      numberComponentErrors: d.failures.length,
      details: includeDetails ? { componentFailures: d.failures, componentSuccesses: d.successes } : null,
    },
  };
}

/** Queues a deploy of a package's files; it runs in the background and is read by its id. */
export function startDeployment(
  emu: Emu,
  userId: string,
  files: Record<string, Uint8Array>,
  checkOnly: boolean,
  deployMs: number,
): Deployment {
  const d: Deployment = {
    id: emu.org.newId('0Af'),
    createdBy: userId,
    createdDate: new Date().toISOString(),
    startedAt: Date.now(),
    status: 'Pending',
    checkOnly,
    files,
    injectedProblem: emu.faults.takeDeployProblem(),
    failures: [],
    successes: [],
  };
  store(emu).set(d.id, d);
  // InProgress shortly after queueing, done after deployMs.
  setTimeout(
    () => {
      if (d.status === 'Pending') d.status = 'InProgress';
    },
    Math.min(50, deployMs),
  ).unref();
  const finish = (): void => {
    try {
      complete(emu, d);
    } catch (e) {
      // Never an unhandled error in a timer: the deploy fails with what went wrong.
      d.failures.push(
        message('package.xml', 'package.xml', {
          componentType: '',
          problem: e instanceof Error ? e.message : String(e),
          problemType: 'Error',
          success: false,
        }),
      );
      d.status = 'Failed';
      d.errorMessage = d.failures[0]?.problem;
      d.files = {};
    }
  };
  // Its writes wait, as a request's would, for a Composite call running alone (http/writeGate.ts).
  setTimeout(() => {
    void emu.writes.enter().then((leave) => {
      try {
        finish();
      } finally {
        leave();
      }
    });
  }, deployMs).unref();
  return d;
}

export function getDeployment(emu: Emu, id: string): Deployment | undefined {
  return store(emu).get(id);
}

export function deployRoutes(emu: Emu, options: { deployMs: number }): Router {
  const router = new Router();
  const path = '/services/data/:version/metadata/deployRequest';

  router.post(path, async (ctx) => {
    const version = apiVersion(ctx);
    const userId = userOf(ctx);
    if (!emu.org.security.canUseMetadataApi(userId)) throw metadataAccess();
    const parts = await readMultipart(ctx);
    const zip = parts.file;
    if (!zip || zip.length === 0) throw new SfError(400, 'INVALID_INPUT', 'The request has no file part.');
    let files: Record<string, Uint8Array>;
    try {
      files = unzipSync(new Uint8Array(zip));
    } catch {
      throw new SfError(400, 'INVALID_INPUT', 'The file part is not a valid zip file.');
    }
    let checkOnly = false;
    if (parts.json) {
      try {
        const opts = JSON.parse(parts.json.toString('utf8')) as { deployOptions?: { checkOnly?: unknown } };
        checkOnly = opts.deployOptions?.checkOnly === true;
      } catch {
        throw new SfError(400, 'JSON_PARSER_ERROR', 'The json part is not valid JSON.');
      }
    }
    const d = startDeployment(emu, userId, files, checkOnly, options.deployMs);
    ctx.status = 201;
    ctx.body = resultBody(d, false, `/services/data/${version}/metadata/deployRequest`);
  });

  router.get(`${path}/:id`, (ctx) => {
    const version = apiVersion(ctx);
    if (!emu.org.security.canUseMetadataApi(userOf(ctx))) throw metadataAccess();
    const d = store(emu).get(String(ctx.params.id));
    if (!d) throw new SfError(404, 'NOT_FOUND', 'The requested resource does not exist');
    ctx.body = resultBody(
      d,
      ctx.query.includeDetails === 'true',
      `/services/data/${version}/metadata/deployRequest`,
    );
  });

  return router;
}
