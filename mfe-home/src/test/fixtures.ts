import type { LocalSubmission } from 'shared-contracts';
import type { AssignedTask, FormListItem } from '../model';

let n = 0;
export function submission(over: Partial<LocalSubmission> = {}): LocalSubmission {
  n++;
  return {
    id: `00000000-0000-4000-a000-${String(n).padStart(12, '0')}`,
    data: {},
    originalData: {},
    syncStatus: 'in sync',
    status: 'in progress',
    isUploading: false,
    formName: `Form ${n}`,
    formId: 'a01000000000001AAA',
    formDef: null,
    createdOn: `2026-01-${String((n % 28) + 1).padStart(2, '0')}T10:00:00.000Z`,
    syncedOn: '',
    submittedOn: '',
    version: 1,
    error: [],
    errors: [],
    instanceUrl: 'https://demo.my.example.com',
    organizationId: '00D000000000001AAA',
    isSalesforceRecord: false,
    ...over,
  };
}

export const TASKS: AssignedTask[] = [
  {
    taskId: '00T000000000001AAA',
    checklist: 'Q3 Site Inspections',
    subject: 'Q3 Site Inspections (field)',
    scheduledFor: '2026-02-01T09:00:00.000Z',
    formId: 'a01000000000001AAA',
    programId: 'a0P000000000001AAA',
  },
  {
    taskId: '00T000000000002AAA',
    checklist: 'Annual Audit Programme',
    subject: 'Annual Audit Programme (field)',
    scheduledFor: '2026-03-01T09:00:00.000Z',
    formId: 'a01000000000004AAA',
    programId: 'a0P000000000002AAA',
  },
  {
    taskId: '00T000000000003AAA',
    checklist: 'Monthly Safety Walk',
    subject: null,
    scheduledFor: '2026-02-15T09:00:00.000Z',
    formId: 'a01000000000002AAA',
    programId: 'a0P000000000003AAA',
  },
];

export function forms(count: number): FormListItem[] {
  return Array.from({ length: count }, (_, i) => ({
    Id: `a01${String(i + 1).padStart(12, '0')}AAA`,
    Name: `FORM-${String(i + 1).padStart(4, '0')}`,
    Title__c: i === 1 ? null : `Title ${i + 1}`,
    LastModifiedDate: '2026-01-01T00:00:00.000Z',
    Supports_Offline__c: i % 2 === 0,
  }));
}
