/**
 * The local stores exactly as the release before issue 28 declared them (submissions database
 * version 2, image database version 2: records filed by organisation only). The migration test
 * writes with these and opens the result with the current db.ts, as a device updating would.
 */
import { Dexie } from 'dexie';
import type { IdbDeps } from '../../src/host/offline/db';

export function openRelease2(deps: IdbDeps): { submissions: Dexie; images: Dexie } {
  const submissions = new Dexie('SubmissionsDatabase', deps);
  submissions.version(1).stores({
    submissions: 'id, syncStatus, organizationId',
    cachedforms: 'Id',
  });
  submissions.version(2).stores({ discarded: 'id, organizationId' });
  const images = new Dexie('ImageDatabase', deps);
  images.version(2).stores({
    images: 'LocalId, submissionId, status, organizationId',
    guides: 'Id, formId',
    cachedImages: 'id, submissionId',
  });
  return { submissions, images };
}
