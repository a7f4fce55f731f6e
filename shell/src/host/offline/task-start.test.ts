import { afterEach, describe, expect, it } from 'vitest';
import { makeHarness, type Harness } from '../../../test/offline/harness';
import { scheduledOfTask } from './task-start';

const FORM = 'a01000000000002AAA';
const PROGRAM = 'a0P000000000003AAA';
const LOCAL = '11111111-2222-4333-a444-555555555555';
const scheduled = {
  Id: 'a02000000000009AAA',
  Name: 'FS-0009',
  Form_Definition__c: FORM,
  Uniqueness_Constraint__c: `${FORM}#${LOCAL}`,
  Version__c: 1,
  Main_Record_Id__c: PROGRAM,
};
const other = { ...scheduled, Id: 'a02000000000008AAA', Main_Record_Id__c: 'a0P000000000009AAA' };
const formDef = { schema: { type: 'object', properties: {} } };

let h: Harness | undefined;
afterEach(async () => {
  await h?.svc.dispose();
  h = undefined;
});

function harness(): Harness {
  const made = makeHarness();
  made.org.scheduled = [other, scheduled];
  made.org.formDefs.set(FORM, formDef);
  return made;
}

/** What a start left: the local record and the org calls it made. */
async function startedBy(start: (svc: Harness['svc']) => Promise<unknown>) {
  h = harness();
  const result = await start(h.svc);
  const local = await h.local();
  const calls = h.org.calls.map((c) => [c.op, c.key]);
  await h.svc.dispose();
  h = undefined;
  return { result, local, calls };
}

describe('startTask: the one path for home and the launcher', () => {
  it("a task started from home's card and from the launcher's link leaves the same record, by the same org calls", async () => {
    const fromHome = await startedBy((svc) =>
      svc.startTask({ formId: FORM, formName: 'Monthly walk', mainRecordId: PROGRAM }),
    );
    const fromLauncher = await startedBy((svc) =>
      svc.startTask({ scheduledId: scheduled.Id, formName: 'Monthly walk' }),
    );
    expect(fromHome.result).toMatchObject({ kind: 'started', submission: { id: LOCAL } });
    expect(fromLauncher.result).toMatchObject({ kind: 'started', submission: { id: LOCAL } });
    const shape = (subs: typeof fromHome.local) =>
      subs.map((s) => [s.id, s.formSubmissionId, s.formId, s.version, s.mainRecordId, s.syncStatus]);
    expect(shape(fromHome.local)).toEqual([[LOCAL, expect.any(String), FORM, 2, PROGRAM, 'in sync']]);
    expect(shape(fromLauncher.local)).toEqual(shape(fromHome.local));
    expect(fromLauncher.calls).toEqual(fromHome.calls);
  });

  it("never another task's record of the same form; none of its own: not scheduled", async () => {
    expect(scheduledOfTask([other, scheduled], { formId: FORM, mainRecordId: PROGRAM })?.Id).toBe(
      scheduled.Id,
    );
    // 15- and 18-character Ids of one record match
    expect(scheduledOfTask([scheduled], { formId: FORM, mainRecordId: PROGRAM.slice(0, 15) })?.Id).toBe(
      scheduled.Id,
    );
    expect(scheduledOfTask([scheduled], { formId: FORM })).toBeUndefined();
    const none = await startedBy((svc) =>
      svc.startTask({ formId: FORM, formName: 'x', mainRecordId: 'a0P00000000000XAAA' }),
    );
    expect(none.result).toEqual({ kind: 'notScheduled', formId: FORM });
    expect(none.local).toEqual([]);
    const gone = await startedBy((svc) => svc.startTask({ scheduledId: 'a02000000000000AAA' }));
    expect(gone.result).toEqual({ kind: 'notScheduled' });
  });

  it('offline: unreachable, and nothing is made', async () => {
    h = harness();
    h.online.set(false);
    expect(await h.svc.startTask({ scheduledId: scheduled.Id })).toEqual({ kind: 'unreachable' });
    expect(await h.local()).toEqual([]);
  });
});
