import { describe, expect, it } from 'vitest';
import { screenForPath } from './location';

describe('screenForPath', () => {
  it('maps the three auth paths, trailing slashes ignored, and nothing else', () => {
    expect(screenForPath('/login')).toBe('login');
    expect(screenForPath('/login/')).toBe('login');
    expect(screenForPath('/authSuccessCallback')).toBe('main');
    expect(screenForPath('/authOtherOrgSuccessCallback')).toBe('otherOrg');
    expect(screenForPath('/')).toBeNull();
    expect(screenForPath('/login/extra')).toBeNull();
  });
});
