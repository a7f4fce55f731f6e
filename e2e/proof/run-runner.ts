/**
 * Runs one of the proof runners of engineer "sync" (durability.ts, tabs.ts) for scripts/proof.mjs
 * and prints its figures on a PROOF-FIGURES line. `tsx e2e/proof/run-runner.ts durability|tabs`
 */
import { recordProof } from 'test-kit';

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
// The runners' defaults are issue 11's full size; progress lines go to the proof log.
// PROOF_RUNNER_OPTIONS (JSON) overrides the defaults, e.g. a smaller run when time is short; the
// options used are part of the figures so the report says so.
const overrides = JSON.parse(process.env.PROOF_RUNNER_OPTIONS ?? '{}') as Record<string, unknown>;
const figures: Record<string, unknown> = {
  ...(await run({ ...overrides, log: (line: string) => console.log(`[${name}] ${line}`) })),
  ...(Object.keys(overrides).length ? { options: overrides } : {}),
};
recordProof(name, figures);
// The verdicts on whichever of these figures the runner reports.
const n = (k: string): number | undefined =>
  typeof figures[k] === 'number' ? (figures[k] as number) : undefined;
const failures = [
  figures.ok === false ? 'ok: false' : '',
  ...['lost', 'duplicated', 'duplicatedFiles', 'effectsTwice', 'missing'].map((k) =>
    (n(k) ?? 0) > 0 ? `${k}: ${n(k)}` : '',
  ),
  n('files') !== undefined && n('checksumsMatching') !== undefined && n('files') !== n('checksumsMatching')
    ? `checksums ${n('checksumsMatching')}/${n('files')}`
    : '',
  ...(Array.isArray(figures.failures) ? (figures.failures as unknown[]).map(String) : []),
].filter(Boolean);
if (failures.length) console.log(`[${name}] FAILED: ${failures.join('; ')}`);
process.exit(failures.length ? 1 : 0);
