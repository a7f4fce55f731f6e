import { API_ROUTES, remoteForPath, type RemotesConfig } from 'shared-contracts';
import { uniqueHints, type PreloadHint } from './hints';
import type { RemoteManifests } from './remote-manifests';
import type { ShellFiles } from './shell-files';

const apiPath = (id: string) => {
  const route = API_ROUTES.find((r) => r.id === id);
  if (!route) throw new Error(`no API route ${id}`);
  return route.path;
};
/** Same-origin fetch() calls: a CORS-mode request with same-origin credentials, as `crossorigin=anonymous`. */
const data = (url: string): PreloadHint => ({ url, as: 'fetch', crossorigin: true });
/** Every page: the remotes config (early-fetch.ts) and the session check (bootstrap.tsx). */
const EVERY_PAGE = [data('/remotes.json'), data(apiPath('authSession'))];
/** The sign-in screens also read the client environment as they mount. */
const SIGN_IN_PAGE = [data(apiPath('getEnv'))];

/**
 * The routes whose first screen draws without Chakra (the sign-in screens, home: issue 46): the shell
 * fetches its full header (Chakra) only at idle after their first paint, so it is no hint there.
 */
const PLAIN_FIRST_SCREEN = new Set(['mfe-auth', 'mfe-home']);

/**
 * What the shell's page at `pathname` will fetch, in the order it needs it: the small answers the
 * shell reads first (remotes config, session; the environment on the sign-in screens), the shell's boot
 * chunks, the route's remote (its manifest, which the shell reads with fetch(), then its entry and
 * `./app`), then the full header with Chakra where the route's screen needs Chakra anyway (not
 * the sign-in screens nor home, PLAIN_FIRST_SCREEN). The answers are matched
 * by the page's own fetch() (same URL, mode and credentials), as the browser test checks.
 */
export function pageHints(
  pathname: string,
  deps: { remotes: RemotesConfig; manifests: RemoteManifests; shell: () => ShellFiles },
): PreloadHint[] {
  const shell = deps.shell();
  const own = (files: string[]) =>
    files.map((f): PreloadHint => ({ url: `/${f}`, as: 'script', crossorigin: false }));
  const name = remoteForPath(pathname);
  const remote = deps.remotes.remotes.find((r) => r.name === name);
  const manifest = remote && URL.canParse(remote.manifestUrl) ? new URL(remote.manifestUrl).href : null;
  return uniqueHints([
    ...EVERY_PAGE,
    ...(name === 'mfe-auth' ? SIGN_IN_PAGE : []),
    ...own(shell.boot),
    ...(remote && manifest
      ? [
          { url: manifest, as: 'fetch', crossorigin: true } satisfies PreloadHint,
          ...deps.manifests.hintsFor(remote.name),
        ]
      : []),
    ...(name && PLAIN_FIRST_SCREEN.has(name) ? [] : own(shell.fullHeader)),
  ]);
}
