// Queues as owners (issue 43: a corrective action assigned to a crew): a Group of Type Queue may own a
// record of an object its QueueSobject rows list, as Setup > Queues > Supported Objects allows; any
// other Group as owner is refused as an org refuses it.
// https://developer.salesforce.com/docs/atlas.en-us.object_reference.meta/object_reference/sforce_api_objects_queuesobject.htm
import { SfError } from '../errors.js';
import { normalizeId } from '../ids.js';
import type { ObjectMeta } from '../metadata/registry.js';
import type { Org } from '../org.js';
import type { SRecord } from '../store/records.js';

/** True when `id` is a live queue that may own records of `sobject`. */
export function isQueueFor(org: Org, id: unknown, sobject: string): boolean {
  const norm = typeof id === 'string' ? normalizeId(id) : undefined;
  const hit = norm ? org.store.get(norm) : undefined;
  if (!hit || hit.sobject !== 'Group' || hit.data.IsDeleted === true || hit.data.Type !== 'Queue')
    return false;
  const type = sobject.toLowerCase();
  return org.store
    .list('QueueSobject')
    .some((q) => q.QueueId === hit.data.Id && String(q.SobjectType).toLowerCase() === type);
}

/** An owner that is a Group must be a queue supporting the record's object. */
export function checkOwner(org: Org, meta: ObjectMeta, rec: SRecord): void {
  const owner = rec.OwnerId;
  if (typeof owner !== 'string' || !owner.startsWith('00G') || !meta.field('OwnerId')) return;
  if (!isQueueFor(org, owner, meta.name))
    throw new SfError(400, 'FIELD_INTEGRITY_EXCEPTION', 'Queue not associated with this SObject type', [
      'OwnerId',
    ]);
}
