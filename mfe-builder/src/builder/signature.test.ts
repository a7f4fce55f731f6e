import { describe, expect, it } from 'vitest';
import { validateSignaturePurpose } from './signature';

describe('validateSignaturePurpose', () => {
  it('needs a purpose that is not only spaces', () => {
    expect(validateSignaturePurpose('')).toBe('Enter the purpose of the signature');
    expect(validateSignaturePurpose('   ')).toBe('Enter the purpose of the signature');
    expect(validateSignaturePurpose(' Inspector ')).toBeUndefined();
  });
});
