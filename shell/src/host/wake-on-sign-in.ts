import type { Observable, SessionState } from 'shared-contracts';

/**
 * Wakes the uploaders when the signed-in organisation becomes known or changes. The engine sleeps
 * after a pass that finds nothing queued, and without an organisation it sees no queue (a start
 * after a crash that lost the stored user, before the session answers): without this wake, work
 * queued before the crash would wait for the next write.
 */
export function wakeOnSignIn(state: Observable<SessionState>, wake: () => void): () => void {
  // the owner of the local records: organisation and user (issue 28)
  const orgOf = (s: SessionState) => (s.status === 'signedIn' ? `${s.organizationId}/${s.userId}` : '');
  let last = orgOf(state.get());
  return state.subscribe((s) => {
    const org = orgOf(s);
    if (org && org !== last) wake();
    last = org;
  });
}
