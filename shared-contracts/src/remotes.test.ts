import { describe, expect, it } from 'vitest';
import { remoteForPath, remoteUrlEnvVar } from './remotes';

describe('remoteForPath', () => {
  it.each([
    ['/', 'mfe-home'],
    ['/login', 'mfe-auth'],
    ['/authSuccessCallback', 'mfe-auth'],
    ['/authOtherOrgSuccessCallback', 'mfe-auth'],
    ['/form/0f8fad5b-d9cb-469f-a165-70867728950e', 'mfe-form'],
    ['/form/selected-submission', 'mfe-form'],
    ['/filename', 'mfe-form'],
    ['/launchFromSF', 'mfe-form'],
    ['/launchFromSF/a01/Form%20A/a02/Scheduled/x', 'mfe-form'],
    ['/launchFromSF/submission-finished', 'mfe-form'],
    ['/CQEditFormSF/a0B000000000001', 'mfe-builder'],
    ['/templates', 'mfe-builder'],
    ['/templateConfiguration/', 'mfe-builder'],
  ])('%s → %s', (path, remote) => {
    expect(remoteForPath(path)).toBe(remote);
  });

  it.each(['/nope', '/form', '/form/a/b', '/CQEditFormSF', '/loginx'])('%s is unknown', (path) => {
    expect(remoteForPath(path)).toBeNull();
  });

  it('names the override variable of each remote', () => {
    expect(remoteUrlEnvVar('mfe-home')).toBe('MFE_HOME_URL');
    expect(remoteUrlEnvVar('mfe-builder')).toBe('MFE_BUILDER_URL');
  });
});
