/**
 * Runs one of the proof runners of engineer "sync" (durability.ts, tabs.ts) for scripts/proof.mjs
 * and prints its figures on a PROOF-FIGURES line. `tsx packages/e2e/proof/run-runner.ts durability|tabs`
 */
import { recordProof } from 'shared-contracts/testing';

type Runner = (options: Record<string, unknown>) => Promise<Record<string, unknown>>;

const name = process.argv[2];
if (name !== 'durability' && name !== 'tabs') {
  console.error('usage: run-runner.ts durability|tabs');
  process.exit(2);
}
const mod = (await import(`./${name}.ts`)) as Record<string, unknown>;
const run = mod[name === 'durability' ? 'runDurability' : 'runTabs'] as Runner | undefined;
if (typeof run !== 'function') {
  console.error(`${name}.ts does not export ${name === 'durability' ? 'runDurability' : 'runTabs'}`);
  process.exit(2);
}
const figures = await run({ scale: process.env.PROOF_SCALE === 'full' ? 'full' : 'short' });
recordProof(name, figures);
// A runner reports its own verdict; a figure named `ok: false` or any failure list fails the step.
const failed = figures.ok === false || (Array.isArray(figures.failures) && figures.failures.length > 0);
process.exit(failed ? 1 : 0);
