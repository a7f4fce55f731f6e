// A draft cut before its submit, against the real BFF and org-emulator: its attached file is uploaded
// while the draft is still in progress (README decision 1), so the file's identity is its LocalId.
// The chaos run's one duplicated file (two upload keys for one file name) came from a cut draft being
// discarded and its file attached again under a new LocalId after such an upload; resuming the draft
// with the file it holds leaves one copy.
import { describe, expect, it } from 'vitest';
import { uniquenessKey, type FileNode } from 'shared-contracts';
import type { OfflineServicesHandle } from './services';
import { firstFileOf, systemServices, SYSTEM_OWNER } from '../../../test/offline/integration';
import { signedInForFile } from '../../../test/offline/signed-in-for-file';
import { jarFetch } from '../../../test/offline/system';

const real = signedInForFile();

/** The org's documents holding a file of that name (what the chaos runner counts as copies). */
async function copiesNamed(name: string): Promise<string[]> {
  const rows = await real.org.query<{ ContentDocumentId: string }>(
    `SELECT ContentDocumentId FROM ContentVersion WHERE PathOnClient = '${name}'`,
  );
  return [...new Set(rows.map((r) => r.ContentDocumentId))];
}

function services(): OfflineServicesHandle {
  return systemServices(real.sys, jarFetch(real.jar, real.sys.bffUrl));
}

const pdf = (tag: string) => new Blob([`%PDF-1.4 cut draft ${tag}`], { type: 'application/pdf' });

/** A draft cut after its file was attached, before its submit; the file goes up while it waits. */
async function cutDraftUploaded(
  svc: OfflineServicesHandle,
  name: string,
): Promise<{ id: string; node: FileNode }> {
  const c = await svc.create({ formId: real.formId, formName: 'Cut draft', data: {} });
  if (!c.ok) throw new Error(c.message);
  const f = await svc.attachFile(c.value.id, pdf(name), name);
  if (!f.ok) throw new Error(f.message);
  await svc.engine.files.runOnce();
  expect((await svc.store.getFile(SYSTEM_OWNER, f.value.LocalId))?.status).toBe('Synced');
  return { id: c.value.id, node: f.value };
}

async function drain(svc: OfflineServicesHandle): Promise<void> {
  for (let i = 0; i < 10 && (await svc.dbs.submissions.submissions.count()) > 0; i++) {
    await svc.engine.files.runOnce();
    await svc.engine.submissions.runOnce();
  }
  expect(await svc.dbs.submissions.submissions.toArray()).toEqual([]);
}

describe('a draft cut before its submit, its file already in the org', () => {
  it('discarded and made again with the file attached anew: a second org copy under another key', async () => {
    const svc = services();
    try {
      const name = `cut-discarded-${Date.now()}.pdf`;
      const { id } = await cutDraftUploaded(svc, name);
      // the old runner's recovery: discard the half-made draft, make it again
      const d = await svc.discard(id);
      expect(d.ok).toBe(true);
      const c = await svc.create({ id, formId: real.formId, formName: 'Cut draft', data: {} });
      if (!c.ok) throw new Error(c.message);
      const f = await svc.attachFile(id, pdf(name), name);
      if (!f.ok) throw new Error(f.message);
      const s = await svc.submit(id, { General: { files: [f.value] } });
      if (!s.ok) throw new Error(s.message);
      await drain(svc);
      expect(await copiesNamed(name)).toHaveLength(2);
    } finally {
      await svc.dispose();
    }
  }, 120_000);

  it('resumed with the file it holds: one org copy, the submission points at it', async () => {
    const svc = services();
    try {
      const name = `cut-resumed-${Date.now()}.pdf`;
      const { id, node } = await cutDraftUploaded(svc, name);
      // the node as the form holds it before the upload resolved it (ContentDocumentId '')
      const s = await svc.submit(id, { General: { files: [node] } });
      if (!s.ok) throw new Error(s.message);
      await drain(svc);
      const copies = await copiesNamed(name);
      expect(copies).toHaveLength(1);
      const [mine] = await real.org.query<{ cqext__Submission_JSON__c: string }>(
        `SELECT cqext__Submission_JSON__c FROM cqext__SQX_Form_Submission__c WHERE cqext__Uniqueness_Constraint__c = '${uniquenessKey(real.formId, id)}'`,
      );
      expect(firstFileOf(mine?.cqext__Submission_JSON__c)).toBe(copies[0]);
    } finally {
      await svc.dispose();
    }
  }, 120_000);
});
