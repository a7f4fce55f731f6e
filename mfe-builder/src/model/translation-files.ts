/**
 * A language of a form exported for a translator and imported back (issue 44): XLIFF 1.2 (read: 1.2
 * and 2.0) through fast-xml-parser, and CSV through Papa Parse, both well-kept libraries already in
 * use (fast-xml-parser reads the org's metadata in the BFF and the emulator). Nothing here touches the
 * form: an import answers what it would change, and the view applies it in one undoable step; a file
 * that cannot be read throws a TranslationFileError with the reason and changes nothing.
 */
import Papa from 'papaparse';
import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';
import { normalizeLanguage, type TranslatableText } from 'form-core/translations';
import { TRANSLATION_TEXTS as T } from '../builder/texts';

export class TranslationFileError extends Error {}

export interface ExportInput {
  formName: string;
  sourceLanguage: string;
  language: string;
  texts: TranslatableText[];
  /** The language's translations by key. */
  translations: Readonly<Record<string, string>>;
}

/** XLIFF 1.2: one trans-unit per text, the key as its id, where it is as a note. */
export function toXliff({ formName, sourceLanguage, language, texts, translations }: ExportInput): string {
  const builder = new XMLBuilder({ ignoreAttributes: false, format: true, suppressEmptyNode: false });
  return builder.build({
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    xliff: {
      '@_version': '1.2',
      '@_xmlns': 'urn:oasis:names:tc:xliff:document:1.2',
      file: {
        '@_original': formName || 'form',
        '@_datatype': 'plaintext',
        '@_source-language': sourceLanguage.replace('_', '-'),
        '@_target-language': language.replace('_', '-'),
        body: {
          'trans-unit': texts.map((t) => ({
            '@_id': t.key,
            source: t.text,
            target: translations[t.key] ?? '',
            note: `${t.kind}: ${t.where}`,
          })),
        },
      },
    },
  }) as string;
}

/** CSV: key, where, the default language's text, the language's text (the column named by its code). */
export function toCsv({ sourceLanguage, language, texts, translations }: ExportInput): string {
  return Papa.unparse({
    fields: ['key', 'where', sourceLanguage, language],
    data: texts.map((t) => [t.key, `${t.kind}: ${t.where}`, t.text, translations[t.key] ?? '']),
  });
}

export interface ImportResult {
  /** The file's texts by key, for the keys the form has (empty ones left out). */
  texts: Record<string, string>;
  /** Keys whose translation the import changes. */
  changed: Array<{ key: string; before: string; after: string }>;
  /** Rows for keys the form does not have: ignored. */
  unknown: number;
}

/** What importing `file` for `language` would change. Throws TranslationFileError on a file it cannot read. */
export function readTranslationFile(
  fileName: string,
  content: string,
  language: string,
  knownKeys: ReadonlySet<string>,
  current: Readonly<Record<string, string>>,
): ImportResult {
  const looksXml = /^\s*(<\?xml|<xliff)/.test(content) || /\.(xlf|xliff|xml)$/i.test(fileName);
  const rows = looksXml ? readXliff(content, language) : readCsv(content, language);
  const texts: Record<string, string> = {};
  const changed: ImportResult['changed'] = [];
  let unknown = 0;
  for (const [key, value] of rows) {
    if (!knownKeys.has(key)) {
      unknown++;
      continue;
    }
    // A text left empty is one the translator did not do: it never clears a translation.
    if (value.trim() === '') continue;
    texts[key] = value;
    const before = current[key] ?? '';
    if (before !== value) changed.push({ key, before, after: value });
  }
  return { texts, changed, unknown };
}

const sameLanguage = (a: string, b: string) => normalizeLanguage(a) === normalizeLanguage(b);

function readCsv(content: string, language: string): Array<[string, string]> {
  const parsed = Papa.parse<Record<string, string>>(content.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
  });
  const fatal = parsed.errors.find((e) => e.type !== 'FieldMismatch' || e.code === 'TooFewFields');
  if (fatal) throw new TranslationFileError(T.csvUnreadable((fatal.row ?? 0) + 2, fatal.message));
  const fields = parsed.meta.fields ?? [];
  const column = fields.find((f) => sameLanguage(f, language));
  if (!fields.includes('key') || !column) throw new TranslationFileError(T.csvColumns(language));
  return parsed.data.map((r) => [String(r.key ?? ''), String(r[column] ?? '')]);
}

type XNode = Record<string, unknown>;
const asArray = (v: unknown): XNode[] =>
  Array.isArray(v) ? (v as XNode[]) : v && typeof v === 'object' ? [v as XNode] : [];
/** An element's text ('' when empty); undefined when it holds markup this import does not take. */
const textOf = (v: unknown): string | undefined => {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'object') {
    const keys = Object.keys(v).filter((k) => !k.startsWith('@_'));
    if (keys.every((k) => k === '#text')) return String((v as XNode)['#text'] ?? '');
  }
  return undefined;
};

function readXliff(content: string, language: string): Array<[string, string]> {
  const valid = XMLValidator.validate(content);
  if (valid !== true) throw new TranslationFileError(T.xmlUnreadable(valid.err.line, valid.err.msg));
  const doc = new XMLParser({
    ignoreAttributes: false,
    parseTagValue: false,
    parseAttributeValue: false,
    isArray: (name) => ['file', 'trans-unit', 'unit', 'segment', 'group'].includes(name),
  }).parse(content) as XNode;
  const xliff = doc.xliff as XNode | undefined;
  if (!xliff || typeof xliff !== 'object') throw new TranslationFileError(T.notXliff);
  const version = String(xliff['@_version'] ?? '');
  const out: Array<[string, string]> = [];
  const take = (id: unknown, target: unknown) => {
    const text = textOf(target);
    if (typeof id !== 'string' || id === '' || text === undefined)
      throw new TranslationFileError(T.xliffUnit(String(id ?? '')));
    out.push([id, text.trim()]);
  };
  if (version.startsWith('2')) {
    const trg = String(xliff['@_trgLang'] ?? '');
    if (trg && !sameLanguage(trg, language)) throw new TranslationFileError(T.otherLanguage(trg, language));
    for (const file of asArray(xliff.file)) {
      const units = [...asArray(file.unit), ...asArray(file.group).flatMap((g) => asArray(g.unit))];
      for (const u of units) take(u['@_id'], asArray(u.segment)[0]?.target);
    }
  } else if (version.startsWith('1')) {
    for (const file of asArray(xliff.file)) {
      const trg = String(file['@_target-language'] ?? '');
      if (trg && !sameLanguage(trg, language)) throw new TranslationFileError(T.otherLanguage(trg, language));
      const body = asArray(file.body)[0] ?? {};
      const units = [
        ...asArray(body['trans-unit']),
        ...asArray(body.group).flatMap((g) => asArray(g['trans-unit'])),
      ];
      for (const u of units) take(u['@_id'], u.target);
    }
  } else {
    throw new TranslationFileError(T.notXliff);
  }
  return out;
}
