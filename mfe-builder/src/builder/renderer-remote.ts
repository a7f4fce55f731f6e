/**
 * Loads mfe-form's `./FormRenderer` at run time through the host (host.remotes: the shell's Module
 * Federation runtime, at the entry the shell's remotes config names). Nothing about mfe-form is built
 * into the builder; when mfe-form is down the promise rejects and the preview shows its unavailable
 * notice.
 */
import type { ComponentType, Ref } from 'react';
import type { FormJsonSchema, RemoteModules, UISchemaElement } from 'shared-contracts';

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

let pending: Promise<ComponentType<PreviewRendererProps>> | null = null;

export function loadFormRenderer(remotes: RemoteModules): Promise<ComponentType<PreviewRendererProps>> {
  pending ??= (async () => {
    const mod = await remotes.load<{
      FormRenderer?: ComponentType<PreviewRendererProps>;
      default?: ComponentType<PreviewRendererProps>;
    }>('mfe-form', './FormRenderer');
    const component = mod?.FormRenderer ?? mod?.default;
    if (!component) throw new Error('mfe-form does not expose FormRenderer');
    return component;
  })().catch((error: unknown) => {
    pending = null; // a later open retries
    throw error;
  });
  return pending;
}
