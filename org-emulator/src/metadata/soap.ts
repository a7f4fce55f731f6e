// The Metadata API's SOAP endpoint (`POST /services/Soap/m/<version>`), what Salesforce's CLI uses by
// default (@salesforce/source-deploy-retrieve through jsforce): deploy + checkDeployStatus (the same
// deploys as REST deployRequest, deploy.ts) and retrieve + checkRetrieveStatus of what was deployed.
// The session travels in the SOAP header; errors are SOAP faults as the org sends them.
import { METADATA_ACCESS_MESSAGE } from '../security/errors.js';
import Router from '@koa/router';
import { XMLParser } from 'fast-xml-parser';
import { unzipSync, zipSync } from 'fflate';
import type { Context } from 'koa';
import type { Emu } from '../context.js';
import { type Deployment, getDeployment, startDeployment } from '../deploy.js';
import { readRaw } from '../http/body.js';
import { escapeXml, soapEnvelope, writeSoapFault } from '../http/soap.js';
import { deployedFiles, FOLDERS } from './deploy-metadata.js';

const MAX_SOAP_BYTES = 60 * 1024 * 1024;
const soapXml = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false,
  isArray: (name) => name === 'types' || name === 'members',
});

type Rec = Record<string, unknown>;

/** A value as SOAP elements: arrays repeat their tag, null is xsi:nil. */
function toXml(tag: string, value: unknown): string {
  if (Array.isArray(value)) return value.map((v) => toXml(tag, v)).join('');
  if (value === null || value === undefined) return `<${tag} xsi:nil="true"/>`;
  if (typeof value === 'object') {
    return `<${tag}>${Object.entries(value as Rec)
      .map(([k, v]) => toXml(k, v))
      .join('')}</${tag}>`;
  }
  return `<${tag}>${escapeXml(String(value))}</${tag}>`;
}

const METADATA_NS = 'http://soap.sforce.com/2006/04/metadata';
const envelope = (body: string): string => soapEnvelope(METADATA_NS, body);

class SoapFault extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status = 500,
  ) {
    super(message);
  }
}

function fault(ctx: Context, f: SoapFault): void {
  writeSoapFault(ctx, METADATA_NS, f.code, f.message, { status: f.status });
}

const isoDate = (s: string | undefined): string | null =>
  s ? s.replace(/Z$/, '').replace(/(\.\d+)?$/, '.000Z') : null;

function deployResult(d: Deployment, includeDetails: boolean): Rec {
  const done = d.status === 'Succeeded' || d.status === 'Failed';
  return {
    checkOnly: d.checkOnly,
    completedDate: done ? isoDate(d.completedDate) : undefined,
    createdBy: d.createdBy,
    createdDate: isoDate(d.createdDate),
    ...(includeDetails
      ? {
          details: {
            componentFailures: d.failures,
            componentSuccesses: d.successes,
            runTestResult: { numFailures: 0, numTestsRun: 0, totalTime: 0 },
          },
        }
      : {}),
    done,
    ...(d.errorMessage ? { errorMessage: d.errorMessage, errorStatusCode: 'DEPLOYMENT_FAILED' } : {}),
    id: d.id,
    ignoreWarnings: false,
    lastModifiedDate: isoDate(d.completedDate ?? d.createdDate),
    numberComponentErrors: d.failures.length,
    numberComponentsDeployed: d.successes.length,
    numberComponentsTotal: done ? d.failures.length + d.successes.length : 0,
    numberTestErrors: 0,
    numberTestsCompleted: 0,
    numberTestsTotal: 0,
    rollbackOnError: true,
    runTestsEnabled: false,
    startDate: isoDate(d.createdDate),
    status: d.status,
    success: d.status === 'Succeeded',
  };
}

interface Retrieval {
  id: string;
  zip: string;
  fileProperties: Rec[];
  messages: Rec[];
}
const retrievals = new WeakMap<Emu, Map<string, Retrieval>>();
const retrievalsOf = (emu: Emu): Map<string, Retrieval> => {
  let m = retrievals.get(emu);
  if (!m) retrievals.set(emu, (m = new Map()));
  return m;
};

const TYPE_FOLDER = Object.fromEntries(
  Object.entries(FOLDERS).map(([folder, f]) => [f.type, { folder, ...f }]),
);
/** Child types live in their object's file: retrieving one brings the object file. */
const CHILD_TYPES = new Set(['CustomField', 'RecordType', 'ValidationRule', 'ListView', 'CompactLayout']);

function packageXml(types: Map<string, Set<string>>, version: string): string {
  const body = [...types.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(
      ([name, members]) =>
        `    <types>\n${[...members]
          .sort()
          .map((m) => `        <members>${escapeXml(m)}</members>\n`)
          .join('')}        <name>${name}</name>\n    </types>\n`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Package xmlns="http://soap.sforce.com/2006/04/metadata">\n${body}    <version>${version}</version>\n</Package>\n`;
}

/** A retrieve of the deployed components the request names (`*` = all of a type). */
function retrieve(emu: Emu, request: Rec, userId: string, version: string): Retrieval {
  const files = deployedFiles(emu.org);
  const unpackaged = (request.unpackaged ?? {}) as Rec;
  const singlePackage = request.singlePackage === 'true';
  const root = singlePackage ? '' : 'unpackaged/';
  const out: Record<string, Uint8Array> = {};
  const fileProperties: Rec[] = [];
  const messages: Rec[] = [];
  const listed = new Map<string, Set<string>>();
  const now = new Date().toISOString();
  const encoder = new TextEncoder();
  const add = (type: string, fullName: string, path: string): void => {
    if (out[root + path]) return;
    out[root + path] = encoder.encode(files[path] ?? '');
    const meta = `${path}-meta.xml`;
    if (files[meta] !== undefined) out[root + meta] = encoder.encode(files[meta]);
    fileProperties.push({
      createdById: userId,
      createdByName: 'User',
      createdDate: now,
      fileName: root + path,
      fullName,
      id: '',
      lastModifiedById: userId,
      lastModifiedByName: 'User',
      lastModifiedDate: now,
      manageableState: 'unmanaged',
      type,
    });
    let set = listed.get(type);
    if (!set) listed.set(type, (set = new Set()));
    set.add(fullName);
  };
  for (const t of (unpackaged.types ?? []) as Rec[]) {
    const type = String(t.name);
    const members = ((t.members ?? []) as unknown[]).map(String);
    const childOf = CHILD_TYPES.has(type);
    const folder = TYPE_FOLDER[childOf ? 'CustomObject' : type];
    if (!folder) {
      messages.push({
        fileName: 'package.xml',
        problem: `Entity type '${type}' is not available in this organization`,
      });
      continue;
    }
    const available = Object.keys(files)
      .filter((p) => p.startsWith(`${folder.folder}/`) && p.endsWith(folder.suffix))
      .map((p) => p.slice(folder.folder.length + 1, -folder.suffix.length));
    for (const member of members) {
      const wanted = member === '*' ? available : [childOf ? (member.split('.')[0] ?? member) : member];
      for (const name of wanted) {
        const path = `${folder.folder}/${name}${folder.suffix}`;
        if (files[path] === undefined) {
          messages.push({
            fileName: `${root}package.xml`,
            problem: `Entity of type '${type}' named '${member}' cannot be found`,
          });
          continue;
        }
        add(folder.type, name, path);
      }
    }
  }
  out[`${root}package.xml`] = encoder.encode(packageXml(listed, version));
  fileProperties.push({
    createdById: userId,
    createdByName: 'User',
    createdDate: now,
    fileName: `${root}package.xml`,
    fullName: `${root}package.xml`,
    id: '',
    lastModifiedById: userId,
    lastModifiedByName: 'User',
    lastModifiedDate: now,
    manageableState: 'unmanaged',
    type: 'Package',
  });
  return {
    id: emu.org.newId('09S'),
    zip: Buffer.from(zipSync(out)).toString('base64'),
    fileProperties,
    messages,
  };
}

export function metadataSoapRoutes(emu: Emu, options: { deployMs: number }): Router {
  const router = new Router();
  router.post('/services/Soap/m/:version', async (ctx) => {
    try {
      const version = String(ctx.params.version);
      const text = await readRaw(ctx, MAX_SOAP_BYTES);
      let doc: Rec;
      try {
        doc = soapXml.parse(text) as Rec;
      } catch {
        throw new SoapFault('INVALID_XML', 'The request is not valid XML', 500);
      }
      const env = (doc.Envelope ?? {}) as Rec;
      const session = String(
        ((env.Header ?? {}) as Rec).SessionHeader
          ? (((env.Header as Rec).SessionHeader as Rec).sessionId ?? '')
          : '',
      );
      const row = session ? emu.tokens.validAccess(session) : undefined;
      if (!row)
        throw new SoapFault(
          'INVALID_SESSION_ID',
          'Invalid Session ID found in SessionHeader: Illegal Session',
        );
      const userId = row.user_id;
      if (!emu.org.security.canUseMetadataApi(userId))
        throw new SoapFault('INSUFFICIENT_ACCESS', METADATA_ACCESS_MESSAGE);
      const body = (env.Body ?? {}) as Rec;
      const [operation, args] = (Object.entries(body)[0] ?? ['', {}]) as [string, Rec];
      let result: unknown;
      switch (operation) {
        case 'deploy': {
          let files: Record<string, Uint8Array>;
          try {
            files = unzipSync(new Uint8Array(Buffer.from(String(args.ZipFile ?? ''), 'base64')));
          } catch {
            throw new SoapFault('INVALID_ZIP', 'The ZipFile is not a valid zip file');
          }
          const deployOptions = (args.DeployOptions ?? {}) as Rec;
          const d = startDeployment(emu, userId, files, deployOptions.checkOnly === 'true', options.deployMs);
          result = { done: false, id: d.id, state: 'Queued' };
          break;
        }
        case 'checkDeployStatus': {
          const d = getDeployment(emu, String(args.asyncProcessId ?? ''));
          if (!d) throw new SoapFault('INVALID_ID_FIELD', `invalid id: ${String(args.asyncProcessId ?? '')}`);
          result = deployResult(d, args.includeDetails === 'true');
          break;
        }
        case 'cancelDeploy': {
          const d = getDeployment(emu, String(args.String ?? args.asyncProcessId ?? ''));
          if (!d) throw new SoapFault('INVALID_ID_FIELD', 'invalid id');
          result = { done: d.status === 'Succeeded' || d.status === 'Failed', id: d.id };
          break;
        }
        case 'retrieve': {
          const r = retrieve(emu, (args.request ?? args.retrieveRequest ?? {}) as Rec, userId, version);
          retrievalsOf(emu).set(r.id, r);
          result = { done: false, id: r.id, state: 'Queued' };
          break;
        }
        case 'checkRetrieveStatus': {
          const r = retrievalsOf(emu).get(String(args.asyncProcessId ?? ''));
          if (!r) throw new SoapFault('INVALID_ID_FIELD', `invalid id: ${String(args.asyncProcessId ?? '')}`);
          result = {
            done: true,
            fileProperties: r.fileProperties,
            id: r.id,
            ...(r.messages.length ? { messages: r.messages } : {}),
            status: 'Succeeded',
            success: true,
            ...(args.includeZip === 'false' ? {} : { zipFile: r.zip }),
          };
          break;
        }
        default:
          throw new SoapFault('INVALID_OPERATION', `No operation available for request ${operation}`);
      }
      ctx.type = 'text/xml; charset=utf-8';
      ctx.body = envelope(toXml(`${operation}Response`, { result }));
    } catch (e) {
      if (e instanceof SoapFault) fault(ctx, e);
      else fault(ctx, new SoapFault('UNKNOWN_EXCEPTION', e instanceof Error ? e.message : String(e)));
    }
  });
  return router;
}
