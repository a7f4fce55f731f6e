// Reads a form definition (the builder's saved JSON or the org's Form_JSON) into the plain section/field
// list a generated Lightning web component renders. Only what LWC base components can show is kept.

export type LwcInputType = 'text' | 'date' | 'datetime' | 'number' | 'checkbox' | 'select' | 'textarea';

export interface LwcField {
  key: string;
  /** API name: an object field (objectField) or a general question (CQ_Form_…). */
  name: string;
  label: string;
  objectField: boolean;
  inputType: LwcInputType;
  required: boolean;
  options: { label: string; value: string }[];
}

export interface LwcSection {
  key: string;
  title: string;
  fields: LwcField[];
}

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** `#/properties/<Group>/properties/<field>` → [group, field]. */
function scopeParts(scope: string): [string, string] | null {
  const m = /^#\/properties\/([^/]+)\/properties\/([^/]+)$/.exec(scope);
  return m?.[1] && m[2] ? [m[1], m[2]] : null;
}

function inputType(prop: Json, uiType: string): LwcInputType {
  if (Array.isArray(prop.oneOf) || Array.isArray(prop.enum) || uiType === 'select' || uiType === 'radio')
    return 'select';
  if (prop.type === 'boolean') return 'checkbox';
  if (prop.type === 'number' || prop.type === 'integer') return 'number';
  if (prop.format === 'date') return 'date';
  if (prop.format === 'date-time') return 'datetime';
  if (typeof prop.maxLength === 'number' && prop.maxLength > 255) return 'textarea';
  return 'text';
}

function optionsOf(prop: Json): { label: string; value: string }[] {
  if (Array.isArray(prop.oneOf))
    return prop.oneOf.filter(isObj).map((o) => ({
      label: str(o.title) || String(o.const ?? ''),
      value: String(o.const ?? ''),
    }));
  if (Array.isArray(prop.enum)) return prop.enum.map((v) => ({ label: String(v), value: String(v) }));
  return [];
}

/**
 * Sections and fields of a form JSON: sections are the ui tree's Section/Category/Group elements (or
 * one section for the whole form), fields its Control-like leaves with a `#/properties/G/properties/f`
 * scope. Fields of the primary object (cqFormType) become record fields; the rest are questions.
 */
export function formSections(form: unknown, fallbackTitle: string): LwcSection[] {
  if (!isObj(form)) return [];
  const primary = str(form.cqFormType);
  const schema = isObj(form.schema) ? form.schema : {};
  const groups = isObj(schema.properties) ? schema.properties : {};
  const sections: LwcSection[] = [];
  const seen = new Set<string>();
  let current: LwcSection | null = null;

  const fieldOf = (el: Json): LwcField | null => {
    const parts = scopeParts(str(el.scope));
    if (!parts) return null;
    const [group, name] = parts;
    const groupSchema = isObj(groups[group]) ? groups[group] : {};
    const props = isObj(groupSchema.properties) ? groupSchema.properties : {};
    const prop = isObj(props[name]) ? props[name] : {};
    const required = Array.isArray(groupSchema.required) && groupSchema.required.includes(name);
    const key = `${group}.${name}`;
    if (seen.has(key)) return null;
    seen.add(key);
    return {
      key,
      name,
      label: str(el.label) || str(prop.title) || name,
      objectField: group === primary && group !== 'General',
      inputType: inputType(prop, str(el.type)),
      required,
      options: optionsOf(prop),
    };
  };

  const walk = (el: unknown): void => {
    if (!isObj(el)) return;
    const type = str(el.type);
    const isSection = type === 'Section' || type === 'Category' || type === 'Group';
    const outer = current;
    if (isSection) {
      current = {
        key: str(el.sectionId) || `section-${sections.length + 1}`,
        title: str(el.label) || `Section ${sections.length + 1}`,
        fields: [],
      };
      sections.push(current);
    }
    if (typeof el.scope === 'string') {
      const field = fieldOf(el);
      if (field) {
        if (!current) {
          current = { key: 'section-1', title: fallbackTitle, fields: [] };
          sections.push(current);
        }
        current.fields.push(field);
      }
    }
    if (Array.isArray(el.elements)) for (const child of el.elements) walk(child);
    if (isSection) current = outer;
  };
  walk(form.ui);
  return sections.filter((s) => s.fields.length > 0);
}
