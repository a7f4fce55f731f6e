// The file uploader against the real BFF and org-emulator (child processes, real OAuth session):
// the org stores an upload but its answer is lost; the uploader's retry must not make a second file.
import { describe, expect, it } from 'vitest';
import { uniquenessKey } from 'shared-contracts';
import { firstFileOf, submitWithPdf, systemServices } from '../../../test/offline/integration';
import { signedInForFile } from '../../../test/offline/signed-in-for-file';
import { emulatorControl, jarFetch } from '../../../test/offline/system';

const real = signedInForFile();

/** The org's file versions with that upload key, read straight from the emulator (the field user's view). */
const versionsWithKey = (key: string) =>
  real.org.query<{ ContentDocumentId: string }>(
    `SELECT ContentDocumentId FROM ContentVersion WHERE cqext__Upload_Key__c = '${key}'`,
  );

describe('file uploader against the real BFF and org-emulator', () => {
  it('an upload whose answer is lost is retried and leaves exactly one file in the org', async () => {
    const clock = { now: Date.now() };
    const uploads: number[] = [];
    const base = jarFetch(real.jar, real.sys.bffUrl);
    const svc = systemServices(
      real.sys,
      async (url, init) => {
        const res = await base(url, init);
        if (new URL(url).pathname === '/api/files') uploads.push(res.status);
        return res;
      },
      { nowMs: () => clock.now },
    );
    // the org commits the first upload and its answer never comes back (before the file exists,
    // so whichever run sends it first meets the fault)
    await emulatorControl(real.sys.emulatorUrl, 'POST', '/faults', {
      lostResponseRate: 1,
      times: 1,
      methods: ['POST'],
      pathPattern: 'files/users/me$',
    });
    try {
      const { id, file } = await submitWithPdf(svc, {
        formId: real.formId,
        formName: 'Lost answer',
        note: 'x',
        pdfText: '%PDF-1.4 lost answer bytes',
      });
      for (let i = 0; i < 60; i++) {
        await svc.engine.files.runOnce();
        await svc.engine.submissions.runOnce();
        if ((await svc.dbs.submissions.submissions.count()) === 0) break;
        clock.now += 10 * 60 * 1000;
      }
      expect(await svc.dbs.submissions.submissions.toArray()).toEqual([]);
      // the first answer was lost (the BFF saw the org hang up), the retry answered
      expect(uploads.slice(0, 1)).toEqual([502]);
      expect(uploads.filter((s) => s === 200)).toHaveLength(1);
      const stored = await versionsWithKey(file.LocalId);
      expect(stored).toHaveLength(1);
      // the submission that reached the org points at that one file
      const [mine] = await real.org.query<{ cqext__Submission_JSON__c: string }>(
        `SELECT cqext__Submission_JSON__c FROM cqext__SQX_Form_Submission__c WHERE cqext__Uniqueness_Constraint__c = '${uniquenessKey(real.formId, id)}'`,
      );
      expect(firstFileOf(mine?.cqext__Submission_JSON__c)).toBe(stored[0]?.ContentDocumentId);
    } finally {
      await emulatorControl(real.sys.emulatorUrl, 'DELETE', '/faults');
      await svc.dispose();
    }
  }, 120_000);
});
