/**
 * A snackbar that outlives the form screen: the spec has the offline-submit message shown while the
 * user goes home, and this remote's React tree (with its Chakra toasts) unmounts on that navigation.
 * So it is a plain DOM element on <body>, removed after SNACKBAR_MS (6 s, spec section 9).
 */
import { SNACKBAR_MS } from 'shared-contracts';

export function showSnackbar(message: string, durationMs: number = SNACKBAR_MS): () => void {
  const el = document.createElement('div');
  el.setAttribute('role', 'status');
  el.setAttribute('aria-live', 'polite');
  el.dataset.testid = 'snackbar';
  el.textContent = message;
  Object.assign(el.style, {
    position: 'fixed',
    left: '50%',
    bottom: '1.5rem',
    transform: 'translateX(-50%)',
    zIndex: '2000',
    background: '#1a202c',
    color: '#ffffff',
    padding: '0.75rem 1.25rem',
    borderRadius: '0.375rem',
    boxShadow: '0 4px 12px rgba(0,0,0,0.25)',
    fontSize: '0.95rem',
    maxWidth: '90vw',
  } satisfies Partial<CSSStyleDeclaration>);
  document.body.appendChild(el);
  const timer = setTimeout(() => el.remove(), durationMs);
  return () => {
    clearTimeout(timer);
    el.remove();
  };
}
