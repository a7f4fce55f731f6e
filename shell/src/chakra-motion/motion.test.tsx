// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';

afterEach(cleanup);

// Each test gets a fresh copy of the shim: whether the features were loaded is module state.
async function freshShim() {
  vi.resetModules();
  const features = vi.fn();
  vi.doMock('./features', async () => {
    features();
    return vi.importActual('./features');
  });
  const shim = await import('./motion');
  return { ...shim, featuresImported: features };
}

describe('Chakra motion shim', () => {
  it('renders a settled element without fetching the features', async () => {
    const { motion, featuresImported } = await freshShim();
    render(
      <motion.div data-testid="menu" initial={false} animate={{ opacity: 0 }} style={{ opacity: 0 }}>
        menu
      </motion.div>,
    );
    expect(screen.getByTestId('menu').textContent).toBe('menu');
    // effects have run: a need would have started the import by now
    await act(async () => undefined);
    expect(featuresImported).not.toHaveBeenCalled();
  });

  it('fetches the features when the target changes and keeps the same DOM element', async () => {
    const { motion, featuresImported } = await freshShim();
    const { rerender } = render(
      <motion.div data-testid="menu" initial={false} animate="exit" variants={{ exit: {}, enter: {} }} />,
    );
    const before = screen.getByTestId('menu');
    rerender(
      <motion.div data-testid="menu" initial={false} animate="enter" variants={{ exit: {}, enter: {} }} />,
    );
    await waitFor(() => expect(featuresImported).toHaveBeenCalledTimes(1));
    await act(async () => undefined);
    expect(screen.getByTestId('menu')).toBe(before);
  });

  it('animates a settled element to the target it moved to before the features arrived (a menu opening)', async () => {
    const { motion } = await freshShim();
    const variants = {
      exit: { opacity: 0, transition: { duration: 0 } },
      enter: { opacity: 1, transition: { duration: 0 } },
    };
    const { rerender } = render(
      <motion.div data-testid="menu" initial={false} animate="exit" variants={variants} />,
    );
    expect(screen.getByTestId('menu').style.opacity).toBe('0');
    rerender(<motion.div data-testid="menu" initial={false} animate="enter" variants={variants} />);
    await waitFor(() => expect(screen.getByTestId('menu').style.opacity).toBe('1'));
  });

  it('expands a panel whose presence skips mount animations (Chakra Collapse) once the features arrive', async () => {
    const { motion, AnimatePresence } = await freshShim();
    const variants = {
      exit: { opacity: 0, transition: { duration: 0 } },
      enter: { opacity: 1, transition: { duration: 0 } },
    };
    const view = (open: boolean) => (
      <AnimatePresence initial={false}>
        <motion.div
          data-testid="panel"
          initial={false}
          animate={open ? 'enter' : 'exit'}
          variants={variants}
        />
      </AnimatePresence>
    );
    const { rerender } = render(view(false));
    expect(screen.getByTestId('panel').style.opacity).toBe('0');
    rerender(view(true));
    await waitFor(() => expect(screen.getByTestId('panel').style.opacity).toBe('1'));
  });

  it('shows a panel again that was closed (display none at the end of its exit) when it opens', async () => {
    const { motion, AnimatePresence } = await freshShim();
    // Chakra's Collapse: the exit ends with display none; the enter target does not name display, and
    // framer puts the style's display back only for a key it saw in the previous target.
    const variants = {
      exit: { opacity: 0, transition: { duration: 0 }, transitionEnd: { display: 'none' } },
      enter: { opacity: 1, transition: { duration: 0 } },
    };
    const view = (open: boolean) => (
      <AnimatePresence initial={false}>
        <motion.div
          data-testid="panel"
          style={{ display: 'block' }}
          initial={false}
          animate={open ? 'enter' : 'exit'}
          variants={variants}
        />
      </AnimatePresence>
    );
    const { rerender } = render(view(false));
    expect(screen.getByTestId('panel').style.display).toBe('none');
    rerender(view(true));
    await waitFor(() => expect(screen.getByTestId('panel').style.opacity).toBe('1'));
    await waitFor(() => expect(screen.getByTestId('panel').style.display).toBe('block'));
  });

  it('fetches the features for an entrance animation, once for every element', async () => {
    const { motion, featuresImported, loadMotionFeatures } = await freshShim();
    render(
      <>
        <motion.section data-testid="a" initial={{ opacity: 0 }} animate={{ opacity: 1 }} />
        <motion.div data-testid="b" initial={{ opacity: 0 }} animate={{ opacity: 1 }} />
      </>,
    );
    await waitFor(() => expect(featuresImported).toHaveBeenCalledTimes(1));
    const features = await loadMotionFeatures();
    expect(typeof features.renderer).toBe('function');
    expect(featuresImported).toHaveBeenCalledTimes(1);
  });

  it('removes an element that leaves before the features arrived', async () => {
    const { motion, AnimatePresence } = await freshShim();
    const view = (open: boolean) => (
      <AnimatePresence>
        {open ? <motion.div key="t" data-testid="toast" initial={false} animate="enter" exit="exit" /> : null}
      </AnimatePresence>
    );
    const { rerender } = render(view(true));
    expect(screen.getByTestId('toast')).toBeTruthy();
    rerender(view(false));
    await waitFor(() => expect(screen.queryByTestId('toast')).toBeNull());
  });
});
