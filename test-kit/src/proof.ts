/**
 * The proof suites (issue 11) run short in `npm test` and at full size under `npm run proof`, which
 * sets PROOF_SCALE=full and collects the figures each suite prints on a `PROOF-FIGURES {json}` line
 * (stdout, so it works the same from Vitest workers, Playwright workers and plain scripts).
 */
const env = (): Record<string, string | undefined> =>
  (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env ?? {};

/** True under `npm run proof` (PROOF_SCALE=full). */
export const proofFull = (): boolean => env().PROOF_SCALE === 'full';

/** The short size in `npm test`, the full size under `npm run proof`. */
export const proofScale = <T>(short: T, full: T): T => (proofFull() ? full : short);

/** Prints one suite's figures for scripts/proof.mjs (and for a human reading the test output). */
export function recordProof(suite: string, figures: Record<string, unknown>): void {
  console.log(
    `PROOF-FIGURES ${JSON.stringify({ suite, scale: proofFull() ? 'full' : 'short', ...figures })}`,
  );
}
