import {
  LOGIN_START_PATH,
  MESSAGES_EN,
  STORAGE_KEYS,
  type ApiClient,
  type ClientEnv,
  type LoginTarget,
  type SessionService,
  type SessionState,
  type SignedIn,
  type UserDetails,
  type UserDetailsSF,
  isBffError,
} from 'shared-contracts';
import { DIAGNOSTICS_KEY } from './offline/diagnostics';
import { LANGUAGE_KEY } from './language';
import { clearSyncContext, readStoredSyncContext } from './offline/sync-context';
import { PENDING_LOGOUT_KEY, type LogoutGate } from './logout-gate';
import { Signal } from './signal';
import { DEVICE_POLICY_KEY, storeDevicePolicy } from './vault/policy-store';

interface SessionAnswer {
  main: { url: string; organizationId: string; userDetails: { userId?: string } | null };
  embedded?: boolean;
}

export interface SessionDeps {
  api: ApiClient;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'clear'>;
  navigate(to: string): void;
  /**
   * Ends the BFF session on sign-out, now or as soon as the network is back, before anything else is
   * sent (logout-gate.ts). Without one, sign-out posts /api/sf/logout itself, once.
   */
  gate?: LogoutGate;
}

export interface ShellSession extends SessionService {
  /** The BFF answered 401: the session is over; stored user details go (spec section 4). */
  expire(): void;
  /** This page completed an online sign-in (the lock then opens with the user's escrow key). */
  signedInHere(): boolean;
  /**
   * Another tab changed the stored user (signed out, or signed in as someone else): this tab follows
   * at once, so it never shows or sends the earlier user's data (issue 28).
   */
  followStorage(): void;
}

const USER_KEYS = [
  STORAGE_KEYS.instanceUrl,
  STORAGE_KEYS.organizationId,
  STORAGE_KEYS.userDetails,
  STORAGE_KEYS.userDetailsSF,
  STORAGE_KEYS.timezoneKey,
  DEVICE_POLICY_KEY,
];
const USER_ID_KEY = 'userId';
/**
 * Set when the session expired on this browser, until the next sign-in: a reload right after the
 * expiry (the stored user already cleared) still tells the user why they are signed out.
 */
const EXPIRED_KEY = 'cq.sessionExpired';

function parse<T>(text: string | null): T | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

/** The stored sign-in (browser storage keys of the spec), or null. */
export function readStoredUser(storage: SessionDeps['storage']): SignedIn | null {
  const userDetails = parse<UserDetails>(storage.getItem(STORAGE_KEYS.userDetails));
  const userDetailsSF = parse<UserDetailsSF>(storage.getItem(STORAGE_KEYS.userDetailsSF));
  const organizationId = storage.getItem(STORAGE_KEYS.organizationId);
  const instanceUrl = storage.getItem(STORAGE_KEYS.instanceUrl);
  const userId = storage.getItem(USER_ID_KEY);
  if (!userDetails || !userDetailsSF || !organizationId || !instanceUrl || !userId) return null;
  return {
    status: 'signedIn',
    userId,
    organizationId,
    instanceUrl,
    userDetails,
    userDetailsSF,
    embedded: false,
  };
}

function storeUser(storage: SessionDeps['storage'], user: SignedIn): void {
  storage.setItem(STORAGE_KEYS.instanceUrl, user.instanceUrl);
  storage.setItem(STORAGE_KEYS.organizationId, user.organizationId);
  storage.setItem(STORAGE_KEYS.userDetails, JSON.stringify(user.userDetails));
  storage.setItem(STORAGE_KEYS.userDetailsSF, JSON.stringify(user.userDetailsSF));
  storage.setItem(STORAGE_KEYS.timezoneKey, user.userDetails.TimeZoneSidKey);
  storage.setItem(USER_ID_KEY, user.userId);
}

/**
 * The spec clears browser storage on sign-in and sign-out; settings of the device rather than of the
 * user (support's diagnostics switch, each user's language on this device) survive it, so turning them on before signing in works.
 */
const DEVICE_KEYS = [DIAGNOSTICS_KEY, PENDING_LOGOUT_KEY, LANGUAGE_KEY];

function clearBrowserStorage(storage: SessionDeps['storage']): void {
  const kept = DEVICE_KEYS.map((key) => [key, storage.getItem(key)] as const);
  storage.clear();
  for (const [key, value] of kept) if (value !== null) storage.setItem(key, value);
}

function clearUser(storage: SessionDeps['storage']): void {
  for (const key of [...USER_KEYS, USER_ID_KEY]) storage.removeItem(key);
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const strOrNull = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/**
 * The signed-in user, kept in browser storage under the spec's keys so the app starts offline.
 * The BFF holds the org tokens; the browser only ever knows whether its session cookie is good.
 */
export function createSessionService(deps: SessionDeps): ShellSession {
  const { api, storage } = deps;
  const stored = readStoredUser(storage);
  const state = new Signal<SessionState>(stored ?? { status: 'loading' });
  let signedInHere = false;
  let envPromise: Promise<ClientEnv> | null = null;

  async function loadUser(answer: SessionAnswer): Promise<SignedIn> {
    const userId = str(answer.main.userDetails?.userId);
    const [[first, second], policy] = await Promise.all([
      api.get<[Record<string, unknown>, Record<string, unknown>]>('/api/userDetails', { userId }),
      // The org's device policy, kept for offline (issue 45).
      api.call('vaultPolicy', {}),
    ]);
    storeDevicePolicy(storage, policy);
    return {
      status: 'signedIn',
      userId,
      organizationId: answer.main.organizationId,
      instanceUrl: answer.main.url,
      embedded: answer.embedded === true,
      userDetails: {
        Name: str(first?.Name),
        Username: str(first?.Username),
        SmallPhotoUrl: str(first?.SmallPhotoUrl),
        TimeZoneSidKey: str(first?.TimeZoneSidKey),
        LanguageLocaleKey: str(first?.LanguageLocaleKey) || 'en_US',
        LocaleSidKey: str(first?.LocaleSidKey) || 'en_US',
      },
      userDetailsSF: {
        timeZone: str(second?.timeZone) || str(first?.TimeZoneSidKey),
        userType: strOrNull(second?.userType),
        networkId: strOrNull(second?.networkId),
        siteUrl: strOrNull(second?.siteUrl),
      },
    };
  }

  async function refresh(): Promise<SessionState> {
    let answer: SessionAnswer | null;
    try {
      answer = await api.get<SessionAnswer | null>('/api/auth/session');
    } catch (error) {
      // Offline: the stored user stands, so home works from local data.
      if (isBffError(error) && error.network) {
        state.set(readStoredUser(storage) ?? { status: 'signedOut', expired: false });
        return state.get();
      }
      throw error;
    }
    const known = readStoredUser(storage);
    if (!answer?.main) {
      // No session while user details are stored: they go, and the user is told it expired.
      const expired = known !== null || storage.getItem(EXPIRED_KEY) !== null;
      clearUser(storage);
      if (expired) storage.setItem(EXPIRED_KEY, '1');
      state.set({ status: 'signedOut', expired });
      return state.get();
    }
    const sameUser =
      known &&
      known.userId === str(answer.main.userDetails?.userId) &&
      known.organizationId === answer.main.organizationId;
    const user = sameUser ? { ...known, embedded: answer.embedded === true } : await loadUser(answer);
    storage.removeItem(EXPIRED_KEY);
    storeUser(storage, user);
    state.set(user);
    return user;
  }

  return {
    state,
    env() {
      envPromise ??= api.get<ClientEnv>('/api/getEnv/').catch((error: unknown) => {
        envPromise = null; // a failed fetch is retried on the next call
        throw error;
      });
      return envPromise;
    },
    loginHref(loginUrl, target: LoginTarget = 'main') {
      return `${LOGIN_START_PATH}?${new URLSearchParams({ loginUrl, target }).toString()}`;
    },
    async completeSignIn(search, target: LoginTarget = 'main') {
      const params = new URLSearchParams(search);
      if (params.get('status') !== 'ok') throw new Error(MESSAGES_EN.unableToConnect);
      if (target === 'otherOrg') return;
      // On connect the spec clears browser storage and keeps the connection. The sign-in went through
      // the BFF, which ended the earlier session's grants at the org as it replaced that session
      // (bff routes/auth.ts): an earlier sign-out not yet sent is done, and moot.
      clearBrowserStorage(storage);
      storage.removeItem(PENDING_LOGOUT_KEY);
      // Set before the state changes: whoever reacts to the new user knows it signed in online here.
      signedInHere = true;
      const result = await refresh().catch(() => null);
      if (result?.status !== 'signedIn') {
        signedInHere = false;
        throw new Error(MESSAGES_EN.unableToConnect);
      }
      // The service worker drains for the browser's session: a queue context of anyone else (a user
      // who never signed out here, in this release's format or an earlier one's) goes, and their
      // records wait on the device for them (offline/sync-owner.ts).
      const queued = await readStoredSyncContext().catch(() => null);
      if (queued && (queued.userId !== result.userId || queued.organizationId !== result.organizationId))
        await clearSyncContext().catch(() => undefined);
    },
    async logout() {
      const loginUrl = storage.getItem(STORAGE_KEYS.instanceUrl) ?? '';
      const userId = storage.getItem(USER_ID_KEY) ?? '';
      // Signed out at once, online or not (issue 28): from here no request goes with this session
      // until the BFF has ended it (the gate), and the local records stay, kept for this user.
      deps.gate?.mark(loginUrl, userId);
      clearBrowserStorage(storage);
      state.set({ status: 'signedOut', expired: false });
      // The service worker must never drain the outbox for a user who signed out.
      await clearSyncContext().catch(() => undefined);
      deps.navigate('/login');
      if (deps.gate) await deps.gate.flush();
      else await api.post('/api/sf/logout', { loginUrl });
    },
    followStorage() {
      const current = state.get();
      const stored = readStoredUser(storage);
      if (current.status !== 'signedIn') {
        if (stored) state.set(stored);
        return;
      }
      if (stored?.userId === current.userId && stored.organizationId === current.organizationId) return;
      state.set(stored ?? { status: 'signedOut', expired: false });
      if (!stored) deps.navigate('/login');
    },
    refresh,
    signedInHere: () => signedInHere,
    expire() {
      // Several calls can fail with 401 together: once expired, the session stays "expired".
      const current = state.get();
      const expired = current.status === 'signedIn' || (current.status === 'signedOut' && current.expired);
      clearUser(storage);
      if (expired) storage.setItem(EXPIRED_KEY, '1');
      state.set({ status: 'signedOut', expired });
    },
  };
}
