// Turns committed record writes into the events a real org publishes for them:
// - Change Data Capture: one event per changed record on /data/ChangeEvents and on the object's own
//   channel (/data/TaskChangeEvent, /data/cqext__SQX_Form_Submission__ChangeEvent), with the
//   ChangeEventHeader (entityName, recordIds, changeType, changedFields, commitTimestamp, commitUser…).
//   The emulator treats every data object as selected for Change Data Capture.
// - The package's platform event SQX_Record_Change__e (/event/cqext__SQX_Record_Change__e), which the
//   package's triggers publish for tasks, form submissions and form definitions
//   (salesforce/force-app/main/default/classes/SQX_RecordChangePublisher.cls): ids and owners only.
import { randomUUID } from 'node:crypto';
import type { Org } from '../org.js';
import type { RecordChange, SRecord } from '../store/records.js';
import { currentActor } from './actor.js';
import type { EventBus } from './bus.js';

export const ALL_CHANGE_EVENTS = '/data/ChangeEvents';

/** `Task` → `TaskChangeEvent`; `cqext__SQX_Form_Submission__c` → `cqext__SQX_Form_Submission__ChangeEvent`. */
export function changeEventName(sobject: string): string {
  return sobject.endsWith('__c') ? `${sobject.slice(0, -1)}ChangeEvent` : `${sobject}ChangeEvent`;
}

/** The platform event the package's triggers publish (namespaced like the package's other names). */
export const recordChangeEvent = (org: Org): string =>
  `${org.naming.ns ? `${org.naming.ns}__` : ''}SQX_Record_Change__e`;

/** The objects the package's triggers publish SQX_Record_Change__e for (names without namespace). */
const PUBLISHED_BY_PACKAGE = ['Task', 'SQX_Form_Submission__c', 'SQX_Form_Definition__c'];

const NOT_IN_PAYLOAD = new Set(['Id', 'IsDeleted', 'SystemModstamp']);

/** CDC sends datetimes as ISO 8601 in UTC (…Z), not the REST API's +0000 form. */
function wireValue(v: unknown): unknown {
  return typeof v === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?\+0000$/.test(v)
    ? v.replace('+0000', 'Z')
    : v;
}

type ChangeType = 'CREATE' | 'UPDATE' | 'DELETE' | 'UNDELETE';

function changeTypeOf(c: RecordChange): ChangeType | undefined {
  const { before, after } = c;
  if (!after) return before && before.IsDeleted !== true ? 'DELETE' : undefined;
  if (!before) return after.IsDeleted === true ? undefined : 'CREATE';
  if (before.IsDeleted !== true && after.IsDeleted === true) return 'DELETE';
  if (before.IsDeleted === true && after.IsDeleted !== true) return 'UNDELETE';
  return after.IsDeleted === true ? undefined : 'UPDATE';
}

function changedFields(before: SRecord, after: SRecord): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter(
    (k) => !NOT_IN_PAYLOAD.has(k) && JSON.stringify(before[k] ?? null) !== JSON.stringify(after[k] ?? null),
  );
}

/** Listens to the org's store and publishes the events of each committed transaction. */
export function publishChanges(org: Org, bus: EventBus): () => void {
  let commitNumber = 0;
  return org.store.onChanges((changes) => {
    const transactionKey = randomUUID();
    const commitTimestamp = Date.now();
    commitNumber++;
    let sequenceNumber = 0;
    const actor = currentActor();
    for (const c of changes) {
      const changeType = changeTypeOf(c);
      if (!changeType) continue;
      const meta = org.registry.get(c.sobject);
      if (!meta) continue; // tooling and setup records are not data changes
      const rec = (c.after ?? c.before) as SRecord;
      const id = String(rec.Id);
      const commitUser = actor ?? (typeof rec.LastModifiedById === 'string' ? rec.LastModifiedById : '');
      const fields =
        changeType === 'UPDATE' && c.before && c.after
          ? changedFields(c.before, c.after)
          : changeType === 'DELETE'
            ? []
            : Object.keys(rec).filter(
                (k) => !NOT_IN_PAYLOAD.has(k) && rec[k] !== null && rec[k] !== undefined,
              );
      if (
        changeType === 'UPDATE' &&
        fields.every((f) => f === 'LastModifiedDate' || f === 'LastModifiedById')
      )
        continue; // nothing a subscriber could see changed
      const payload: Record<string, unknown> = {};
      for (const f of fields) payload[f] = wireValue(rec[f] ?? null);
      payload.ChangeEventHeader = {
        entityName: meta.name,
        recordIds: [id],
        changeType,
        changeOrigin: 'com/salesforce/api/rest',
        transactionKey,
        sequenceNumber: ++sequenceNumber,
        commitTimestamp,
        commitNumber,
        commitUser,
        nulledFields: changeType === 'UPDATE' ? fields.filter((f) => rec[f] === null) : [],
        diffFields: [],
        changedFields: changeType === 'UPDATE' ? fields : [],
      };
      const eventName = changeEventName(meta.name);
      bus.publish({
        channels: [ALL_CHANGE_EVENTS, `/data/${eventName}`],
        entity: meta.name,
        schema: eventName,
        payload,
      });
      if (PUBLISHED_BY_PACKAGE.includes(org.naming.local(meta.name))) {
        const pe = recordChangeEvent(org);
        const q = (n: string): string => `${org.naming.ns ? `${org.naming.ns}__` : ''}${n}`;
        const owner = (r: SRecord | undefined): string | null =>
          r && typeof r.OwnerId === 'string' ? r.OwnerId : null;
        bus.publish({
          channels: [`/event/${pe}`],
          entity: pe,
          schema: pe,
          payload: {
            CreatedDate: new Date(commitTimestamp).toISOString(),
            CreatedById: commitUser,
            [q('Object_Name__c')]: meta.name,
            [q('Record_Id__c')]: id,
            [q('Change_Type__c')]: changeType,
            [q('Owner_Id__c')]: owner(c.after ?? c.before),
            [q('Previous_Owner_Id__c')]: owner(c.before),
          },
        });
      }
    }
  });
}
