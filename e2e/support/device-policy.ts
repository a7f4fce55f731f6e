// The admin's side of issue 45: the org's device policy (the custom metadata record
// CQ_Device_Policy.Default, salesforce/README.md) deployed through the Metadata API, as an admin's edit
// in Setup or `sf project deploy start` of the record sets it.
import { deployOrThrow, packageXml } from 'test-kit/metadata-deploy';

export interface PolicyValues {
  pinRequired: boolean;
  pinLength: number;
  lockAfterMinutes: number;
}

export async function deployDevicePolicy(org: string, adminToken: string, p: PolicyValues): Promise<void> {
  const value = (field: string, v: string, type: string) =>
    `<values><field>${field}</field><value xsi:type="xsd:${type}">${v}</value></values>`;
  const record = `<?xml version="1.0" encoding="UTF-8"?>
<CustomMetadata xmlns="http://soap.sforce.com/2006/04/metadata" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">
    <label>Default</label>
    <protected>false</protected>
    ${value('Lock_After_Minutes__c', String(p.lockAfterMinutes), 'double')}
    ${value('PIN_Length__c', String(p.pinLength), 'double')}
    ${value('PIN_Required__c', String(p.pinRequired), 'boolean')}
</CustomMetadata>`;
  await deployOrThrow(
    org,
    adminToken,
    {
      'package.xml': packageXml({ CustomMetadata: ['CQ_Device_Policy.Default'] }),
      'customMetadata/CQ_Device_Policy.Default.md': record,
    },
    'the device policy',
    { pollMs: 100 },
  );
}
