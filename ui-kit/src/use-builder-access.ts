import { useEffect, useState } from 'react';
import type { HostServices } from 'shared-contracts';
import { useObservable } from './use-observable';

/**
 * Whether the signed-in user may use the form builder: the org's answer (GET /api/formBuilderAccess,
 * their access to SQX_Form_Definition__c), never a list of users. Asked once per user and page; the
 * shell hides the builder entry and the builder shows its no-access page when it is 'denied'.
 * 'unknown' while asking or signed out; 'error' when the BFF could not be asked (offline).
 */
export type BuilderAccess = 'unknown' | 'allowed' | 'denied' | 'error';

const answers = new Map<string, Promise<boolean>>();

export function builderAccess(host: HostServices, userId: string): Promise<boolean> {
  let p = answers.get(userId);
  if (!p) {
    p = host.api.get<{ allowed: boolean }>('/api/formBuilderAccess').then((a) => a.allowed === true);
    // A failed ask (offline, a blip) is asked again next time.
    p.catch(() => answers.delete(userId));
    answers.set(userId, p);
  }
  return p;
}

export function useBuilderAccess(host: HostServices): BuilderAccess {
  const session = useObservable(host.session.state);
  const userId = session.status === 'signedIn' ? session.userId : undefined;
  const [state, setState] = useState<{ userId?: string; access: BuilderAccess }>({ access: 'unknown' });
  useEffect(() => {
    if (!userId) return;
    let live = true;
    builderAccess(host, userId).then(
      (allowed) => live && setState({ userId, access: allowed ? 'allowed' : 'denied' }),
      () => live && setState({ userId, access: 'error' }),
    );
    return () => {
      live = false;
    };
  }, [host, userId]);
  return userId && state.userId === userId ? state.access : 'unknown';
}
