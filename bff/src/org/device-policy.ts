/**
 * The org's device policy (issue 45): the product's custom metadata record `CQ_Device_Policy__mdt.Default`,
 * read as the signed-in user (their permission set grants the type), held to the limits the app
 * enforces. An org without the type, or a user it is not granted to, gets the default policy.
 */
import type { Connection } from 'jsforce';
import { DEVICE_POLICY_DEFAULT, type DevicePolicy, devicePolicy } from 'shared-contracts';
import { eq, select } from './soql';
import type { SfRecord } from './util';

/** The policy a record says (names without namespace), within the limits; no record: the default. */
export function devicePolicyOf(row: SfRecord | undefined, name: (field: string) => string): DevicePolicy {
  if (!row) return DEVICE_POLICY_DEFAULT;
  return devicePolicy({
    pinRequired: row[name('PIN_Required__c')],
    pinLength: row[name('PIN_Length__c')],
    lockAfterMinutes: row[name('Lock_After_Minutes__c')],
  });
}

export async function readDevicePolicy(conn: Connection, name: (n: string) => string): Promise<DevicePolicy> {
  const soql = select({
    fields: ['PIN_Required__c', 'PIN_Length__c', 'Lock_After_Minutes__c'].map(name),
    from: name('CQ_Device_Policy__mdt'),
    where: [eq('DeveloperName', 'Default')],
    limit: 1,
  });
  try {
    const res = await conn.query<SfRecord>(soql);
    return devicePolicyOf(res.records[0], name);
  } catch (err) {
    // The type is not deployed, or not granted to this user: the org has no policy for them.
    const code = (err as { errorCode?: string }).errorCode ?? (err as { name?: string }).name ?? '';
    if (/INVALID_TYPE|INVALID_FIELD/.test(code)) return DEVICE_POLICY_DEFAULT;
    throw err;
  }
}
