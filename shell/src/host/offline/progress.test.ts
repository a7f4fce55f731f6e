import { describe, expect, it } from 'vitest';
import type { FileInfo } from 'shared-contracts';
import { Signal } from './live';
import { nextProgress, overlayProgress, withLiveProgress } from './progress';

const file = (LocalId: string, over: Partial<FileInfo> = {}): FileInfo => ({
  file: new Blob(['x']),
  Name: `${LocalId}.bin`,
  LocalId,
  ContentDocumentId: 'Unsynced',
  error: null,
  status: 'Unsynced',
  path: '',
  submissionId: 's1',
  organizationId: 'org1',
  progress: -1,
  ...over,
});

describe('withLiveProgress', () => {
  it('lays the live percentage over Unsynced files only, and keeps the same array when nothing applies', () => {
    const files = [file('a'), file('b', { status: 'Synced', ContentDocumentId: '069', progress: 100 })];
    expect(withLiveProgress(files, new Map())).toBe(files);
    expect(withLiveProgress(files, new Map([['zz', 40]]))).toBe(files);
    const out = withLiveProgress(
      files,
      new Map([
        ['a', 40],
        ['b', 10],
      ]),
    );
    expect(out.map((f) => f.progress)).toEqual([40, 100]);
    expect(out[1]).toBe(files[1]);
    expect(files[0]?.progress).toBe(-1); // the stored records are not touched
  });
});

describe('nextProgress', () => {
  it('a new map on a change, the same map when nothing changes; null removes', () => {
    const a = new Map<string, number>();
    const b = nextProgress(a, 'x', 10);
    expect(b).not.toBe(a);
    expect(nextProgress(b, 'x', 10)).toBe(b);
    expect(nextProgress(b, 'y', null)).toBe(b);
    const c = nextProgress(b, 'x', null);
    expect([...c.keys()]).toEqual([]);
  });
});

describe('overlayProgress', () => {
  it('one stable snapshot per change of either input, each change told to listeners once', () => {
    const files = new Signal<FileInfo[]>([file('a')]);
    const progress = new Signal<ReadonlyMap<string, number>>(new Map());
    const o = overlayProgress(files, progress);
    const seen: number[] = [];
    const unsub = o.subscribe((v) => seen.push(v[0]?.progress ?? -2));
    expect(o.get()).toBe(o.get());
    progress.set(nextProgress(progress.get(), 'a', 20));
    const s1 = o.get();
    expect(s1[0]?.progress).toBe(20);
    expect(o.get()).toBe(s1);
    progress.set(nextProgress(progress.get(), 'a', 30));
    files.set([file('a', { status: 'Synced', ContentDocumentId: '069', progress: 100 })]);
    progress.set(nextProgress(progress.get(), 'a', null));
    expect(seen).toEqual([20, 30, 100]);
    unsub();
    progress.set(nextProgress(progress.get(), 'a', 50));
    expect(seen).toHaveLength(3);
  });
});
