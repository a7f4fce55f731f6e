// The service worker's Background Sync drain against the real BFF and org-emulator: a queue the release
// before owners left on the device (its stores, its sync context: organisation only) is delivered when
// the browser's session is its owner's, and never by another user of the device (issue 40).
import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { beforeAll, describe, expect, it } from 'vitest';
import { uniquenessKey, type LocalSubmission } from 'shared-contracts';
import { openRelease2 } from '../../test/offline/release-2-schema';
import { signedInForFile } from '../../test/offline/signed-in-for-file';
import { Jar, bffGet, jarFetch, signIn, type System } from '../../test/offline/system';
import { readStoredSyncContext, saveSyncContext, SYNC_CONTEXT_CACHE } from '../host/offline/sync-context';
import { createBffClient } from '../host/bff-client';
import { createSessionService } from '../host/session';
import { memoryDeviceSeal } from '../host/vault/device-seal';
import { backgroundDrain } from './background-sync';

const real = signedInForFile();
let sys: System;
let field: { organizationId: string; userId: string };

beforeAll(async () => {
  sys = real.sys;
  const s = await bffGet<{ main: { organizationId: string; userDetails: { userId: string } } }>(
    sys.bffUrl,
    real.jar,
    '/api/auth/session',
  );
  field = { organizationId: s.main.organizationId, userId: s.main.userDetails.userId };
});

function memoryCaches() {
  const stores = new Map<string, Map<string, Response>>();
  return {
    async open(name: string) {
      const store = stores.get(name) ?? new Map<string, Response>();
      stores.set(name, store);
      return {
        put: async (key: string, res: Response) => void store.set(key, res),
        match: async (key: string) => store.get(key)?.clone(),
        delete: async (key: string) => store.delete(key),
      } as unknown as Cache;
    },
  } as unknown as Pick<CacheStorage, 'open'>;
}

/** A draft queued by the release before owners: organisation only, no user. */
function queuedDraft(id: string, organizationId: string): LocalSubmission {
  return {
    id,
    data: { General: { note: `queued by the earlier release ${id}` } },
    originalData: {},
    syncStatus: 'out of sync',
    status: 'in progress',
    isUploading: false,
    formName: 'Equipment Checklist',
    formId: real.formId,
    formDef: {},
    createdOn: new Date().toISOString(),
    syncedOn: '',
    submittedOn: '',
    version: 1,
    error: [],
    errors: [],
    instanceUrl: sys.emulatorUrl,
    organizationId,
    isSalesforceRecord: false,
  };
}

/** A device the earlier release left: its stores with one queued draft, its sync context. */
async function deviceLeftByEarlierRelease(id: string) {
  const factory = new IDBFactory();
  const old = openRelease2({ indexedDB: factory, IDBKeyRange });
  await old.submissions.table('submissions').put(queuedDraft(id, field.organizationId));
  old.submissions.close();
  old.images.close();
  const caches = memoryCaches();
  await (
    await caches.open(SYNC_CONTEXT_CACHE)
  ).put(
    '/__cq-offline-sync-context',
    new Response(JSON.stringify({ organizationId: field.organizationId }), {
      headers: { 'Content-Type': 'application/json' },
    }),
  );
  return { idb: { indexedDB: factory, IDBKeyRange }, caches };
}

async function atOrg(id: string): Promise<number> {
  const key = uniquenessKey(real.formId, id);
  return (
    await real.org.query(
      `SELECT Id FROM cqext__SQX_Form_Submission__c WHERE cqext__Uniqueness_Constraint__c = '${key}'`,
    )
  ).length;
}

describe('a Background Sync queue written by the release before owners', () => {
  it("is delivered by the worker when the browser's session is its owner's", async () => {
    const device = await deviceLeftByEarlierRelease('legacy-own-1');
    await backgroundDrain(false, {
      ...device,
      fetch: jarFetch(real.jar, sys.bffUrl),
      baseUrl: sys.bffUrl,
      locks: null,
    });
    expect(await atOrg('legacy-own-1')).toBe(1);
    // the context now names its user
    expect(await readStoredSyncContext(device.caches)).toEqual(field);
  });

  it('is never sent by another user signed in on the device meanwhile', async () => {
    const device = await deviceLeftByEarlierRelease('legacy-other-1');
    // the partner user (same org) signs in on this browser: the page ends a queue context not theirs
    const other = new Jar();
    await signIn(sys.bffUrl, other, 'partner.user@demo.org');
    const toBff = jarFetch(other, sys.bffUrl);
    const storage = new Map<string, string>();
    const session = createSessionService({
      api: createBffClient({ baseUrl: sys.bffUrl, fetch: toBff }).api,
      storage: {
        getItem: (k) => storage.get(k) ?? null,
        setItem: (k, v) => void storage.set(k, v),
        removeItem: (k) => void storage.delete(k),
        clear: () => storage.clear(),
      },
      navigate: () => undefined,
      seal: memoryDeviceSeal(),
    });
    Object.assign(globalThis, { caches: device.caches });
    try {
      await session.completeSignIn('?status=ok');
    } finally {
      delete (globalThis as { caches?: unknown }).caches;
    }
    expect(await readStoredSyncContext(device.caches)).toBeNull();
    const drain = () => backgroundDrain(false, { ...device, fetch: toBff, baseUrl: sys.bffUrl, locks: null });
    await drain();
    expect(await atOrg('legacy-other-1')).toBe(0);
    // a context naming the field user (this release's format) is not sent with the partner's session
    await saveSyncContext(field, device.caches);
    await drain();
    expect(await atOrg('legacy-other-1')).toBe(0);
    // the field user's own session sends it
    await backgroundDrain(false, {
      ...device,
      fetch: jarFetch(real.jar, sys.bffUrl),
      baseUrl: sys.bffUrl,
      locks: null,
    });
    expect(await atOrg('legacy-other-1')).toBe(1);
  });
});
