// Dexie's live queries need a global IndexedDB before dexie is first imported.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, OFFLINE_MESSAGES, uniquenessKey, type FormDefinition } from 'shared-contracts';
import { cachedLookups } from 'form-core';
import { DEFINITION_READS } from './org-import';
import { guideImageUrls } from './offline-forms';
import { pendingFromOrg } from '../../../test/offline/fake-org';
import { makeHarness, type Harness } from '../../../test/offline/harness';

let h: Harness;
afterEach(async () => {
  await h?.svc.dispose();
});

const formDef = {
  schema: { properties: { General: { type: 'object' } } },
  ui: {
    type: 'VerticalLayout',
    elements: [
      {
        type: 'Control',
        options: { guides: [{ field: 'a', operator: 'eq', value: 'x', imageURL: '/img/guide-1.png' }] },
      },
    ],
  },
  styles: { header: { logo: 'data:image/png;base64,AA' } },
};

const pending = pendingFromOrg;

describe('download for offline, remove, purge by checkFormStatus', () => {
  it('caches the form definition and its guide images; removing deletes both', async () => {
    h = makeHarness();
    h.org.formDefs.set('a0F1', formDef);
    await h.svc.downloadForOffline('a0F1');
    expect(await h.svc.store.getForm(h.owner, 'a0F1')).toEqual({
      Id: 'a0F1',
      formDef,
      syncedOn: expect.stringMatching(/^\d{4}-.*Z$/) as string,
    });
    expect(await h.svc.store.guidesOf(h.owner, 'a0F1')).toEqual([
      {
        Id: '/img/guide-1.png',
        ImageUrl: '/img/guide-1.png',
        encodedImage: 'data:image/png;base64,AAAA',
        formId: 'a0F1',
      },
    ]);
    await h.svc.removeFromOffline('a0F1');
    expect(await h.svc.dbs.submissions.forms.count()).toBe(0);
    expect(await h.svc.dbs.images.ownedGuides.count()).toBe(0);
  });

  it('a definition that cannot be filled in (a string) is not kept: its text is the error', async () => {
    h = makeHarness();
    h.org.formDefs.set('a0F1', 'Form not set up yet');
    await expect(h.svc.downloadForOffline('a0F1')).rejects.toThrow('Form not set up yet');
    expect(await h.svc.dbs.submissions.forms.count()).toBe(0);
  });

  it("takes a checklist's starting data along, and reads guide images back from the device", async () => {
    h = makeHarness();
    const checklistDef = {
      ...formDef,
      queries: [{ type: 'DOCUMENTS', key: 'DOC1', sectionId: 's1', objectType: 'Doc__c', fields: ['Id'] }],
    };
    h.org.formDefs.set('a0F1', checklistDef);
    h.org.startingAnswers.set('a0F1', {
      DOC1: [
        {
          Id: 'DOC1',
          Sections__r: { records: [{ Id: 'S1', Section_Title__c: 'General' }] },
          Questions__r: {
            records: [{ Id: 'Q1', Question__c: 'Exits clear?', Options__c: 'Pass', Section__c: 'S1' }],
          },
        },
      ],
    });
    await h.svc.downloadForOffline('a0F1');
    expect(h.org.calls.filter((c) => c.op === 'startingData').map((c) => c.key)).toEqual(['a0F1:1']);
    const cached = (await h.svc.store.getForm(h.owner, 'a0F1'))?.formDef as {
      startingData: unknown;
      schema: { properties: { Checklist?: { properties: Record<string, { title: string }> } } };
    };
    expect(cached.startingData).toEqual(h.org.startingAnswers.get('a0F1'));
    expect(cached.schema.properties.Checklist?.properties.Q1?.title).toBe('Exits clear?');
    expect(await h.svc.guideImage('/img/guide-1.png')).toBe('data:image/png;base64,AAAA');
    expect(await h.svc.guideImage('/img/not-cached.png')).toBeUndefined();
  });

  it('reads the queries filtered by $recordId for each record the form may be launched for (40.4)', async () => {
    h = makeHarness();
    const contextDef = {
      ...formDef,
      contextObject: 'Program__c',
      queries: [
        {
          key: 'program',
          objectType: 'Program__c',
          fields: ['Id', 'Name'],
          filter: { field: 'Id', operator: 'eq', value: '$recordId' },
        },
      ],
    };
    h.org.formDefs.set('a0F1', contextDef);
    h.org.startingAnswers.set('a0P1', { program: [{ Id: 'a0P1', Name: 'Monthly Safety Walk' }] });
    h.org.startingAnswers.set('a0P2', { program: [{ Id: 'a0P2', Name: 'Q3 Site Inspections' }] });
    await h.svc.downloadForOffline('a0F1', { recordIds: ['a0P1', 'a0P2', 'a0P1'] });
    expect(h.org.calls.filter((c) => c.op === 'startingData').map((c) => c.key)).toEqual([
      'a0F1:1',
      'a0P1:1',
      'a0P2:1',
    ]);
    const cached = (await h.svc.store.getForm(h.owner, 'a0F1'))?.formDef as FormDefinition;
    expect(cached.startingDataByRecord).toEqual({
      a0P1: { program: [{ Id: 'a0P1', Name: 'Monthly Safety Walk' }] },
      a0P2: { program: [{ Id: 'a0P2', Name: 'Q3 Site Inspections' }] },
    });
    // a form whose queries do not read the record is read once
    h.org.formDefs.set('a0F2', { ...contextDef, queries: [{ ...contextDef.queries[0], filter: undefined }] });
    await h.svc.downloadForOffline('a0F2', { recordIds: ['a0P1'] });
    expect(h.org.calls.filter((c) => c.op === 'startingData').map((c) => c.key)).toHaveLength(4);
  });

  it('a local record made for a record keeps it, through an import of its org copy (40.4)', async () => {
    h = makeHarness();
    const made = await h.svc.create({ formId: 'a0F1', formName: 'F', formDef, mainRecordId: 'a0P1' });
    if (!made.ok) throw new Error(made.message);
    expect(made.value.mainRecordId).toBe('a0P1');
    h.org.formDefs.set('a0F1', formDef);
    const started = await h.svc.startScheduled({
      formId: 'a0F1',
      formName: 'Audit',
      formSubmissionId: 'a0X9',
      version: 4,
      mainRecordId: 'a0P2',
    });
    expect(started.mainRecordId).toBe('a0P2');
    expect((await h.svc.store.getSubmission(h.owner, started.id))?.mainRecordId).toBe('a0P2');
    // the draft, once synced, comes back from the org in the next import: it is still for its record
    await h.drain();
    await h.svc.importPending();
    expect((await h.svc.store.getSubmission(h.owner, made.value.id))?.mainRecordId).toBe('a0P1');
  });

  it("keeps each lookup's records with the definition so it can be searched offline; a lookup the org refuses is left out", async () => {
    h = makeHarness();
    const lookupDef = {
      ...formDef,
      schema: {
        properties: {
          General: {
            type: 'object',
            properties: {
              Account: { type: 'string', lookupTo: { object: 'Account' } },
              Site: { type: 'string', lookupTo: { object: 'Site__c', titleField: 'Code__c' } },
            },
          },
        },
      },
    };
    h.org.formDefs.set('a0F1', lookupDef);
    h.org.lookupRecords.set('Account', [{ Id: '001A', Name: 'Acme' }]);
    h.org.fault = (op, call) => (op === 'lookupCache' && call.key.startsWith('Site__c') ? 'rejected' : null);
    await h.svc.downloadForOffline('a0F1');
    const cached = (await h.svc.store.getForm(h.owner, 'a0F1'))?.formDef as FormDefinition;
    expect(Object.values(cachedLookups(cached))).toEqual([
      {
        object: 'Account',
        titleField: 'Name',
        valueField: 'Id',
        fields: [],
        records: [{ Id: '001A', Name: 'Acme' }],
        truncated: false,
        at: expect.any(String) as string,
      },
    ]);
    expect(cached.schema).toEqual(lookupDef.schema);

    // the network failing midway fails the download (the toggle stays off), nothing half-kept
    h.org.fault = (op) => (op === 'lookupCache' ? 'network' : null);
    await h.svc.removeFromOffline('a0F1');
    await expect(h.svc.downloadForOffline('a0F1')).rejects.toMatchObject({ kind: 'network' });
    expect(await h.svc.store.getForm(h.owner, 'a0F1')).toBeUndefined();
  });

  it('keeps a new form definition with a submission without queueing it', async () => {
    h = makeHarness();
    const created = await h.svc.create({ formId: 'a0F1', formName: 'F', formDef });
    if (!created.ok) throw new Error(created.message);
    const kept = await h.svc.keepFormDef(created.value.id, { ...formDef, startingData: { k: [] } });
    expect(kept.ok && kept.value.formDef).toEqual({ ...formDef, startingData: { k: [] } });
    expect(kept.ok && kept.value.syncStatus).toBe(created.value.syncStatus);
    expect(await h.svc.keepFormDef('missing', formDef)).toEqual({
      ok: false,
      message: OFFLINE_MESSAGES.submissionDiscarded,
    });
  });

  it('a form without a definition cannot be downloaded', async () => {
    h = makeHarness();
    await expect(h.svc.downloadForOffline('nope')).rejects.toThrow(MESSAGES.schemaError);
  });

  it('purges the cached forms the form-status check returns (comma-joined ids)', async () => {
    h = makeHarness();
    h.org.formDefs.set('a0F1', formDef);
    h.org.formDefs.set('a0F2', { schema: {} });
    await h.svc.downloadForOffline('a0F1');
    await h.svc.downloadForOffline('a0F2');
    h.org.purge = ['a0F1', 'zzz'];
    expect(await h.svc.purgeStaleForms()).toEqual(['a0F1']);
    expect(h.org.calls.find((c) => c.op === 'checkFormStatus')?.key).toBe('a0F1,a0F2');
    expect(await h.svc.store.formIds(h.owner)).toEqual(['a0F2']);
    expect(await h.svc.dbs.images.ownedGuides.count()).toBe(0);
  });

  it('finds guide image URLs anywhere in a definition', () => {
    expect(guideImageUrls({ a: [{ imageURL: 'x' }, { b: { ImageUrl: 'y', imageUrl: 'x' } }] })).toEqual([
      'x',
      'y',
    ]);
  });
});

describe('starting a scheduled submission', () => {
  const input = { formId: 'a0F1', formName: 'Audit', formSubmissionId: 'a0X9', version: 4 };

  it('syncs version = org Version + 1 with status scheduled, then stores it in progress and in sync', async () => {
    h = makeHarness();
    h.org.formDefs.set('a0F1', formDef);
    const s = await h.svc.startScheduled(input);
    expect(h.org.calls.map((c) => [c.op, c.status, c.version])).toEqual([
      ['getFormDefinition', undefined, undefined],
      ['saveSubmission', 'scheduled', 5],
    ]);
    expect(s).toMatchObject({
      status: 'in progress',
      syncStatus: 'in sync',
      version: 5,
      isSalesforceRecord: true,
    });
    expect(await h.svc.store.getSubmission(h.owner, s.id)).toEqual(s);
  });

  it("throws 'No Data found for form submission' without a form definition, storing nothing", async () => {
    h = makeHarness();
    await expect(h.svc.startScheduled(input)).rejects.toThrow('No Data found for form submission');
    expect(await h.local()).toEqual([]);
  });

  it('offline: uses the cached definition and queues it (in progress, out of sync)', async () => {
    h = makeHarness();
    await h.svc.store.putForm(h.owner, { Id: 'a0F1', formDef }, []);
    h.org.fault = () => 'network';
    const s = await h.svc.startScheduled(input);
    expect(s).toMatchObject({ status: 'in progress', syncStatus: 'out of sync', version: 5 });
    h.org.fault = () => null;
    await h.drain();
    expect(h.org.records.get(uniquenessKey('a0F1', s.id))).toMatchObject({
      status: 'in progress',
      version: 5,
    });
  });
});

describe('importing and pulling pending records', () => {
  it('with no signed-in organisation (stored user gone) nothing is imported', async () => {
    h = makeHarness({ context: () => ({ organizationId: '', userId: '', instanceUrl: '' }) });
    h.org.pending = [pending('p1')];
    await h.svc.importPending();
    expect(await h.local()).toEqual([]);
  });

  it('imports new org records as in-progress, in-sync org records; deletes vanished ones with their images', async () => {
    h = makeHarness();
    h.org.pending = [pending('p1'), pending('p2', { status: 'submitted' })];
    await h.svc.importPending();
    const first = await h.local();
    expect(first.map((s) => [s.id, s.status, s.syncStatus, s.isSalesforceRecord])).toEqual([
      ['p1', 'in progress', 'in sync', true],
      ['p2', 'in progress', 'in sync', true],
    ]);
    await h.svc.dbs.images.cachedImages.put({
      id: 'img',
      result: 'data:',
      path: '',
      fileName: 'a.png',
      submissionId: 'p2',
      organizationId: '00D1',
      userId: '005U1',
      ContentDocumentId: '069',
    });
    h.org.pending = [pending('p1', { version: 4, data: { General: { from: 'org v4' } } })];
    await h.svc.importPending();
    expect((await h.local()).map((s) => [s.id, s.version, s.data])).toEqual([
      ['p1', 4, { General: { from: 'org v4' } }],
    ]);
    expect(await h.svc.dbs.images.cachedImages.count()).toBe(0);
  });

  it("imported records get their form's definition, read once per form (offline copy first)", async () => {
    h = makeHarness();
    const other = { ...formDef, version: 'cached' };
    h.org.formDefs.set('a0F1', formDef);
    await h.svc.store.putForm(h.owner, { Id: 'a0F2', formDef: other }, []);
    h.org.pending = [
      pending('p1'),
      pending('p2'),
      pending('p3', { formId: 'a0F2' }),
      pending('p4', { formId: 'a0F9' }),
    ];
    await h.svc.importPending();
    expect((await h.local()).map((s) => [s.id, s.formDef])).toEqual([
      ['p1', formDef],
      ['p2', formDef],
      ['p3', other],
      ['p4', null], // no definition in the org: imported as it is
    ]);
    h.org.pending = [...h.org.pending, pending('p5')];
    await h.svc.importPending();
    expect(await h.svc.store.getSubmission(h.owner, 'p5')).toMatchObject({ formDef });
    // a0F9 is asked again (nothing came back), a0F1 once, a0F2 never (it is on the device)
    expect(h.org.calls.filter((c) => c.op === 'getFormDefinition').map((c) => c.key)).toEqual([
      'a0F1',
      'a0F9',
      'a0F9',
    ]);
  });

  it('reads the definitions of many forms DEFINITION_READS at a time, each once, and shares a read in flight', async () => {
    h = makeHarness();
    const forms = ['a0F1', 'a0F2', 'a0F3', 'a0F4', 'a0F5', 'a0F6', 'a0F7', 'a0F8', 'a0F9'];
    for (const id of forms) h.org.formDefs.set(id, { ...formDef, id });
    h.org.pending = forms.flatMap((formId) => [
      pending(`${formId}-a`, { formId }),
      pending(`${formId}-b`, { formId }),
    ]);
    h.org.latencyMs = 5;
    let running = 0;
    let most = 0;
    const read = h.org.getFormDefinition.bind(h.org);
    h.org.getFormDefinition = async (formId) => {
      most = Math.max(most, ++running);
      try {
        return await read(formId);
      } finally {
        running--;
      }
    };
    // A pull of one record while the import runs: its form's read is the import's, not a second one.
    h.org.pending.push(pending('p7', { formId: 'a0F3' }));
    const pull = h.svc.pullPending('a0Xp7');
    await Promise.all([h.svc.importPending(), pull]);
    const reads = h.org.calls.filter((c) => c.op === 'getFormDefinition').map((c) => c.key);
    expect(reads.sort()).toEqual(forms);
    expect(most).toBe(DEFINITION_READS);
    expect((await h.local()).every((s) => (s.formDef as { id?: string } | null)?.id === s.formId)).toBe(true);
  });

  it('keeps local unsent changes over the org copy, and deletes nothing while offline', async () => {
    h = makeHarness();
    h.org.pending = [pending('p1')];
    await h.svc.importPending();
    await h.svc.save('p1', { General: { from: 'me' } });
    h.org.pending = [pending('p1', { version: 9 })];
    await h.svc.importPending();
    expect(await h.svc.store.getSubmission(h.owner, 'p1')).toMatchObject({
      version: 4,
      data: { General: { from: 'me' } },
    });
    h.org.pending = [];
    h.online.set(false);
    await h.svc.store.updateSubmission(h.owner, 'p1', (s) => ({ ...s, syncStatus: 'in sync' }));
    await h.svc.importPending();
    expect(await h.local()).toHaveLength(1);
  });

  it('pulls one pending submission by its org id', async () => {
    h = makeHarness();
    h.org.pending = [pending('p7', { formDef })];
    const s = await h.svc.pullPending('a0Xp7');
    expect(s).toMatchObject({ id: 'p7', isSalesforceRecord: true, formDef });
    expect(await h.svc.pullPending('a0Xnone')).toBeNull();
  });
});

describe('local actions', () => {
  it('discard deletes the submission with its files and cached images', async () => {
    h = makeHarness();
    const c = await h.svc.create({ formId: 'f', formName: 'F' });
    if (!c.ok) throw new Error(c.message);
    await h.svc.attachFile(c.value.id, new Blob(['x']), 'x.png');
    expect((await h.svc.discard(c.value.id)).ok).toBe(true);
    expect(await h.local()).toEqual([]);
    expect(await h.svc.dbs.images.images.count()).toBe(0);
  });

  it('a discarded draft whose copy reached the org stays discarded: the import skips it, a pull of it brings it back', async () => {
    h = makeHarness();
    // The org cannot delete its copy now (every delete attempt fails): the mark alone keeps it away.
    h.org.fault = (op) => (op === 'discardSubmission' ? 'network' : null);
    h.org.pending = [pending('p1'), pending('p2')];
    await h.svc.importPending();
    expect((await h.svc.discard('p1')).ok).toBe(true);
    // The org still lists it as pending (its draft was synced): home's next imports leave it gone.
    await h.svc.importPending();
    h.clock.now += 2 * 24 * 60 * 60 * 1000;
    await h.svc.importPending();
    expect((await h.local()).map((s) => s.id)).toEqual(['p2']);
    // Opened on purpose from the org (pull by its org id): it comes back, and stays.
    expect(await h.svc.pullPending('a0Xp1')).toMatchObject({ id: 'p1' });
    await h.svc.importPending();
    expect((await h.local()).map((s) => s.id).sort()).toEqual(['p1', 'p2']);
  });

  it("the next import asks the org to delete a discarded draft's copy, once it is gone it asks no more", async () => {
    h = makeHarness();
    h.org.pending = [pending('p1'), pending('p2')];
    await h.svc.importPending();
    await h.svc.discard('p1');
    await h.svc.importPending();
    const p1 = pending('p1');
    const discards = () => h.org.calls.filter((c) => c.op === 'discardSubmission').map((c) => c.key);
    expect(discards()).toEqual([`${p1.formId}#p1`]);
    expect(h.org.pending.map((p) => p.id)).toEqual(['p2']);
    h.clock.now += 2 * 60 * 1000;
    await h.svc.importPending();
    expect(discards()).toHaveLength(1);
    expect((await h.local()).map((s) => s.id)).toEqual(['p2']);
  });

  it("a draft made again under a discarded id is the user's again: the org copy is neither skipped nor deleted", async () => {
    h = makeHarness();
    h.org.pending = [pending('p1')];
    await h.svc.importPending();
    await h.svc.discard('p1');
    const again = await h.svc.create({ id: 'p1', formId: pending('p1').formId, formName: 'Again' });
    expect(again.ok).toBe(true);
    expect(await h.svc.dbs.submissions.discarded.count()).toBe(0);
    await h.svc.importPending();
    expect(h.org.calls.filter((c) => c.op === 'discardSubmission')).toEqual([]);
    expect(h.org.pending.map((p) => p.id)).toEqual(['p1']);
  });

  it('a discard mark is forgotten a day after the org stopped listing the draft, not before', async () => {
    h = makeHarness();
    h.org.pending = [pending('p1')];
    await h.svc.importPending();
    await h.svc.discard('p1');
    h.org.pending = [];
    await h.svc.importPending();
    expect(await h.svc.dbs.submissions.discarded.count()).toBe(1);
    h.clock.now += 25 * 60 * 60 * 1000;
    h.org.pending = [pending('p2')];
    await h.svc.importPending();
    expect(await h.svc.dbs.submissions.discarded.count()).toBe(0);
  });

  it('attachFile keeps the LocalId the form gave the file node (node and upload record match)', async () => {
    h = makeHarness();
    const c = await h.svc.create({ formId: 'f', formName: 'F' });
    if (!c.ok) throw new Error(c.message);
    const f = await h.svc.attachFile(c.value.id, new Blob(['x']), 'x.png', 'General.Files', 'form-given-id');
    expect(f.ok && f.value.LocalId).toBe('form-given-id');
    expect((await h.svc.store.getFile(h.owner, 'form-given-id'))?.Name).toBe('x.png');
  });

  it('saving a submission that no longer exists says so', async () => {
    h = makeHarness();
    expect(await h.svc.save('gone', {})).toEqual({
      ok: false,
      message: 'This submission no longer exists on this device.',
    });
  });

  it('outbox: discarding a queued file marks its node for re-upload; discarding a submission removes it', async () => {
    h = makeHarness();
    const c = await h.svc.create({ formId: 'f', formName: 'F' });
    if (!c.ok) throw new Error(c.message);
    const f = await h.svc.attachFile(c.value.id, new Blob(['x']), 'x.png');
    if (!f.ok) throw new Error(f.message);
    await h.svc.save(c.value.id, { files: [f.value] });
    await h.svc.discardOutboxItem(f.value.LocalId);
    const s = await h.svc.store.getSubmission(h.owner, c.value.id);
    expect(s?.data).toEqual({ files: [{ ...f.value, error: MESSAGES.uploadFailedReupload }] });
    expect(s?.syncStatus).toBe('file usnyc');
    await h.svc.discardOutboxItem(c.value.id);
    expect(await h.local()).toEqual([]);
  });
});

describe('the outbox view', () => {
  it('notifies every subscriber, only when the view changed', async () => {
    h = makeHarness();
    const a: number[] = [];
    const b: number[] = [];
    const ua = h.svc.outbox.subscribe((v) => a.push(v.length));
    const ub = h.svc.outbox.subscribe((v) => b.push(v.length));
    const c = await h.svc.create({ formId: 'f', formName: 'F' });
    if (!c.ok) throw new Error(c.message);
    await expect.poll(() => [a.at(-1), b.at(-1)]).toEqual([1, 1]);
    expect(h.svc.outbox.get()[0]).toMatchObject({
      kind: 'submission',
      state: 'queued',
      attempts: 0,
      nextRetryAt: null,
    });
    const before = a.length;
    h.svc.engine.activity.set(h.svc.engine.activity.get() + 1); // an uploader tick with nothing new
    expect(a.length).toBe(before);
    await h.drainOnce();
    await expect.poll(() => [a.at(-1), b.at(-1)]).toEqual([0, 0]);
    ua();
    ub();
  });
});

describe('the language a form was filled in (issue 44)', () => {
  it('is kept with the submitted record and sent with it: its report reads in it', async () => {
    const first = makeHarness();
    first.online.set(false);
    first.svc.start();
    const c = await first.svc.create({ formId: 'a0F1', formName: 'Offline' });
    if (!c.ok) throw new Error(c.message);
    const r = await first.svc.submit(c.value.id, { General: { note: 'ja' } }, undefined, { language: 'ja' });
    expect(r.ok && r.value.language).toBe('ja');
    expect(await first.svc.store.getSubmission(first.owner, c.value.id)).toMatchObject({ language: 'ja' });
    await first.svc.dispose();
  });
});

describe('offline, reload, online (in process; the Chromium version is an e2e test)', () => {
  it('a submission made offline survives a reload and reaches the org exactly once when online', async () => {
    const first = makeHarness();
    first.online.set(false);
    first.svc.start();
    const c = await first.svc.create({ formId: 'a0F1', formName: 'Offline' });
    if (!c.ok) throw new Error(c.message);
    const f = await first.svc.attachFile(c.value.id, new Blob(['photo bytes']), 'photo.jpg');
    if (!f.ok) throw new Error(f.message);
    expect((await first.svc.submit(c.value.id, { General: { note: 'offline', photo: [f.value] } })).ok).toBe(
      true,
    );
    await first.svc.dispose(); // the page reloads, still offline

    h = makeHarness(
      { submissionIntervalMs: 20, fileIntervalMs: 20 },
      { factory: first.factory, org: first.org },
    );
    h.online.set(false);
    h.svc.start();
    expect(await h.svc.store.getSubmission(h.owner, c.value.id)).toMatchObject({
      status: 'submitted',
      syncStatus: 'file usnyc',
    });
    expect(await h.svc.store.getFile(h.owner, f.value.LocalId)).toMatchObject({ status: 'Unsynced' });
    expect(h.org.calls).toEqual([]);
    h.online.set(true);
    await vi.waitFor(async () => expect(await h.local()).toEqual([]), { timeout: 5000 });
    expect(h.org.records.size).toBe(1);
    const rec = h.org.records.get(uniquenessKey('a0F1', c.value.id));
    expect(rec?.status).toBe('submitted');
    expect(rec?.data).toMatchObject({
      General: { note: 'offline', photo: [{ LocalId: f.value.LocalId, progress: 100 }] },
    });
    expect(h.org.contentDocuments).toHaveLength(1);
  });
});
