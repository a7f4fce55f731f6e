/**
 * The form renderer, exposed through Module Federation as `./FormRenderer` (the builder's preview
 * loads it). No network code: lookups, files and the current user come in as `services`.
 */
export { FormRenderer, default } from './FormRenderer';
export type { FormRendererProps, FormRendererHandle } from './FormRenderer';
export type {
  FormRendererServices,
  FormRendererModes,
  RendererEntry,
  RendererProps,
  Tester,
  LookupAnswer,
  LookupRecord,
} from './types';
export type { FieldError } from './core/store';
export type { LookupRequest } from './core/options';
export { createLookupSearch, lookupQuery } from './services/lookup';
export type { SaveCheck } from './core/validation';
export { defaultRenderers } from './renderers';
export { rankWith, uiTypeIs, schemaTypeIs, formatIs, optionIs, and, NOT_APPLICABLE } from './registry';
export { ajvStats } from './core/validation';
