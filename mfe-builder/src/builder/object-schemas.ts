// The object-info answer (section-5 mapping) as the palette's per-object field schemas and controls.
import type { FormJsonSchema } from 'shared-contracts';
import type { ObjectSchemas } from '../model/field-factory';

/** Per object, per field: its schema and, where the mapping gives one, its control type and options. */
export function schemasFrom(properties: Record<string, unknown>, ui: unknown): ObjectSchemas {
  const out: ObjectSchemas = {};
  const controls = new Map<string, { type?: string; options?: Record<string, unknown> }>();
  const walk = (el: unknown) => {
    const e = el as {
      scope?: string;
      type?: string;
      options?: Record<string, unknown>;
      elements?: unknown[];
    };
    if (e?.scope) controls.set(e.scope, e);
    for (const c of e?.elements ?? []) walk(c);
  };
  walk(ui);
  for (const [object, schema] of Object.entries(properties)) {
    const props = ((schema as { properties?: Record<string, unknown> }).properties ?? {}) as Record<
      string,
      FormJsonSchema
    >;
    out[object] = {};
    for (const [name, s] of Object.entries(props)) {
      const control = controls.get(`#/properties/${object}/properties/${name}`);
      out[object]![name] = {
        schema: s,
        ...(control?.type ? { uiType: control.type, options: control.options ?? {} } : {}),
      };
    }
  }
  return out;
}
