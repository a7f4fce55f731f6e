// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { useLocationPathname, useLocationSearch } from './use-location';

function Probe() {
  return <output data-testid="search">{useLocationSearch()}</output>;
}

function Where() {
  return (
    <output data-testid="where">
      {useLocationPathname()}
      {useLocationSearch()}
    </output>
  );
}

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

describe('useLocationPathname / useLocationSearch', () => {
  it('follow navigation announced by popstate', () => {
    window.history.replaceState(null, '', '/login?expired=1');
    render(<Where />);
    expect(screen.getByTestId('where').textContent).toBe('/login?expired=1');

    act(() => {
      window.history.pushState(null, '', '/authSuccessCallback?status=ok');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(screen.getByTestId('where').textContent).toBe('/authSuccessCallback?status=ok');
  });
});

describe('useLocationSearch', () => {
  it('reads the current query string and follows navigation announced by popstate', () => {
    window.history.replaceState(null, '', '/?outbox');
    render(<Probe />);
    expect(screen.getByTestId('search').textContent).toBe('?outbox');

    act(() => {
      window.history.pushState(null, '', '/?tab=2');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(screen.getByTestId('search').textContent).toBe('?tab=2');
  });

  it('stops listening once unmounted', () => {
    const view = render(<Probe />);
    view.unmount();
    act(() => {
      window.history.pushState(null, '', '/?later');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(screen.queryByTestId('search')).toBeNull();
  });
});
