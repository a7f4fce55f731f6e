/**
 * Loads mfe-form's `./FormRenderer` at run time through this remote's Module Federation instance
 * (the shell's runtime, see scripts/webpack-config.mjs externalRuntime), at the manifest URL the BFF
 * publishes in /remotes.json. Nothing about mfe-form is built into the builder; when mfe-form is
 * down the promise rejects and the preview shows its unavailable notice.
 */
import type { ComponentType, Ref } from 'react';
import {
  REMOTE_SCOPES,
  type FormJsonSchema,
  type RemotesConfig,
  type UISchemaElement,
} from 'shared-contracts';

/** The props the builder passes (a subset of mfe-form's FormRendererProps). */
export interface PreviewRendererProps {
  schema: FormJsonSchema;
  uischema?: UISchemaElement;
  data?: Record<string, unknown>;
  formVersion?: string;
  modes?: { editForm?: boolean };
  onRequiredLeftChange?: (left: number, hasRequired: boolean) => void;
  ref?: Ref<PreviewRendererHandle>;
}

/** The part of mfe-form's FormRendererHandle the preview uses: the same Save check as the form screen. */
export interface PreviewRendererHandle {
  submit(): { ok: boolean; messages: string[] };
}

interface MfInstance {
  registerRemotes(remotes: Array<{ name: string; entry: string }>, options?: { force?: boolean }): void;
  loadRemote<T>(id: string): Promise<T | null>;
}
declare const __webpack_require__: { federation?: { instance?: MfInstance } };

let pending: Promise<ComponentType<PreviewRendererProps>> | null = null;

export function loadFormRenderer(): Promise<ComponentType<PreviewRendererProps>> {
  pending ??= (async () => {
    const mf =
      typeof __webpack_require__ !== 'undefined' ? __webpack_require__.federation?.instance : undefined;
    if (!mf) throw new Error('Module Federation runtime not available');
    const res = await fetch('/remotes.json', { cache: 'no-store' });
    if (!res.ok) throw new Error(`remotes.json: HTTP ${res.status}`);
    const config = (await res.json()) as RemotesConfig;
    const entry = config.remotes.find((r) => r.name === 'mfe-form');
    if (!entry) throw new Error('mfe-form is not configured');
    const scope = REMOTE_SCOPES['mfe-form'];
    mf.registerRemotes([{ name: scope, entry: entry.manifestUrl }], { force: true });
    const mod = await mf.loadRemote<{
      FormRenderer?: ComponentType<PreviewRendererProps>;
      default?: ComponentType<PreviewRendererProps>;
    }>(`${scope}/FormRenderer`);
    const component = mod?.FormRenderer ?? mod?.default;
    if (!component) throw new Error('mfe-form does not expose FormRenderer');
    return component;
  })().catch((error: unknown) => {
    pending = null; // a later open retries
    throw error;
  });
  return pending;
}
