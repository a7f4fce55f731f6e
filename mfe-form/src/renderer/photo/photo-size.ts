/** The photo card's names and size line (the resize's own maths: ui-kit/photo/photo-fit.ts). */

/** The kept original's name: `IMG_1.heic` → `IMG_1-original.heic`. */
export function originalName(name: string): string {
  const m = /^(.*?)(\.[^./\\]*)?$/.exec(name);
  const base = m?.[1] || 'photo';
  return `${base}-original${m?.[2] ?? ''}`;
}

/** Bytes as a person reads them: 950 B, 12 KB, 1.4 MB (1 KB = 1024 B, as file managers show). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1024) return `${Math.round(bytes)} B`;
  const kb = bytes / 1024;
  if (kb < 1024) return `${kb < 10 ? kb.toFixed(1) : Math.round(kb)} KB`;
  const mb = kb / 1024;
  return `${mb < 10 ? mb.toFixed(1) : Math.round(mb)} MB`;
}

/** The card's size line: what was sent and what the resize saved (nothing saved: just the size). */
export function sizeLine(sent: number, original: number | undefined): string {
  const saved = original !== undefined ? original - sent : 0;
  if (saved <= 0) return `Sent ${formatBytes(sent)}`;
  const pct = Math.round((saved / (original ?? 1)) * 100);
  return `Sent ${formatBytes(sent)} · saved ${formatBytes(saved)} (${pct}%)`;
}
