import { describe, expect, it } from 'vitest';
import { isValidDomainUrl } from './domain-url';

describe('custom domain pattern', () => {
  it.each([
    ['https://acme.my.salesforce.com', true],
    ['https://acme.my.salesforce.com/', true],
    ['https://test.salesforce.com:443', true],
    ['http://localhost:4400', true],
    ['http://acme.my.salesforce.com', false],
    ['https://', false],
    ['acme.my.salesforce.com', false],
    ['https://user:pw@acme.com', false],
    ['https://acme.com/path?x=1', false],
    ['javascript:alert(1)', false],
    ['', false],
  ])('%s → %s', (text, ok) => {
    expect(isValidDomainUrl(text)).toBe(ok);
  });
});
