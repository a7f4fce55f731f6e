// The org's records the host reads and keeps for the signed-in user: scheduled records, assigned tasks,
// forms (OfflineServices' lists, the offline gateway's reads).
/** A scheduled form submission record of the org (GET /api/scheduledSubmissions, namespace stripped). */
export interface ScheduledRecord {
  Id: string;
  Name?: string;
  Form_Definition__c?: string | null;
  /** `formId#submissionId`: the local id the record is started under. */
  Uniqueness_Constraint__c?: string | null;
  Version__c?: number | null;
  /** The record it is scheduled for (an assigned task's inspection program): `$recordId` of its queries. */
  Main_Record_Id__c?: string | null;
}

/** A record of GET /api/searchQuery/?kind=assignedTasks: a task assigned to the user. */
export interface AssignedTask {
  taskId: string;
  checklist: string;
  subject: string | null;
  scheduledFor: string | null;
  programId?: string;
  formId?: string | null;
  status?: string;
}

/** A record of GET /api/forms and GET /api/search: a form the user may fill in. */
export interface OrgForm {
  Id: string;
  Name: string;
  Title__c?: string | null;
  LastModifiedDate: string;
  Supports_Offline__c?: boolean;
}

/** One of the org's lists as the host keeps it for the signed-in user (the last read, kept on the device). */
export interface OrgList<T> {
  items: T[];
  /** A first read is under way (nothing kept yet). */
  loading: boolean;
  /** The last read failed (the kept items show). */
  failed: boolean;
}
