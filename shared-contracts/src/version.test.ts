import { describe, expect, it } from 'vitest';
import { checkContractCompatibility, parseVersion } from './version';

describe('contract version', () => {
  it('parses semver triples only', () => {
    expect(parseVersion('1.2.3')).toEqual({ major: 1, minor: 2, patch: 3 });
    expect(parseVersion('1.2')).toBeNull();
    expect(parseVersion('v1.2.3')).toBeNull();
  });

  it('accepts the same major with an older or equal minor', () => {
    expect(checkContractCompatibility('1.4.0', '1.4.9')).toEqual({ ok: true });
    expect(checkContractCompatibility('1.4.0', '1.0.0')).toEqual({ ok: true });
  });

  it('refuses another major, a newer minor, or no version', () => {
    expect(checkContractCompatibility('1.4.0', '2.0.0').ok).toBe(false);
    expect(checkContractCompatibility('2.0.0', '1.9.0').ok).toBe(false);
    expect(checkContractCompatibility('1.4.0', '1.5.0').ok).toBe(false);
    expect(checkContractCompatibility('1.4.0', undefined).ok).toBe(false);
    expect(checkContractCompatibility('1.4.0', 'banana').ok).toBe(false);
  });
});
