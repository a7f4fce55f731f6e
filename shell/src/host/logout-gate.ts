/**
 * "Signed out means signed out, offline too" (issue 28). The BFF's session cookie is HttpOnly: the
 * page cannot drop it, only the BFF can end the session (POST /api/sf/logout). A sign-out while
 * offline is therefore remembered on the device (localStorage, a device key that survives the
 * sign-out's clearing of browser storage, seen by every tab), and until the BFF has ended that
 * session every request the app makes through this gate first tries to end it; a request is never
 * sent while the ended user's session may still be alive. So when the network returns, the first
 * request is /api/sf/logout, before any upload, in whichever tab asks first.
 */
import { bffHeaders, type FetchLike } from './bff-client';

export const PENDING_LOGOUT_KEY = 'cq-pending-logout';
export const LOGOUT_PATH = '/api/sf/logout';

export type { FetchLike };

export interface LogoutGate {
  /** Whether a sign-out still has to reach the BFF. */
  pending(): boolean;
  /**
   * A sign-out of `userId`: from now on nothing is sent before the BFF ended that user's session (a
   * session someone else signed in to meanwhile is not ended: the BFF checks the user).
   */
  mark(loginUrl: string, userId: string): void;
  /** Ends the remembered session at the BFF now (one call in flight per tab); true when none is left. */
  flush(): Promise<boolean>;
  /** Resolves when requests may go; rejects (like a network failure) while the session could not be ended. */
  ready(): Promise<void>;
  /** `fetch` behind the gate. */
  wrap(fetch: FetchLike): FetchLike;
}

/** Thrown instead of a request while a sign-out has not reached the BFF: callers treat it as offline. */
export class SignOutPendingError extends TypeError {
  constructor() {
    super('Network Error: a sign-out has not reached the server yet');
    this.name = 'SignOutPendingError';
  }
}

export function createLogoutGate(deps: {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  fetch: FetchLike;
  baseUrl?: string;
}): LogoutGate {
  const { storage } = deps;
  const base = (deps.baseUrl ?? '').replace(/\/+$/, '');
  let inFlight: Promise<boolean> | null = null;
  // The org's URL is not kept on the device (issue 45: it outlives the sign-out); only this page sends
  // it. The BFF ignores it anyway (it knows the org): the user id is what it goes by.
  let loginUrlHere = '';

  type Mark = { loginUrl: string; userId: string };
  const read = (): Mark | null => {
    try {
      const raw = storage.getItem(PENDING_LOGOUT_KEY);
      if (!raw) return null;
      const v = JSON.parse(raw) as { userId?: unknown };
      return {
        loginUrl: loginUrlHere,
        userId: typeof v.userId === 'string' ? v.userId : '',
      };
    } catch {
      return { loginUrl: loginUrlHere, userId: '' };
    }
  };

  async function endSession({ loginUrl, userId }: Mark): Promise<boolean> {
    try {
      const res = await deps.fetch(`${base}${LOGOUT_PATH}`, {
        method: 'POST',
        credentials: 'same-origin',
        // goes on if the page navigates away meanwhile (the user signing in again at once)
        keepalive: true,
        headers: bffHeaders(true),
        body: JSON.stringify(userId ? { loginUrl, userId } : { loginUrl }),
      });
      // Answered: the session is ended (or there was none: 401). A 5xx may have left it alive.
      if (res.status >= 500) return false;
    } catch {
      return false; // no network: tried again on the next request or when back online
    }
    storage.removeItem(PENDING_LOGOUT_KEY);
    return true;
  }

  const gate: LogoutGate = {
    pending: () => read() !== null,
    mark(loginUrl, userId) {
      loginUrlHere = loginUrl;
      storage.setItem(PENDING_LOGOUT_KEY, JSON.stringify({ userId }));
    },
    flush() {
      const p = read();
      if (!p) return Promise.resolve(true);
      inFlight ??= endSession(p).finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
    async ready() {
      if (!gate.pending()) return;
      if (!(await gate.flush())) throw new SignOutPendingError();
    },
    wrap(fetch) {
      return async (url, init) => {
        await gate.ready();
        return fetch(url, init);
      };
    },
  };
  return gate;
}
