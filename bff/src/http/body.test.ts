import { describe, expect, it } from 'vitest';
import { sniffType } from '../org/files';
import { safeJsonParse } from './body';

describe('safe JSON', () => {
  it.each(['{"__proto__":{"x":1}}', '{"a":{"constructor":{"prototype":{}}}}', '[{"__proto__":null}]'])(
    'refuses %s',
    (text) => {
      expect(() => safeJsonParse(text)).toThrow();
      expect(({} as Record<string, unknown>).x).toBeUndefined();
    },
  );
  it('parses ordinary JSON', () => {
    expect(safeJsonParse('{"a":[1,{"b":"__proto__"}]}')).toEqual({ a: [1, { b: '__proto__' }] });
    expect(() => safeJsonParse('{bad')).toThrow();
  });
});

describe('file type from the first bytes', () => {
  it.each([
    [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a], 'image/png', true],
    [[0xff, 0xd8, 0xff, 0xe0], 'image/jpeg', true],
    [[0x25, 0x50, 0x44, 0x46, 0x2d], 'application/pdf', true],
    [[0x4d, 0x5a, 0x90, 0x00], 'application/x-msdownload', false],
    [[0x7f, 0x45, 0x4c, 0x46], 'application/x-elf', false],
    [[...Buffer.from('<!DOCTYPE html><script>')], 'text/html', false],
    [[...Buffer.from('<svg onload=alert(1)>')], 'text/html', false],
    [[...Buffer.from('a,b,c\n1,2,3\n')], 'text/plain', true],
  ])('%j → %s', (bytes, mime, ok) => {
    const r = sniffType(Buffer.from(bytes));
    expect(r.mime).toBe(mime);
    expect(r.ok).toBe(ok);
  });
});
