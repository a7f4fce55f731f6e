import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import type { AssignedTask, Observable, OrgList } from 'shared-contracts';
import { FakeOrg } from '../../../test/offline/fake-org';
import { makeHarness, type Harness } from '../../../test/offline/harness';
import { sortTasks, toMinute } from './org-lists';

const task = (taskId: string, scheduledFor: string | null): AssignedTask => ({
  taskId,
  checklist: `Checklist ${taskId}`,
  subject: null,
  scheduledFor,
});

const harnesses: Harness[] = [];
afterEach(async () => {
  for (const h of harnesses.splice(0)) await h.svc.dispose();
});

function harness(shared: { factory: IDBFactory; org: FakeOrg }, user = '005U1'): Harness {
  const h = makeHarness(
    { context: () => ({ organizationId: '00D1', userId: user, instanceUrl: 'https://org.example' }) },
    shared,
  );
  harnesses.push(h);
  return h;
}

/** Watches a list until `done` holds (as a screen would), then stops watching. */
function until<T>(o: Observable<OrgList<T>>, done: (l: OrgList<T>) => boolean): Promise<OrgList<T>> {
  return new Promise((resolve) => {
    const check = (l: OrgList<T>): void => {
      if (!done(l)) return;
      queueMicrotask(() => off());
      resolve(l);
    };
    const off = o.subscribe(check);
    check(o.get());
  });
}

describe('the org lists (host observables kept in the owner store)', () => {
  it('read while watched, kept on the device: after a reload offline the same user sees them, another user none', async () => {
    const shared = { factory: new IDBFactory(), org: new FakeOrg() };
    shared.org.taskList = [task('T1', '2026-01-01'), task('T2', '2026-02-01')];
    shared.org.formList = [{ Id: 'F1', Name: 'FORM-1', LastModifiedDate: '2026-01-01' }];
    const first = harness(shared);
    const tasks = await until(first.svc.assignedTasks, (l) => l.items.length === 2);
    expect(tasks.items.map((t) => t.taskId)).toEqual(['T2', 'T1']); // latest scheduled first
    await until(first.svc.orgForms, (l) => l.items.length === 1);
    expect(await first.svc.store.orgList(first.owner, 'tasks')).toHaveLength(2);

    // a reload offline: the kept copy, no org read
    const reads = shared.org.listReads;
    const again = harness(shared);
    again.online.set(false);
    const kept = await until(again.svc.assignedTasks, (l) => l.items.length === 2);
    expect(kept).toMatchObject({ loading: false, failed: false });
    expect(shared.org.listReads).toBe(reads);

    // another user of this device (shared tablet) sees none of it
    const other = harness(shared, '005U2');
    other.online.set(false);
    other.svc.assignedTasks.subscribe(() => undefined);
    await new Promise((r) => setTimeout(r, 50));
    expect(other.svc.assignedTasks.get().items).toEqual([]);
  });

  it("'Synced on' is kept to the minute; a failed read keeps what was kept and says so", async () => {
    const shared = { factory: new IDBFactory(), org: new FakeOrg() };
    shared.org.taskList = [task('T1', null)];
    const h = harness(shared);
    await until(h.svc.assignedTasks, (l) => l.items.length === 1);
    const synced = await new Promise<string>((resolve) => {
      const off = h.svc.listsSyncedOn.subscribe((v) => v && (off(), resolve(v)));
    });
    expect(synced).toBe(toMinute(synced));
    shared.org.fault = (op) => (op === 'assignedTasks' ? 'unavailable' : null);
    const h2 = harness(shared);
    const failed = await until(h2.svc.assignedTasks, (l) => l.failed && l.items.length > 0);
    expect(failed.items.map((t) => t.taskId)).toEqual(['T1']);
  });

  it('sorts tasks by scheduled date, latest first, undated last', () => {
    expect(
      sortTasks([task('a', null), task('b', '2026-01-01'), task('c', '2026-03-01')]).map((t) => t.taskId),
    ).toEqual(['c', 'b', 'a']);
  });
});
