import { remoteForPath, type RemotesConfig } from 'shared-contracts';
import { uniqueHints, type PreloadHint } from './hints';
import type { RemoteManifests } from './remote-manifests';
import type { ShellFiles } from './shell-files';

/**
 * What the shell's page at `pathname` will fetch, in the order it needs it: the shell's boot chunks,
 * the route's remote (its manifest, which the shell reads with fetch(), then its entry and `./app`),
 * then the full header with Chakra (every route but the sign-in screens: the shell's needsFullHeader
 * for a signed-out visit; a signed-in one needs it anyway).
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
    ...own(shell.boot),
    ...(remote && manifest
      ? [
          { url: manifest, as: 'fetch', crossorigin: true } satisfies PreloadHint,
          ...deps.manifests.hintsFor(remote.name),
        ]
      : []),
    ...(name === 'mfe-auth' ? [] : own(shell.fullHeader)),
  ]);
}
