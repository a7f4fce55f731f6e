/**
 * Upload progress lives in memory, not in the stored file record. The record holds the file's bytes
 * (a Blob of up to 100 MB) and IndexedDB has no partial update: every progress write stored the whole
 * Blob again (Chromium copies it; 852 ms for a 96 MB record against 68 ms to read it, measured in the
 * durability run), ten times per attempt, holding the images store meanwhile. The uploading tab
 * keeps the percentages here, tells other tabs over the queue channel, and `fileList` shows them on
 * top of the stored records; the record itself is written once per outcome (Synced with 100, or the
 * failure).
 */
import { FILE_STATUS, type FileInfo, type Observable } from 'shared-contracts';

/** The stored records with the live percentage of each Unsynced file that has one. */
export function withLiveProgress<F extends Pick<FileInfo, 'LocalId' | 'status' | 'progress'>>(
  files: F[],
  progress: ReadonlyMap<string, number>,
): F[] {
  if (progress.size === 0) return files;
  let changed = false;
  const out = files.map((f) => {
    const p = progress.get(f.LocalId);
    if (p === undefined || f.status !== FILE_STATUS.unsynced || p === f.progress) return f;
    changed = true;
    return { ...f, progress: p };
  });
  return changed ? out : files;
}

/**
 * `files` with `progress` laid over it, as one observable. The snapshot is the same object until
 * either input changes (React's useSyncExternalStore re-renders forever otherwise).
 */
export function overlayProgress<F extends Pick<FileInfo, 'LocalId' | 'status' | 'progress'>>(
  files: Observable<F[]>,
  progress: Observable<ReadonlyMap<string, number>>,
): Observable<F[]> {
  let lastFiles: F[] | null = null;
  let lastProgress: ReadonlyMap<string, number> | null = null;
  let snapshot: F[] = [];
  const get = (): F[] => {
    const f = files.get();
    const p = progress.get();
    if (f !== lastFiles || p !== lastProgress) {
      lastFiles = f;
      lastProgress = p;
      snapshot = withLiveProgress(f, p);
    }
    return snapshot;
  };
  return {
    get,
    subscribe(listener) {
      let sent: F[] | null = null;
      const emit = (): void => {
        const v = get();
        if (v === sent) return;
        sent = v;
        listener(v);
      };
      const a = files.subscribe(emit);
      const b = progress.subscribe(emit);
      return () => {
        a();
        b();
      };
    },
  };
}

/** Percentages by LocalId; `null` removes one (its outcome is stored). A new map on each change. */
export function nextProgress(
  current: ReadonlyMap<string, number>,
  localId: string,
  percent: number | null,
): ReadonlyMap<string, number> {
  if (percent === null ? !current.has(localId) : current.get(localId) === percent) return current;
  const next = new Map(current);
  if (percent === null) next.delete(localId);
  else next.set(localId, percent);
  return next;
}
