import { describe, expect, it } from 'vitest';
import { logoError } from './logo';

describe('logoError', () => {
  it('accepts png and jpg up to 200 KB', () => {
    expect(logoError({ type: 'image/png', name: 'a.png', size: 200 * 1024 })).toBeNull();
    expect(logoError({ type: 'image/jpeg', name: 'a.jpg', size: 10 })).toBeNull();
  });
  it('refuses other types and larger files with the spec texts', () => {
    expect(logoError({ type: 'image/gif', name: 'a.gif', size: 10 })).toBe('Logo should be jpg or png type');
    expect(logoError({ type: 'image/png', name: 'a.png', size: 300 * 1024 })).toBe(
      'Logo size is 300 KB, Please limit it to 200KB',
    );
  });
});
