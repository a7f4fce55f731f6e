import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { useLocationSearch } from './useLocationSearch';

function Probe() {
  return <output data-testid="search">{useLocationSearch()}</output>;
}

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
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
