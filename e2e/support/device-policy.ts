// The admin's side of issue 45: the org's device policy (the custom metadata record
// CQ_Device_Policy.Default, salesforce/README.md) deployed through the Metadata API, as an admin's edit
// in Setup or `sf project deploy start` of the record sets it.
import { strToU8, zipSync } from 'fflate';

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
  const files = {
    'package.xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Package xmlns="http://soap.sforce.com/2006/04/metadata"><types><members>CQ_Device_Policy.Default</members><name>CustomMetadata</name></types><version>66.0</version></Package>',
    ),
    'customMetadata/CQ_Device_Policy.Default.md': strToU8(record),
  };
  const form = new FormData();
  form.append('json', JSON.stringify({ deployOptions: { rollbackOnError: true, singlePackage: true } }));
  form.append('file', new Blob([Buffer.from(zipSync(files))], { type: 'application/zip' }), 'deploy.zip');
  const auth = { Authorization: `Bearer ${adminToken}` };
  const started = await fetch(`${org}/services/data/v66.0/metadata/deployRequest`, {
    method: 'POST',
    headers: auth,
    body: form,
  });
  if (started.status !== 201) throw new Error(`deploy: ${started.status} ${await started.text()}`);
  const { id } = (await started.json()) as { id: string };
  for (let i = 0; i < 300; i++) {
    const res = await fetch(`${org}/services/data/v66.0/metadata/deployRequest/${id}?includeDetails=true`, {
      headers: auth,
    });
    const { deployResult } = (await res.json()) as { deployResult: { done: boolean; status: string } };
    if (deployResult.done) {
      if (deployResult.status !== 'Succeeded') throw new Error(`deploy: ${JSON.stringify(deployResult)}`);
      return;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('deploy never finished');
}
