// Salesforce ids: 3-char key prefix + 12 chars, plus a 3-char case-safe checksum (18-char form).
import { randomBytes } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const SUFFIX = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ012345';

export function to18(id15: string): string {
  let suffix = '';
  for (let block = 0; block < 3; block++) {
    let flags = 0;
    for (let i = 0; i < 5; i++) {
      const c = id15.charAt(block * 5 + i);
      if (c >= 'A' && c <= 'Z') flags |= 1 << i;
    }
    suffix += SUFFIX.charAt(flags);
  }
  return id15 + suffix;
}

const ID_RE = /^[a-zA-Z0-9]{15}(?:[A-Z0-5]{3})?$/;

/** Normalises a 15- or 18-char id to its 18-char form; undefined when it is not id-shaped. */
export function normalizeId(value: string): string | undefined {
  if (!ID_RE.test(value)) return undefined;
  const id18 = to18(value.slice(0, 15));
  if (value.length === 18 && id18 !== value) return undefined;
  return id18;
}

export function isIdShaped(value: unknown): value is string {
  return typeof value === 'string' && normalizeId(value) !== undefined;
}

export class IdFactory {
  // Monotonic per-prefix counters keep seeded ids stable across runs (other packages document them).
  private readonly counters = new Map<string, number>();
  constructor(private readonly pod = '5g') {}

  next(prefix: string, counter?: number): string {
    const n = counter ?? (this.counters.get(prefix) ?? 0) + 1;
    this.counters.set(prefix, Math.max(n, this.counters.get(prefix) ?? 0));
    let body = '';
    let v = n;
    for (let i = 0; i < 7; i++) {
      body = BASE62.charAt(v % 62) + body;
      v = Math.floor(v / 62);
    }
    return to18(`${prefix}${this.pod}000${body.slice(-7)}`);
  }

  reset(): void {
    this.counters.clear();
  }

  /** Continue counting above ids that already exist (file databases across restarts). */
  observe(id: string): void {
    const prefix = id.slice(0, 3);
    let n = 0;
    for (const c of id.slice(8, 15)) n = n * 62 + BASE62.indexOf(c);
    if (n > (this.counters.get(prefix) ?? 0)) this.counters.set(prefix, n);
  }
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}
