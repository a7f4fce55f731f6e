// Dexie's live queries need a global IndexedDB before dexie is first imported.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { pendingFromOrg } from '../../../test/offline/fake-org';
import { makeHarness, type Harness } from '../../../test/offline/harness';
import type { Owner } from './owner';

let h: Harness;
afterEach(async () => {
  await h?.svc.dispose();
});

const pending = pendingFromOrg;

/** Counts the writes that reach the submissions table (Dexie's creating/updating/deleting hooks). */
function countWrites(harness: Harness): { writes: number } {
  const counter = { writes: 0 };
  const table = harness.svc.dbs.submissions.submissions;
  table.hook('creating', () => {
    counter.writes++;
  });
  table.hook('updating', () => {
    counter.writes++;
  });
  table.hook('deleting', () => {
    counter.writes++;
  });
  return counter;
}

describe('an import that changes nothing', () => {
  it('does not even read the local records when the org answers as last time', async () => {
    h = makeHarness();
    h.org.pending = [pending('p1'), pending('p2')];
    await h.svc.importPending();
    let reads = 0;
    const submissionsOf = h.svc.store.submissionsOf.bind(h.svc.store);
    h.svc.store.submissionsOf = (owner: Owner) => {
      reads++;
      return submissionsOf(owner);
    };
    h.clock.now += 60_000;
    await h.svc.importPending();
    expect(reads).toBe(0);
    // a local record deleted elsewhere (another tab) changes the count: the next import reads again
    await h.svc.dbs.submissions.submissions.delete('p2');
    await h.svc.importPending();
    expect(reads).toBe(1);
    expect((await h.local()).map((s) => s.id).sort()).toEqual(['p1', 'p2']);
  });

  it('writes nothing when the org answers the records already held (only the time moved on)', async () => {
    h = makeHarness();
    h.org.pending = [pending('p1'), pending('p2')];
    await h.svc.importPending();
    const before = await h.local();
    const counter = countWrites(h);
    h.clock.now += 60_000;
    await h.svc.importPending();
    expect(counter.writes).toBe(0);
    expect(await h.local()).toEqual(before);
  });

  it('writes nothing when the org has no pending records and none are held', async () => {
    h = makeHarness();
    h.org.pending = [];
    const counter = countWrites(h);
    await h.svc.importPending();
    expect(counter.writes).toBe(0);
    expect(await h.local()).toEqual([]);
  });

  it('still writes the one record the org changed, and deletes the one it dropped', async () => {
    h = makeHarness();
    h.org.pending = [pending('p1'), pending('p2')];
    await h.svc.importPending();
    const counter = countWrites(h);
    h.org.pending = [pending('p1', { version: 4, data: { General: { from: 'org v4' } } })];
    await h.svc.importPending();
    expect(counter.writes).toBeGreaterThan(0);
    expect((await h.local()).map((s) => [s.id, s.version])).toEqual([['p1', 4]]);
  });
});
