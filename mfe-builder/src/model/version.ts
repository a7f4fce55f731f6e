// Form JSON versions (builder spec section 9: comparisons against 1.2.0 and 2.0.0).
import { BUILDER } from 'shared-contracts';

const [INLINE_TABLES_BELOW, SECTION_IDS_FROM] = BUILDER.formVersionComparisons;

/** Compares dotted versions numerically: -1, 0 or 1. Missing parts count as 0; garbage as 0.0.0. */
export function compareVersions(a: string | undefined, b: string): number {
  const pa = String(a ?? '0')
    .split('.')
    .map((x) => Number.parseInt(x, 10) || 0);
  const pb = b.split('.').map((x) => Number.parseInt(x, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return 0;
}

/** Below 1.2.0 tables were inline arrays in General (no definitions); below 2.0.0 sections had no ids. */
export const hasInlineTables = (version: string | undefined) =>
  compareVersions(version, INLINE_TABLES_BELOW) < 0;
export const needsConversion = (version: string | undefined) =>
  compareVersions(version, SECTION_IDS_FROM) < 0;
