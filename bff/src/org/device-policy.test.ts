import { DEVICE_POLICY_DEFAULT } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { devicePolicyOf } from './device-policy';

const plain = (n: string): string => n;
const ns = (n: string): string => `cqext__${n}`;

describe('devicePolicyOf', () => {
  it('takes the org record, under the namespace the deployment uses', () => {
    expect(
      devicePolicyOf(
        { cqext__PIN_Required__c: true, cqext__PIN_Length__c: 4, cqext__Lock_After_Minutes__c: 5 },
        ns,
      ),
    ).toEqual({ pinRequired: true, pinLength: 4, lockAfterMinutes: 5, source: 'org' });
  });

  it('holds values to the limits the app enforces: a PIN of 4 to 8 digits, a lock after 1 to 240 minutes', () => {
    expect(
      devicePolicyOf({ PIN_Required__c: true, PIN_Length__c: 2, Lock_After_Minutes__c: 0 }, plain),
    ).toEqual({
      pinRequired: true,
      pinLength: 4,
      lockAfterMinutes: 1,
      source: 'org',
    });
    expect(devicePolicyOf({ PIN_Length__c: 12.6, Lock_After_Minutes__c: 999 }, plain)).toMatchObject({
      pinRequired: false,
      pinLength: 8,
      lockAfterMinutes: 240,
    });
  });

  it('fills what the record leaves empty from the default; no record is the default policy', () => {
    expect(devicePolicyOf({ PIN_Required__c: true, PIN_Length__c: null }, plain)).toEqual({
      pinRequired: true,
      pinLength: DEVICE_POLICY_DEFAULT.pinLength,
      lockAfterMinutes: DEVICE_POLICY_DEFAULT.lockAfterMinutes,
      source: 'org',
    });
    expect(devicePolicyOf(undefined, plain)).toEqual(DEVICE_POLICY_DEFAULT);
  });
});
