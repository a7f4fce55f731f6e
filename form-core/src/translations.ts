/**
 * A form's own texts in several languages (issue 44). The definition keeps its texts in its default
 * language where they always were (titles, labels, options…) and, beside them, `languages` (the
 * default and the declared languages) and `translations` (per language, a text per stable key). Old
 * forms have neither and are shown as they are; old renderers ignore both keys.
 *
 * Keys come from what the text belongs to, never from where it sits in the layout, so a field moved
 * to another section keeps its translation: `field:<data path>:label|help|error|option:<value>`
 * (schema titles and control labels share the field's label key), `def:<definition>.<column>:…`
 * (table columns), `section:<sectionId>:title`, `guide:<field>:<operator>:<value>:text`,
 * `link:<Id>:name`, `form:title`, `form:subtitle`. Layouts without a section id and static texts
 * without an id are keyed by their place (`layout:0.2:title`, `text:0.2`).
 *
 * One walk (`mapTexts`) both lists the texts and writes the translated definition, so every listed
 * text is one the resolution can translate.
 */
import type {
  FormDefinition,
  FormJsonSchema,
  FormLanguages,
  FormTranslations,
  UISchemaElement,
} from 'shared-contracts';
import { scopeToPath } from './form-validation/paths';

export type TextKind =
  'label' | 'help' | 'option' | 'section' | 'guide' | 'link' | 'validation' | 'title' | 'text';

/** One text of a form an author may translate. */
export interface TranslatableText {
  key: string;
  /** The text in the form's default language. */
  text: string;
  kind: TextKind;
  /** Where it is, for a person: a data path, a section id, a column… */
  where: string;
}

/** The language a form is written in when it says none. */
export const DEFAULT_FORM_LANGUAGE = 'en';
/** The version of the `languages`/`translations` shape this module writes and reads. */
export const FORM_TRANSLATIONS_VERSION = 1;

/**
 * A Salesforce LanguageLocaleKey or a BCP 47 tag as one form: `es-mx` → `es_MX`; Salesforce's old
 * codes for Hebrew and Indonesian (`iw`, `in`) → `he`, `id`.
 */
export function normalizeLanguage(tag: string | undefined | null): string {
  const [lang = '', region] = (tag ?? '').trim().replace(/-/g, '_').split('_');
  const base =
    ({ iw: 'he', in: 'id', ji: 'yi' } as Record<string, string>)[lang.toLowerCase()] ?? lang.toLowerCase();
  return region ? `${base}_${region.toUpperCase()}` : base;
}

/** The form's languages: its default (en when it names none) and the languages it declares. */
export function formLanguages(
  def: Pick<FormDefinition, 'languages'>,
): Required<Pick<FormLanguages, 'default' | 'declared'>> {
  const l = def.languages;
  const dflt =
    typeof l?.default === 'string' && l.default ? normalizeLanguage(l.default) : DEFAULT_FORM_LANGUAGE;
  const declared = Array.isArray(l?.declared)
    ? l.declared.filter((x): x is string => typeof x === 'string' && x !== '').map(normalizeLanguage)
    : [];
  return { default: dflt, declared: [...new Set(declared)].filter((x) => x !== dflt) };
}

/**
 * The languages whose translations a user of `language` reads, most specific first, stopping at the
 * form's default (whose texts are the definition's own): es_MX → [es_MX, es]; en_US on an en form → [].
 */
export function languageChain(
  language: string | undefined | null,
  defaultLanguage = DEFAULT_FORM_LANGUAGE,
): string[] {
  const l = normalizeLanguage(language);
  if (!l) return [];
  const base = l.split('_')[0] ?? l;
  const dflt = normalizeLanguage(defaultLanguage);
  const chain = base !== l ? [l, base] : [l];
  const cut = chain.indexOf(dflt);
  return cut === -1 ? chain : chain.slice(0, cut);
}

type Visit = (key: string, text: string, kind: TextKind, where: string) => string | undefined;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Copy-on-write: `set` copies the object the first time something in it changes. */
function writer<T extends object>(orig: T): { get: () => T; set: (k: string, v: unknown) => void } {
  let out = orig;
  return {
    get: () => out,
    set: (k, v) => {
      if ((out as Record<string, unknown>)[k] === v) return;
      if (out === orig) out = (Array.isArray(orig) ? [...orig] : { ...orig }) as T;
      (out as Record<string, unknown>)[k] = v;
    },
  };
}

function mapSchema(
  s: FormJsonSchema,
  base: string,
  where: string,
  visit: Visit,
  isRoot: boolean,
): FormJsonSchema {
  if (!isRecord(s)) return s;
  const w = writer(s);
  if (!isRoot) {
    const texts: Array<[keyof FormJsonSchema & string, string, TextKind]> = [
      ['title', 'label', 'label'],
      ['description', 'help', 'help'],
      ['errorMessage', 'error', 'validation'],
    ];
    for (const [prop, suffix, kind] of texts) {
      const v = s[prop];
      if (typeof v === 'string' && v.trim() !== '') {
        const t = visit(`${base}:${suffix}`, v, kind, where);
        if (t !== undefined) w.set(prop, t);
      }
    }
    if (Array.isArray(s.oneOf)) {
      const ow = writer(s.oneOf as unknown[]);
      s.oneOf.forEach((o, i) => {
        if (!isRecord(o) || !('const' in o) || typeof o.title !== 'string' || o.title.trim() === '') return;
        const t = visit(
          `${base}:option:${String(o.const)}`,
          o.title,
          'option',
          `${where} = ${String(o.const)}`,
        );
        if (t !== undefined && t !== o.title) ow.set(String(i), { ...o, title: t });
      });
      w.set('oneOf', ow.get());
    }
  }
  if (isRecord(s.properties)) {
    const pw = writer(s.properties);
    for (const [name, sub] of Object.entries(s.properties)) {
      const childBase = isRoot && base === 'field' ? `field:${name}` : `${base}.${name}`;
      const childWhere = where ? `${where}.${name}` : name;
      pw.set(name, mapSchema(sub, childBase, childWhere, visit, false));
    }
    w.set('properties', pw.get());
  }
  if (isRecord(s.items)) w.set('items', mapSchema(s.items, `${base}[]`, `${where}[]`, visit, false));
  if (isRoot && isRecord(s.definitions)) {
    const dw = writer(s.definitions);
    for (const [name, sub] of Object.entries(s.definitions)) {
      dw.set(name, mapSchema(sub, `def:${name}`, name, visit, false));
    }
    w.set('definitions', dw.get());
  }
  return w.get();
}

/** The text of a ui element's label (a string or `{text}`), or undefined. */
const labelText = (label: unknown): string | undefined =>
  typeof label === 'string'
    ? label
    : isRecord(label) && typeof label.text === 'string'
      ? label.text
      : undefined;

const withLabel = (label: unknown, text: string): unknown => (isRecord(label) ? { ...label, text } : text);

function mapUi(el: UISchemaElement, place: string, dataBase: string, visit: Visit): UISchemaElement {
  if (!isRecord(el)) return el;
  const w = writer(el as UISchemaElement & Record<string, unknown>);
  const e = el as UISchemaElement & { elements?: UISchemaElement[]; sectionId?: string };
  const label = labelText(e.label);
  const id = e.options?.id;
  if (typeof e.scope === 'string') {
    const path = [dataBase, scopeToPath(e.scope)].filter(Boolean).join('.');
    if (label !== undefined && label.trim() !== '' && path) {
      const t = visit(`field:${path}:label`, label, 'label', path);
      if (t !== undefined) w.set('label', withLabel(e.label, t));
    }
  } else if (e.type === 'label' || e.type === 'Label') {
    const key = id !== undefined ? `text:${String(id)}` : `text:${place}`;
    const prop = typeof e.text === 'string' ? 'text' : 'label';
    const v = prop === 'text' ? e.text : label;
    if (v !== undefined && v.trim() !== '') {
      const t = visit(key, v, 'text', place);
      if (t !== undefined) w.set(prop, prop === 'text' ? t : withLabel(e.label, t));
    }
  } else if (label !== undefined && label.trim() !== '' && Array.isArray(e.elements)) {
    const key =
      typeof e.sectionId === 'string' && e.sectionId
        ? `section:${e.sectionId}:title`
        : `layout:${place}:title`;
    const t = visit(key, label, 'section', e.sectionId ?? place);
    if (t !== undefined) w.set('label', withLabel(e.label, t));
  }
  const options = e.options;
  if (isRecord(options)) {
    const ow = writer(options);
    if (Array.isArray(options.guides)) {
      const gw = writer(options.guides as unknown[]);
      options.guides.forEach((g, i) => {
        if (!isRecord(g) || typeof g.text !== 'string' || g.text.trim() === '') return;
        const where = `${String(g.field)} ${String(g.operator)} ${JSON.stringify(g.value)}`;
        const t = visit(
          `guide:${String(g.field)}:${String(g.operator)}:${JSON.stringify(g.value)}:text`,
          g.text,
          'guide',
          where,
        );
        if (t !== undefined && t !== g.text) gw.set(String(i), { ...g, text: t });
      });
      ow.set('guides', gw.get());
    }
    if (Array.isArray(options.links)) {
      const lw = writer(options.links as unknown[]);
      options.links.forEach((l, i) => {
        if (!isRecord(l) || typeof l.Name !== 'string' || l.Name.trim() === '') return;
        const t = visit(`link:${String(l.Id)}:name`, l.Name, 'link', String(l.Id));
        if (t !== undefined && t !== l.Name) lw.set(String(i), { ...l, Name: t });
      });
      ow.set('links', lw.get());
    }
    w.set('options', ow.get());
  }
  if (Array.isArray(e.elements)) {
    const ew = writer(e.elements);
    e.elements.forEach((child, i) =>
      ew.set(String(i), mapUi(child, place ? `${place}.${i}` : String(i), dataBase, visit)),
    );
    w.set('elements', ew.get());
  }
  return w.get();
}

/** Every text of the definition through `visit`; a returned string replaces it. Unchanged parts keep their identity. */
function mapTexts(def: FormDefinition, visit: Visit): FormDefinition {
  const w = writer(def);
  // The layout first: a control's own label is the text the form shows, so it is the one listed.
  if (isRecord(def.ui)) w.set('ui', mapUi(def.ui, '', '', visit));
  if (isRecord(def.schema)) w.set('schema', mapSchema(def.schema, 'field', '', visit, true));
  const header = def.styles?.header;
  if (isRecord(header)) {
    const hw = writer(header);
    for (const [prop, kind] of [
      ['title', 'title'],
      ['subtitle', 'title'],
    ] as const) {
      const v = header[prop];
      if (typeof v === 'string' && v.trim() !== '') {
        const t = visit(`form:${prop}`, v, kind, prop);
        if (t !== undefined) hw.set(prop, t);
      }
    }
    if (hw.get() !== header) w.set('styles', { ...def.styles, header: hw.get() });
  }
  return w.get();
}

/** The texts of a form an author may translate, once per key, in the order the form shows them. */
export function translatableTexts(def: FormDefinition): TranslatableText[] {
  const seen = new Map<string, TranslatableText>();
  mapTexts(def, (key, text, kind, where) => {
    if (!seen.has(key)) seen.set(key, { key, text, kind, where });
    return undefined;
  });
  return [...seen.values()];
}

/** The translation of `key` for a reader of `chain` (most specific first), or undefined. */
function lookup(
  translations: FormTranslations | undefined,
  chain: string[],
  key: string,
): string | undefined {
  for (const lang of chain) {
    const t = translations?.[lang]?.[key];
    if (typeof t === 'string' && t.trim() !== '') return t;
  }
  return undefined;
}

/** The form's translations with their language keys normalized (`es-MX` written by hand reads as es_MX). */
function normalizedTranslations(def: FormDefinition): FormTranslations | undefined {
  const raw = def.translations;
  if (!isRecord(raw)) return undefined;
  const out: FormTranslations = {};
  for (const [lang, table] of Object.entries(raw)) {
    if (isRecord(table))
      out[normalizeLanguage(lang)] = {
        ...out[normalizeLanguage(lang)],
        ...(table as Record<string, string>),
      };
  }
  return out;
}

const resolved = new WeakMap<FormDefinition, Map<string, FormDefinition>>();

/**
 * The definition as a reader of `language` sees it: each text in the most specific language that has
 * it (es_MX → es → the form's default), text by text. The same definition object when nothing is
 * translated for that language; memoized per definition and language, so a screen asks on every
 * render at no cost.
 */
export function resolveDefinition(def: FormDefinition, language: string | undefined | null): FormDefinition {
  const chain = languageChain(language, formLanguages(def).default);
  const translations = normalizedTranslations(def);
  if (chain.length === 0 || !translations || chain.every((l) => !translations[l])) return def;
  const memoKey = chain.join('>');
  let perDef = resolved.get(def);
  const hit = perDef?.get(memoKey);
  if (hit) return hit;
  const out = mapTexts(def, (key) => lookup(translations, chain, key));
  if (!perDef) resolved.set(def, (perDef = new Map()));
  perDef.set(memoKey, out);
  return out;
}

/** Per declared language, the texts a reader of it would see in the default language. */
export function missingTranslations(def: FormDefinition): Record<string, TranslatableText[]> {
  const { default: dflt, declared } = formLanguages(def);
  const texts = translatableTexts(def);
  const translations = normalizedTranslations(def);
  const out: Record<string, TranslatableText[]> = {};
  for (const lang of declared) {
    const chain = languageChain(lang, dflt);
    out[lang] = texts.filter((t) => lookup(translations, chain, t.key) === undefined);
  }
  return out;
}
