import { describe, expect, it } from 'vitest';
import { isUploadKey, uploadKeyField, uploadKeySoql } from './upload-key';

describe('upload key', () => {
  it('accepts the client file ids (UUIDs) and refuses anything that could leave the SOQL string', () => {
    expect(isUploadKey('0b7c1d2e-3f40-4a5b-8c6d-7e8f90a1b2c3')).toBe(true);
    expect(isUploadKey('a'.repeat(64))).toBe(true);
    expect(isUploadKey('a'.repeat(65))).toBe(false);
    expect(isUploadKey('')).toBe(false);
    expect(isUploadKey("x' OR Id != '")).toBe(false);
    expect(isUploadKey('a\\b')).toBe(false);
  });

  it("looks the key up among the user's own versions, in the package's namespace", () => {
    expect(uploadKeyField('cqext')).toBe('cqext__Upload_Key__c');
    expect(uploadKeySoql('cqext', 'abc-1', '0055g000000AbCdAAA')).toBe(
      "SELECT Id, ContentDocumentId, Title FROM ContentVersion WHERE cqext__Upload_Key__c = 'abc-1'" +
        " AND OwnerId = '0055g000000AbCdAAA' ORDER BY CreatedDate LIMIT 1",
    );
    expect(() => uploadKeySoql('cqext', "x'", '0055g000000AbCdAAA')).toThrow();
    expect(() => uploadKeySoql('cqext', 'abc', "005' OR ''='")).toThrow();
  });
});
