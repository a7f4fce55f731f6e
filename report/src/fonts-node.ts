/**
 * The script faces on the server: @fontsource's Noto Sans subset files from node_modules (nothing
 * from the internet, no Debian package), their subset tables and bidi-js. pdfmake opens a face's file
 * only when a text run uses it, so a Latin-only report reads none of them.
 */
import { createRequire } from 'node:module';
import bidiFactory from 'bidi-js';
import type { TFontDictionary } from 'pdfmake/interfaces';
import { FAMILIES, faceFile, facePicker, type FacePicker, type SubsetTables } from './scripts';

const require = createRequire(import.meta.url);

let tools: { pick: FacePicker; bidi: ReturnType<typeof bidiFactory> } | undefined;
/** The face picker and the bidi algorithm (read once). */
export function scriptTools(): { pick: FacePicker; bidi: ReturnType<typeof bidiFactory> } {
  if (tools) return tools;
  const tables = Object.fromEntries(
    FAMILIES.map((f) => [f, require(`@fontsource/noto-sans-${f}/unicode.json`) as Record<string, string>]),
  ) as unknown as SubsetTables;
  return (tools = { pick: facePicker(tables), bidi: bidiFactory() });
}

/** A face's files as pdfmake's font entry (no italic in these scripts: the upright face). */
export function faceFonts(key: string): TFontDictionary[string] {
  const path = (weight: 400 | 700): string => {
    const { family, file } = faceFile(key, weight);
    return require.resolve(`@fontsource/noto-sans-${family}/files/${file}`);
  };
  const normal = path(400);
  const bold = path(700);
  return { normal, bold, italics: normal, bolditalics: bold };
}
