/**
 * Select options: dependent picklists by `validFor` (base64 bitmap, bit i MSB first = controller
 * option i, or a map controlling value -> allowed values), option colours, and lookup requests
 * (filters resolved against the form data; the renderer itself never calls the network).
 */
import { LOOKUP_RESULTS_LIMIT } from 'shared-contracts';
import type {
  FormJsonSchema,
  GuideOption,
  LookupFilter,
  OneOfOption,
  ResolvedLookupFilter,
} from 'shared-contracts';
import { getIn, joinPath } from 'form-core/paths';

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Decode base64 to bytes without atob (works the same in Node and the browser). */
export const base64Bytes = (b64: string): number[] => {
  const clean = b64.replace(/[^A-Za-z0-9+/]/g, '');
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const ch of clean) {
    buffer = (buffer << 6) | B64.indexOf(ch);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
    }
  }
  return bytes;
};

/** Is bit `index` (MSB first) set in the base64 validFor bitmap? */
export const validForHas = (validFor: string, index: number): boolean => {
  const bytes = base64Bytes(validFor);
  const byte = bytes[index >> 3];
  return byte !== undefined && (byte & (0x80 >> (index & 7))) !== 0;
};

/**
 * Options of a dependent select narrowed by the controlling field's value. With no controlling value
 * there is nothing to choose from; options without any validFor information are always offered.
 */
export const dependentOptions = (
  options: OneOfOption[],
  controllerValue: unknown,
  controllerOptions: OneOfOption[],
  schemaValidFor?: FormJsonSchema['validFor'],
): OneOfOption[] => {
  if (controllerValue === undefined || controllerValue === null || controllerValue === '') return [];
  if (schemaValidFor) {
    const allowed = schemaValidFor[String(controllerValue)] ?? [];
    return options.filter((o) => allowed.some((a) => String(a) === String(o.const)));
  }
  const index =
    typeof controllerValue === 'boolean'
      ? controllerValue
        ? 1
        : 0
      : controllerOptions.findIndex((o) => String(o.const) === String(controllerValue));
  return options.filter((o) =>
    o.validFor === undefined ? true : index >= 0 && validForHas(o.validFor, index),
  );
};

/** Option colours: `color` 'a-b' means background a, text b; explicit fields win. */
export const optionColors = (o: OneOfOption): { backgroundColor?: string; textColor?: string } => {
  const [bg, fg] = (o.color ?? '').split('-');
  return {
    backgroundColor: o.backgroundColor ?? (bg || undefined),
    textColor: o.textColor ?? (fg || undefined),
  };
};

/**
 * A filter with its value resolved from the form data: what the BFF's lookup query takes (it builds
 * the SOQL itself from the object's describe; the browser never sends SOQL). A filter whose value is
 * missing or empty is dropped, so an unanswered controlling field does not narrow the search.
 */
export const resolveLookupFilter = (f: LookupFilter, data?: unknown): ResolvedLookupFilter | undefined => {
  const raw = f.valueFrom !== undefined ? getIn(data, f.valueFrom) : f.value;
  if (raw === undefined || raw === null || raw === '') return undefined;
  const value = typeof raw === 'number' || typeof raw === 'boolean' ? raw : String(raw);
  return { field: f.field, operator: f.operator, value };
};

/**
 * The data path of the field a lookup depends on (`options.dependsOn`, builder spec section 3): a
 * dotted name is a path from the form's root ('Object.Field'), a bare name a field beside the lookup
 * (as a dependent select's controller is read).
 */
export const dependsOnPath = (dependsOn: unknown, dataPath: string): string | undefined => {
  if (typeof dependsOn !== 'string' || !dependsOn) return undefined;
  if (dependsOn.includes('.')) return dependsOn;
  return joinPath(dataPath.split('.').slice(0, -1).join('.'), dependsOn);
};

/**
 * A lookup that depends on another lookup offers only the records whose `dependsOnField` holds the
 * record chosen there (its `{field}_Id` companion): an `eq` filter read from the form data. Like a
 * lookupFilter rule's, it does not narrow the search while nothing is chosen there.
 */
export const dependsOnFilter = (
  options: { dependsOn?: unknown; dependsOnField?: unknown },
  dataPath: string,
): LookupFilter | undefined => {
  const path = dependsOnPath(options.dependsOn, dataPath);
  const field = options.dependsOnField;
  if (!path || typeof field !== 'string' || !field) return undefined;
  return { field, operator: 'eq', valueFrom: `${path}_Id` };
};

export interface LookupRequest {
  object: string;
  search: string;
  titleField: string;
  valueField: string;
  /** The rule's lookup filters with their values read from the form data. */
  filters: ResolvedLookupFilter[];
  limit: number;
}

/** Record lookup by name prefix, limit 50, ordered by name; default object Account. */
export const buildLookupRequest = (args: {
  object?: string;
  search: string;
  titleField?: string;
  valueField?: string;
  filters?: LookupFilter[];
  data?: unknown;
}): LookupRequest => ({
  object: args.object || 'Account',
  search: args.search,
  titleField: args.titleField || 'Name',
  valueField: args.valueField || 'Id',
  filters: (args.filters ?? [])
    .map((f) => resolveLookupFilter(f, args.data))
    .filter((f): f is ResolvedLookupFilter => f !== undefined),
  limit: LOOKUP_RESULTS_LIMIT,
});

/** Guide options (eq/neq) that apply to the current data. */
export const matchingGuides = <G extends Pick<GuideOption, 'field' | 'operator' | 'value'>>(
  guides: G[],
  data: unknown,
): G[] =>
  guides.filter((g) => {
    const v = getIn(data, g.field);
    const eq = String(v ?? '') === String(g.value ?? '');
    return g.operator === 'neq' ? !eq : eq;
  });
