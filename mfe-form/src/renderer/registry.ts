/** Testers in the JSON Forms manner: each renderer is chosen by the highest-ranking tester. */
import type { FormJsonSchema, UISchemaElement } from 'shared-contracts';
import { resolveScope, typeOf } from 'form-core/schema';
import type { RendererEntry, Tester, TesterContext } from './types';

export const NOT_APPLICABLE = -1;

export const rankWith =
  (
    rank: number,
    predicate: (el: UISchemaElement, schema: FormJsonSchema, ctx: TesterContext) => boolean,
  ): Tester =>
  (el, schema, ctx) =>
    predicate(el, schema, ctx) ? rank : NOT_APPLICABLE;

export const uiTypeIs =
  (...types: string[]) =>
  (el: UISchemaElement): boolean =>
    types.includes(el.type);

/** The control's own schema (its scope resolved). */
export const controlSchema = (
  el: UISchemaElement,
  schema: FormJsonSchema,
  ctx: TesterContext,
): FormJsonSchema | undefined => (el.scope ? resolveScope(el.scope, schema, ctx.rootSchema) : undefined);

export const schemaMatches =
  (predicate: (s: FormJsonSchema) => boolean) =>
  (el: UISchemaElement, schema: FormJsonSchema, ctx: TesterContext): boolean => {
    if (!el.scope) return false;
    const s = controlSchema(el, schema, ctx);
    return s !== undefined && predicate(s);
  };

export const isControl = (el: UISchemaElement): boolean =>
  typeof el.scope === 'string' && !Array.isArray((el as { elements?: unknown }).elements);

export const and =
  (...ps: Array<(el: UISchemaElement, schema: FormJsonSchema, ctx: TesterContext) => boolean>) =>
  (el: UISchemaElement, schema: FormJsonSchema, ctx: TesterContext): boolean =>
    ps.every((p) => p(el, schema, ctx));

export const schemaTypeIs = (...types: string[]) =>
  schemaMatches((s) => types.includes(typeOf(s) ?? (s.properties ? 'object' : '')));
export const formatIs = (...formats: string[]) =>
  schemaMatches((s) => !!s.format && formats.includes(s.format));
export const optionIs = (name: string, value: unknown) => (el: UISchemaElement) =>
  el.options?.[name] === value;
export const hasOptions = schemaMatches(
  (s) =>
    Array.isArray(s.enum) ||
    (Array.isArray(s.oneOf) && s.oneOf.length > 0 && s.oneOf.every((o) => 'const' in o)),
);

/** The best entry for an element, or undefined. */
export const pickRenderer = (
  entries: readonly RendererEntry[],
  el: UISchemaElement,
  schema: FormJsonSchema,
  ctx: TesterContext,
): RendererEntry | undefined => {
  let best: RendererEntry | undefined;
  let bestRank = NOT_APPLICABLE;
  for (const entry of entries) {
    const rank = entry.tester(el, schema, ctx);
    if (rank > bestRank) {
      bestRank = rank;
      best = entry;
    }
  }
  return best;
};
