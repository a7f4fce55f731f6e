/** A device-only draft of `owner` holding `note`, as the stores' tests write them (issue 45). */
import type { LocalSubmission } from 'shared-contracts';
import type { Owner } from '../../src/host/offline/owner';

export function draftOf(id: string, owner: Owner, note: string): LocalSubmission {
  return {
    id,
    data: { General: { note } },
    originalData: {},
    syncStatus: 'out of sync',
    status: 'in progress',
    isUploading: false,
    formName: 'Pump Inspection',
    formId: 'a0F1',
    formDef: { title: 'Pump Inspection' },
    createdOn: '2026-11-20T10:00:00.000Z',
    syncedOn: '',
    submittedOn: '',
    version: 1,
    error: [],
    errors: [],
    instanceUrl: 'https://org.example',
    ...owner,
    isSalesforceRecord: false,
  };
}
