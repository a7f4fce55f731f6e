/**
 * The signed-in owner's records as live store queries (what home and the form screen subscribe to):
 * each re-reads when the store changes or another user signs in; one observable per record id.
 */
import type { CachedForm, FileInfo, FileMeta, LocalSubmission, Observable } from 'shared-contracts';
import { liveRead, type Signal } from './live';
import type { Owner } from './owner';
import { overlayProgress } from './progress';
import type { OfflineStore } from './store';

export interface LiveQueryDeps {
  store: OfflineStore;
  owner: () => Owner | null;
  /** Changes when the owner does (the queries then read the new owner's records). */
  ownerInputs: Signal<string>;
  /** Upload progress by LocalId, laid over the files' stored state. */
  progress: Signal<ReadonlyMap<string, number>>;
}

export function createLiveQueries({ store, owner, ownerInputs, progress }: LiveQueryDeps) {
  const submissionObservables = new Map<string, Observable<LocalSubmission | undefined>>();
  const fileObservables = new Map<string, Observable<FileInfo[]>>();
  const filesOf = (submissionId: string): Observable<FileInfo[]> => {
    let obs = fileObservables.get(submissionId);
    if (!obs) {
      obs = overlayProgress(
        liveRead(
          () => {
            const o = owner();
            return o ? store.readFiles(o, submissionId) : null;
          },
          [],
          ownerInputs,
        ),
        progress,
      );
      fileObservables.set(submissionId, obs);
    }
    return obs;
  };
  const listObservables = new Map<string, Observable<FileMeta[]>>();
  /** As filesOf without the bytes: nothing is decrypted but the records (the form screen's list). */
  const fileList = (submissionId: string): Observable<FileMeta[]> => {
    let obs = listObservables.get(submissionId);
    if (!obs) {
      obs = overlayProgress(
        liveRead(
          () => {
            const o = owner();
            return o ? store.readFileList(o, submissionId) : null;
          },
          [] as FileMeta[],
          ownerInputs,
        ),
        progress,
      );
      listObservables.set(submissionId, obs);
    }
    return obs;
  };
  return {
    /** Newest first. */
    submissions: liveRead(
      () => {
        const o = owner();
        if (!o) return null;
        const read = store.readSubmissions(o);
        return {
          rows: read.rows,
          open: async (rows) =>
            (await read.open(rows)).sort((a, b) => b.createdOn.localeCompare(a.createdOn)),
        };
      },
      [] as LocalSubmission[],
      ownerInputs,
    ),
    submission(id: string): Observable<LocalSubmission | undefined> {
      let obs = submissionObservables.get(id);
      if (!obs) {
        obs = liveRead(
          () => {
            const o = owner();
            return o ? store.readSubmission(o, id) : null;
          },
          undefined,
          ownerInputs,
        );
        submissionObservables.set(id, obs);
      }
      return obs;
    },
    filesOf,
    fileList,
    cachedForms: liveRead(
      () => {
        const o = owner();
        return o ? store.readForms(o) : null;
      },
      [] as CachedForm[],
      ownerInputs,
    ),
  };
}
