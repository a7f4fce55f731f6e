/** Test harness: offline services over a fresh fake-indexeddb, a FakeOrg and a controllable clock. */
// Dexie's live queries need a global IndexedDB at import time (each harness still gets its own factory).
import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import type { LocalSubmission } from 'shared-contracts';
import { Signal } from '../../src/host/offline/live';
import {
  createOfflineServices,
  type OfflineServicesHandle,
  type OfflineServicesOptions,
} from '../../src/host/offline/services';
import { FakeOrg } from './fake-org';
import type { Owner } from '../../src/host/offline/owner';
import type { DataKeys } from '../../src/host/offline/sealing';
import { testKeys } from './keys';

/** One device's data keys per database factory: the harnesses of one device (tabs) share them. */
const deviceKeys = new WeakMap<IDBFactory, DataKeys>();
export function keysOf(factory: IDBFactory): DataKeys {
  let k = deviceKeys.get(factory);
  if (!k) {
    k = testKeys();
    deviceKeys.set(factory, k);
  }
  return k;
}

export interface Harness {
  svc: OfflineServicesHandle;
  org: FakeOrg;
  online: Signal<boolean>;
  clock: { now: number };
  unauthorized: { count: number };
  factory: IDBFactory;
  /** The signed-in owner of the harness's context (organisation 00D1, user 005U1). */
  owner: Owner;
  /** One run of the submission uploader, then of the file uploader. */
  drainOnce(): Promise<void>;
  /** Runs the uploaders, moving the clock past every backoff, until nothing is queued (bounded). */
  drain(maxRounds?: number): Promise<number>;
  local(): Promise<LocalSubmission[]>;
}

let seq = 0;

export const HARNESS_OWNER: Owner = { organizationId: '00D1', userId: '005U1' };

export function makeHarness(
  over: Partial<OfflineServicesOptions> = {},
  shared?: { factory?: IDBFactory; org?: FakeOrg },
): Harness {
  const factory = shared?.factory ?? new IDBFactory();
  const org = shared?.org ?? new FakeOrg();
  const online = new Signal(true);
  const clock = { now: Date.parse('2026-11-22T10:00:00.000Z') };
  const unauthorized = { count: 0 };
  let ids = 0;
  const tag = ++seq;
  const svc = createOfflineServices({
    gateway: org,
    online,
    context: () => ({ organizationId: '00D1', userId: '005U1', instanceUrl: 'https://org.example' }),
    onUnauthorized: () => unauthorized.count++,
    locks: null,
    channel: null,
    idb: { indexedDB: factory, IDBKeyRange },
    keys: keysOf(factory),
    nowMs: () => clock.now,
    random: () => 0.5,
    uuid: () => `00000000-0000-4000-8000-${String(tag).padStart(4, '0')}${String(++ids).padStart(8, '0')}`,
    backgroundSync: () => undefined,
    ...over,
  });
  const drainOnce = async (): Promise<void> => {
    await svc.engine.submissions.runOnce();
    await svc.engine.files.runOnce();
  };
  const local = (): Promise<LocalSubmission[]> => svc.store.submissionsOf(HARNESS_OWNER);
  const drain = async (maxRounds = 200): Promise<number> => {
    for (let round = 1; round <= maxRounds; round++) {
      await drainOnce();
      const left = (await local()).filter((s) => s.syncStatus !== 'in error' && s.syncStatus !== 'in sync');
      const files = await svc.dbs.images.images.where('status').equals('Unsynced').count();
      if (left.length === 0 && files === 0) return round;
      clock.now += 10 * 60 * 1000; // past any backoff (capped at 5 minutes)
    }
    throw new Error('queue did not drain');
  };
  return { svc, org, online, clock, unauthorized, factory, owner: HARNESS_OWNER, drainOnce, drain, local };
}
