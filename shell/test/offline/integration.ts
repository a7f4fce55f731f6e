/**
 * The offline core against the real system (testing/system.ts), as the integration tests and the sync
 * bench set it up: the system started, the field user signed in, the demo org's first form, the org's
 * own REST API, and offline services over the HTTP gateway with a fresh fake-indexeddb.
 */
// Dexie's live queries need a global IndexedDB at import time (each services gets its own factory).
import { testKeys } from './keys';
import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import type { FileNode } from 'shared-contracts';
import { OrgClient } from 'test-kit';
import { HttpOrgGateway, type FetchLike } from '../../src/host/offline/http-gateway';
import { Signal } from '../../src/host/offline/live';
import {
  createOfflineServices,
  type OfflineServicesHandle,
  type OfflineServicesOptions,
} from '../../src/host/offline/services';
import { DEMO, Jar, bffGet, signIn, startSystem, type System } from './system';

export interface SignedInSystem {
  sys: System;
  /** The field user's BFF session. */
  jar: Jar;
  /** FORM-0003 of the demo org: no required field, so the BFF accepts a submit of any test data. */
  formId: string;
  /** The org itself, as the field user (reads what the org holds, not what the BFF answers). */
  org: OrgClient;
}

/** Starts the system, signs the field user in and picks the demo org's FORM-0003. */
export async function startSignedIn(): Promise<SignedInSystem> {
  const sys = await startSystem();
  try {
    const jar = new Jar();
    await signIn(sys.bffUrl, jar);
    const forms = await bffGet<{ Id: string; Name: string }[]>(sys.bffUrl, jar, '/api/forms');
    // The BFF checks a Submitted submission's required fields (least privilege, issue 29).
    const formId = forms.find((f) => f.Name === 'FORM-0003')?.Id;
    if (!formId) throw new Error('the demo org has no FORM-0003');
    return { sys, jar, formId, org: new OrgClient(sys.emulatorUrl, { username: DEMO.user }) };
  } catch (e) {
    await sys.close();
    throw e;
  }
}

/** The owner of the local records `systemServices` writes. */
export const SYSTEM_OWNER = { organizationId: '00D000000000001', userId: '005000000000001' };

/** Offline services over the HTTP gateway to this system's BFF, through `fetch` (a session's). */
export function systemServices(
  sys: System,
  fetch: FetchLike,
  options: Partial<OfflineServicesOptions> = {},
): OfflineServicesHandle {
  return createOfflineServices({
    gateway: new HttpOrgGateway({ baseUrl: sys.bffUrl, fetch }),
    online: new Signal(true),
    context: () => ({ ...SYSTEM_OWNER, instanceUrl: sys.emulatorUrl }),
    locks: null,
    channel: null,
    idb: { indexedDB: new IDBFactory(), IDBKeyRange },
    keys: testKeys(),
    backgroundSync: () => undefined,
    ...options,
  });
}

/** The ContentDocumentId of the first file (General.files[0]) in a submission's JSON as the org holds it. */
export function firstFileOf(submissionJson: string | null | undefined): string | undefined {
  const json = JSON.parse(submissionJson ?? '{}') as {
    data?: { General?: { files?: { ContentDocumentId: string }[] } };
  };
  return json.data?.General?.files?.[0]?.ContentDocumentId;
}

/** A submission with a note and one PDF attached (evidence.pdf), submitted: its local id and file. */
export async function submitWithPdf(
  svc: OfflineServicesHandle,
  submission: { formId: string; formName: string; note: string; pdfText: string },
): Promise<{ id: string; file: FileNode }> {
  const { formId, formName, note, pdfText } = submission;
  const c = await svc.create({ formId, formName, data: { General: { note } } });
  if (!c.ok) throw new Error(c.message);
  const f = await svc.attachFile(
    c.value.id,
    new Blob([pdfText], { type: 'application/pdf' }),
    'evidence.pdf',
  );
  if (!f.ok) throw new Error(f.message);
  const s = await svc.submit(c.value.id, { General: { note, files: [f.value] } });
  if (!s.ok) throw new Error(s.message);
  return { id: c.value.id, file: f.value };
}
