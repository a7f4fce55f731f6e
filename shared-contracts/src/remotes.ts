/** The remotes the shell knows how to mount, and the routes each one owns (spec section 2). */
export const REMOTE_NAMES = ['mfe-auth', 'mfe-home', 'mfe-form', 'mfe-builder'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** Module Federation scope of each remote: an identifier, as MF requires. */
export const REMOTE_SCOPES: Record<RemoteName, string> = {
  'mfe-auth': 'mfe_auth',
  'mfe-home': 'mfe_home',
  'mfe-form': 'mfe_form',
  'mfe-builder': 'mfe_builder',
};

/** Every remote exposes its single-spa application under this module name. */
export const REMOTE_APP_MODULE = './app';

export interface RemoteEntry {
  name: RemoteName;
  /** Absolute URL of the remote's mf-manifest.json. */
  manifestUrl: string;
}

/** Served by the BFF at run time (GET /remotes.json), built from its environment. */
export interface RemotesConfig {
  remotes: RemoteEntry[];
}

export const REMOTE_DEFAULT_PORTS: Record<RemoteName, number> = {
  'mfe-auth': 4001,
  'mfe-home': 4002,
  'mfe-form': 4003,
  'mfe-builder': 4004,
};

/** Environment variable that overrides a remote's manifest URL, e.g. MFE_HOME_URL. */
export function remoteUrlEnvVar(name: RemoteName): string {
  return `${name.replace('-', '_').toUpperCase()}_URL`;
}

/** Which remote owns a pathname, or null for an unknown route (the shell's not-found page). */
export function remoteForPath(pathname: string): RemoteName | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/') return 'mfe-home';
  if (path === '/login' || path === '/authSuccessCallback' || path === '/authOtherOrgSuccessCallback') {
    return 'mfe-auth';
  }
  if (/^\/form\/[^/]+$/.test(path) || path === '/filename') return 'mfe-form';
  if (path === '/launchFromSF' || path.startsWith('/launchFromSF/')) return 'mfe-form';
  if (/^\/CQEditFormSF\/[^/]+$/.test(path) || path === '/templates' || path === '/templateConfiguration') {
    return 'mfe-builder';
  }
  return null;
}

/**
 * A remote's prerendered first screen (issue 46): static markup its build writes beside its
 * mf-manifest.json, one file per language, that works with no script (plain forms and links). The
 * BFF puts it in the shell's page for the screen's route so a slow first visit is usable before any
 * code arrives; the remote keeps owning it, so a remote's deploy still ships its own screen.
 */
export const PRERENDERED_SCREENS = { login: { remote: 'mfe-auth', path: '/login' } } as const;
export type PrerenderedScreen = keyof typeof PRERENDERED_SCREENS;

/** The file of a prerendered screen in a language, relative to the remote's manifest. */
export const prerenderedScreenFile = (screen: PrerenderedScreen, language: string): string =>
  `prerendered/${screen}.${language}.html`;

/**
 * The attribute on a prerendered screen's root (its value the remote's name): the shell removes that
 * element as the remote's own screen draws into its area.
 */
export const PRERENDERED_ATTR = 'data-prerendered';

/** Cookie naming the language the page opens in before sign-in (the last user's), for prerendered screens. */
export const PAGE_LANGUAGE_COOKIE = 'cq_lang';
