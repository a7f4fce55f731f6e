// Reading a form's JSON Schema, for every package that walks one (mfe-form's renderer and validation,
// the display of values in form-core): local $refs and the type of a node.
import type { FormJsonSchema } from 'shared-contracts';

/**
 * A node with its local $ref followed ('#/definitions/X', '#/$defs/X', JSON Pointer escapes), again
 * while the target is itself a $ref (at most 20 hops, so a cycle ends). A remote $ref stays as it is.
 */
export function resolveSchemaRef(
  schema: FormJsonSchema | undefined,
  root: FormJsonSchema,
): FormJsonSchema | undefined {
  let cur = schema;
  let guard = 0;
  while (typeof cur?.$ref === 'string' && guard++ < 20) {
    const ref = cur.$ref;
    if (!ref.startsWith('#')) return cur;
    let target: unknown = root;
    for (const raw of ref.replace(/^#\/?/, '').split('/').filter(Boolean)) {
      const seg = raw.replace(/~1/g, '/').replace(/~0/g, '~');
      target = target && typeof target === 'object' ? (target as Record<string, unknown>)[seg] : undefined;
    }
    cur = target as FormJsonSchema | undefined;
  }
  return cur;
}

/** A node's type; of a type list (['string', 'null']) the first that is not 'null'. */
export function schemaType(schema: FormJsonSchema | undefined): string | undefined {
  return Array.isArray(schema?.type) ? schema?.type.find((t) => t !== 'null') : schema?.type;
}
