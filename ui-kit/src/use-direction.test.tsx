// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useDirectedTheme } from './use-direction';

const theme = { components: {} };

function Probe() {
  const t = useDirectedTheme(theme);
  return <span data-testid="dir">{t.direction}</span>;
}

describe('useDirectedTheme', () => {
  afterEach(() => document.documentElement.removeAttribute('dir'));

  it("follows <html dir>: the host's language decides, components re-render on a change", async () => {
    render(<Probe />);
    expect(screen.getByTestId('dir').textContent).toBe('ltr');
    await act(async () => {
      document.documentElement.dir = 'rtl';
      await Promise.resolve();
    });
    expect(screen.getByTestId('dir').textContent).toBe('rtl');
    await act(async () => {
      document.documentElement.dir = 'ltr';
      await Promise.resolve();
    });
    expect(screen.getByTestId('dir').textContent).toBe('ltr');
  });
});
