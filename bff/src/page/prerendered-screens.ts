import type { Context } from 'koa';
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGES,
  PAGE_LANGUAGE_COOKIE,
  PRERENDERED_ATTR,
  PRERENDERED_SCREENS,
  prerenderedScreenFile,
  type PrerenderedScreen,
  type RemoteEntry,
} from 'shared-contracts';
import type { BffConfig } from '../config';
import { RemoteDocuments, type RemoteDocumentsOptions } from '../preload/remote-documents';

/** A prerendered screen larger than this is not one of ours. */
const MAX_SCREEN_BYTES = 64 * 1024;

/**
 * A screen's markup as its remote published it (shared-contracts PRERENDERED_SCREENS), checked to be
 * what a prerendered screen is: one element marked with its remote's name, and no script (the page's
 * code comes from the shell; markup that wants to run code is not a screen to put in the page).
 */
export function parseScreen(remote: string, text: string): string {
  const html = text.trim();
  if (!html.startsWith(`<div ${PRERENDERED_ATTR}="${remote}"`)) throw new Error('not a prerendered screen');
  if (/<\s*(script|iframe|object|embed|base|meta|link)\b|\son[a-z]+\s*=/i.test(html))
    throw new Error('a prerendered screen runs no code');
  return html;
}

/** The remotes' prerendered screens in each language, kept as RemoteDocuments keeps them. */
export class PrerenderedScreens {
  private readonly documents: RemoteDocuments<string>;
  private readonly owner = new Map<string, string>();

  constructor(
    private readonly remotes: readonly RemoteEntry[],
    options: Omit<RemoteDocumentsOptions, 'maxBytes'>,
  ) {
    this.documents = new RemoteDocuments((url, text) => parseScreen(this.owner.get(url) ?? '', text), {
      ...options,
      maxBytes: MAX_SCREEN_BYTES,
    });
  }

  private url(screen: PrerenderedScreen, language: string): string | null {
    const remote = PRERENDERED_SCREENS[screen].remote;
    const entry = this.remotes.find((r) => r.name === remote);
    if (!entry || !URL.canParse(entry.manifestUrl)) return null;
    const url = new URL(prerenderedScreenFile(screen, language), entry.manifestUrl).href;
    this.owner.set(url, remote);
    return url;
  }

  /** The screen in this language as known now (null when not yet, or its remote has none). */
  screen(screen: PrerenderedScreen, language: string): string | null {
    const url = this.url(screen, language);
    return url ? this.documents.get(url) : null;
  }

  /** Reads every screen in every language (at start, so the first pages have them). */
  async warm(): Promise<void> {
    const screens = Object.keys(PRERENDERED_SCREENS) as PrerenderedScreen[];
    await Promise.all(
      screens.flatMap((s) =>
        LANGUAGES.map((l) => {
          const url = this.url(s, l);
          return url ? this.documents.refresh(url) : undefined;
        }),
      ),
    );
  }
}

/**
 * The prerendered screen for this request's page, if it gets one: a screen's own route with no query
 * (a query asks for a state the screen's code draws, `?expired=1`), sign-in configured (else the
 * screen says so and offers nothing, which only its code knows), in the language the page opens in
 * before sign-in (the last user's, the shell's cookie; else English).
 */
export function prerenderedFor(
  ctx: Context,
  config: Pick<BffConfig, 'salesforce'>,
  screens: PrerenderedScreens,
): { screen: string; language: string } | null {
  const entry = Object.entries(PRERENDERED_SCREENS).find(([, s]) => s.path === ctx.path);
  if (!entry || ctx.querystring !== '' || !config.salesforce.clientId) return null;
  const cookie = ctx.cookies.get(PAGE_LANGUAGE_COOKIE);
  const language = isLanguage(cookie) ? cookie : DEFAULT_LANGUAGE;
  const screen = screens.screen(entry[0] as PrerenderedScreen, language);
  return screen ? { screen, language } : null;
}
