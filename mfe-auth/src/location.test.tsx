import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { screenForPath, usePathname, useSearch } from './location';

function Probe() {
  return (
    <output data-testid="where">
      {usePathname()}
      {useSearch()}
    </output>
  );
}

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

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

describe('usePathname / useSearch', () => {
  it('follow navigation announced by popstate', () => {
    window.history.replaceState(null, '', '/login?expired=1');
    render(<Probe />);
    expect(screen.getByTestId('where').textContent).toBe('/login?expired=1');

    act(() => {
      window.history.pushState(null, '', '/authSuccessCallback?status=ok');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(screen.getByTestId('where').textContent).toBe('/authSuccessCallback?status=ok');
  });
});
