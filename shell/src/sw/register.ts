import { PRERENDERED_ATTR } from 'shared-contracts';

let registering: Promise<unknown> | null = null;

/** Registers the shell's service worker (code cache for offline starts); a failure only costs that. */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  registering = navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
    console.warn('[shell] service worker not registered', error);
  });
}

/** A sign-in from the prerendered screen waits at most this for the worker's registration. */
const HOLD_MS = 3000;

/**
 * A tap on the prerendered sign-in screen (issue 46) leaves the page for the org, maybe before the
 * worker's registration went through: its install (offline from the first sign-in) would then start
 * only back from the org, and a network lost as home first shows would find home's code not kept.
 * Once this script runs, such a sign-in leaves once the registration is made (at most HOLD_MS).
 */
export function holdPrerenderedSignIn(): void {
  // Only a page the BFF sent with a prerendered screen (the page's first script runs after parsing).
  if (!document.querySelector(`[${PRERENDERED_ATTR}]`)) return;
  document.addEventListener(
    'submit',
    (event) => {
      const form = event.target;
      if (!registering || !(form instanceof HTMLFormElement) || !form.closest(`[${PRERENDERED_ATTR}]`))
        return;
      event.preventDefault();
      const data = new FormData(form, (event as SubmitEvent).submitter);
      const url = new URL(form.action);
      url.search = new URLSearchParams(
        [...data.entries()].map(([k, v]): [string, string] => [k, String(v)]),
      ).toString();
      const leave = () => window.location.assign(url.href);
      void Promise.race([registering, new Promise((resolve) => setTimeout(resolve, HOLD_MS))]).then(leave);
    },
    true,
  );
}
