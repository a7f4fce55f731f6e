// A live query's querier reads rows only; the data key and the unsealing come after it. Dexie carries
// a querier's context across its other awaits into code running beside them and refuses a write made
// there ("ReadOnlyError: Readwrite transaction in liveQuery context"): a draft saved right after the
// app reopened, while home's list waited for the key, was refused (issue 45; the durability proof).
import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, expect, it } from 'vitest';
import type { LocalSubmission } from 'shared-contracts';
import { Signal } from '../signal';
import { dataKeySource } from '../vault/data-keys';
import { memoryKeyringStore } from '../vault/keyring-store';
import { openOfflineDbs, type OfflineDbs } from './db';
import { draftOf } from '../../../test/offline/drafts';
import { createLiveQueries } from './live-queries';
import type { Owner } from './owner';
import { OfflineStore } from './store';

const FIELD: Owner = { organizationId: '00D1', userId: '005FIELD' };
const opened: OfflineDbs[] = [];
afterEach(() => {
  for (const d of opened.splice(0)) {
    d.submissions.close();
    d.images.close();
  }
});

const draft = (id: string): LocalSubmission => draftOf(id, FIELD, `typed ${id}`);

it('the key and the unsealing run outside the live query: a write made while waiting for the key is not refused', async () => {
  const dbs = openOfflineDbs({ indexedDB: new IDBFactory(), IDBKeyRange });
  opened.push(dbs);
  const keyrings = memoryKeyringStore();
  const source = dataKeySource({
    keyrings,
    pinRequired: () => false,
    wait: true,
    keys: new Signal<ReadonlyMap<string, CryptoKey>>(new Map()),
  });
  const seed = new OfflineStore(dbs, source);
  await seed.putSubmission(FIELD, draft('s-0'));
  // Whatever runs while the key is fetched may write (here the key source itself, the strictest case:
  // inside a live query's context Dexie refuses it).
  let writes = 0;
  const store = new OfflineStore(dbs, {
    async keyFor(o) {
      await dbs.submissions.transaction('rw', dbs.submissions.lists, () =>
        dbs.submissions.lists.put({ ...FIELD, name: `probe-${++writes}`, value: 1 }),
      );
      return source.keyFor(o);
    },
  });
  const lists: LocalSubmission[][] = [];
  const live = createLiveQueries({
    store,
    owner: () => FIELD,
    ownerInputs: new Signal(''),
    progress: new Signal<ReadonlyMap<string, number>>(new Map()),
  });
  const stop = live.submissions.subscribe((v) => lists.push(v));
  await expect.poll(() => lists.at(-1)?.map((s) => s.id)).toEqual(['s-0']);
  await store.putSubmission(FIELD, draft('s-1'));
  await expect
    .poll(() =>
      lists
        .at(-1)
        ?.map((s) => s.id)
        .sort(),
    )
    .toEqual(['s-0', 's-1']);
  expect(writes).toBeGreaterThan(1);
  stop();
});
