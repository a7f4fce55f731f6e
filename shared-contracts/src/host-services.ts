import type { RemoteName } from './remotes';
import type { LoginTarget } from './api/http';
import type { Observable } from './observable';
import type { RouteCall } from './api/route-types';
import type { UserDetails, UserDetailsSF } from './user-details';

export type { UserDetails, UserDetailsSF } from './user-details';
import type { OfflineServices } from './offline';

/** What the shell knows of the signed-in user; mirrors the browser storage keys of the spec. */
export interface SignedIn {
  status: 'signedIn';
  userId: string;
  organizationId: string;
  instanceUrl: string;
  userDetails: UserDetails;
  userDetailsSF: UserDetailsSF;
  /** Launched inside the org as a canvas app (embedded session). */
  embedded: boolean;
}

export type SessionState =
  | { status: 'loading' }
  /** expired: the session ended on its own (the spec's session-expired message applies). */
  | { status: 'signedOut'; expired: boolean }
  | SignedIn;

/** The client-facing environment (GET /api/getEnv/). */
export interface ClientEnv {
  clientId: string | null;
  loginEnabled: boolean;
  /** Which of production, sandbox, custom are offered. */
  loginOptions: string[];
  namespace: string;
  embedded: boolean;
}

export interface SessionService {
  readonly state: Observable<SessionState>;
  /** The environment, fetched once (and refetched after a failure). */
  env(): Promise<ClientEnv>;
  /**
   * Where to send the browser to sign in: 'production', 'sandbox' or a custom domain URL.
   * Sign-in is a full-page navigation through the BFF's OAuth flow.
   */
  loginHref(loginUrl: string, target?: LoginTarget): string;
  /**
   * On a callback route: reads the BFF's outcome from the query string, then stores the user
   * details. Rejects with the spec's 'Unable to connect to SF' when sign-in failed.
   */
  completeSignIn(search: string, target?: LoginTarget): Promise<void>;
  /** Logs out of the org, clears browser storage and the session. */
  logout(): Promise<void>;
  /** Re-reads the session from the BFF (e.g. after coming back online). */
  refresh(): Promise<SessionState>;
}

export type QueryParams = Record<string, string | number | boolean | undefined>;

/**
 * Same-origin calls to the BFF through the host's one client (session cookie, CSRF header, the
 * sign-out gate); answers the envelope's `data` or throws a `BffError` (test with `isBffError`). A 401
 * ends the session (the shell then shows sign-in with the session-expired message).
 */
export interface ApiClient {
  get<T>(path: string, query?: QueryParams): Promise<T>;
  post<T>(path: string, body?: unknown, query?: QueryParams): Promise<T>;
  put<T>(path: string, body?: unknown, query?: QueryParams): Promise<T>;
  /**
   * Since 1.3.0: an answer that is not enveloped (a file preview, a download) as a Blob; a POST when
   * `body` is given. Fails with a `BffError` like the others.
   */
  blob(path: string, options?: { body?: unknown; query?: QueryParams }): Promise<Blob>;
  /**
   * Since 1.4.0: a route of the BFF's route table by operation id (`Routes`, api/route-types.ts), with
   * its path params, query and body, answering the route's typed answer (a Blob for a download).
   * Remotes use this rather than declaring their own answer types.
   */
  call: RouteCall;
}

/** Since 1.3.0: another remote's exposed module, loaded through the shell's Module Federation runtime. */
export interface RemoteModules {
  /**
   * `module` of remote `name` (e.g. 'mfe-form', './FormRenderer'), at the entry the shell's remotes
   * config names; rejects when the remote cannot be reached (a later call tries again).
   */
  load<T>(name: RemoteName, module: string): Promise<T>;
}

/**
 * What the shell hands every remote as single-spa custom props. Remotes reach the BFF, the local
 * stores and the sync engine only through this object, so they never depend on shell internals.
 * Later contract minors add members; a remote built against an older minor keeps working.
 */
export interface HostServices {
  readonly contractVersion: string;
  /** Client-side navigation through the shell's single-spa router. */
  navigate(to: string, options?: { replace?: boolean }): void;
  /** navigator.onLine, kept current from online/offline events. */
  readonly online: Observable<boolean>;
  /**
   * A remote whose React tree crashed after mounting calls this from its error boundary; the
   * shell replaces that area with its fallback (with a retry) and keeps every other area running.
   */
  reportCrash(name: RemoteName, error: unknown): void;
  /** Since 1.1.0: sign-in state, environment, login and logout. */
  readonly session: SessionService;
  /** Since 1.1.0: calls to the BFF (every call a remote makes goes through it; remotes never fetch). */
  readonly api: ApiClient;
  /** Since 1.1.0: local stores, sync engine and outbox (one instance per tab; one uploader per browser). */
  readonly offline: OfflineServices;
  /** Since 1.3.0: other remotes' modules (the builder's preview renders mfe-form's renderer). */
  readonly remotes: RemoteModules;
  /** Since 1.4.0: canvas mode (launched from inside the org), by the shell's one rule. */
  readonly canvas: CanvasMode;
  /** Since 1.5.0: the user's language for the app's own texts, and their locale and time zone (issue 44). */
  readonly i18n: LanguageService;
}

/** How dates, times and numbers are shown: the user's Salesforce locale and time zone, through Intl. */
export interface DisplayLocale {
  /** An Intl locale tag (LocaleSidKey de_DE → de-DE); the app's language when the user has none. */
  locale: string;
  /** An IANA time zone (TimeZoneSidKey); undefined: the device's. */
  timeZone?: string;
}

/**
 * Since 1.5.0: the app's language. The host picks it (the user's choice on this device, else their
 * Salesforce LanguageLocaleKey, else English), tells it as it changes, and sets `<html lang dir>`;
 * each remote loads its own catalog for it (ui-kit/i18n).
 */
export interface LanguageService {
  /** One of LANGUAGES (or PSEUDO_LANGUAGE in tests). */
  readonly language: Observable<string>;
  readonly displayLocale: Observable<DisplayLocale>;
  /** The user's choice (profile menu), kept per org and user on this device; null: their Salesforce language again. */
  setLanguage(language: string | null): void;
}

/** Since 1.4.0: whether the app runs launched from the org (spec 000 §2): a canvas URL, or framed. */
export interface CanvasMode {
  /** Now: the current URL is a canvas URL (launchFromSF, CQEditFormSF) or the app runs inside a frame. */
  isActive(): boolean;
}

export interface RemoteAppProps {
  name: RemoteName;
  host: HostServices;
  /** The element the remote renders into; the shell owns it. */
  domElement: HTMLElement;
}

export type LifeCycleFn = (props: RemoteAppProps) => Promise<unknown>;

/** What each remote's exposed `./app` module must export. */
export interface RemoteAppModule {
  /** CONTRACT_VERSION of the shared-contracts the remote was built against. */
  contractVersion: string;
  bootstrap: LifeCycleFn | LifeCycleFn[];
  mount: LifeCycleFn | LifeCycleFn[];
  unmount: LifeCycleFn | LifeCycleFn[];
}
