/**
 * Default values of builder fields (builder spec section 5): at most 48 characters; date defaults
 * as `MM/DD/YYYY hh:mm AM|PM` (12-hour, a real calendar date) or a `$today±N` token the renderer
 * resolves; dropdown defaults must equal one of the picklist titles; Yes/No defaults YES or NO; a
 * text default that reads as a token must be one of the spec's tokens (section 9).
 * An empty default is always valid (no default).
 */
import { BUILDER, BUILDER_EDITOR_MESSAGES as M, defineTexts } from 'shared-contracts';

export const DEFAULT_MAX = BUILDER.defaultMax;

export type DefaultKind = 'text' | 'date' | 'dropdown' | 'yesno';

export const YES_NO_VALUES = ['YES', 'NO'] as const;

const DATE_DEFAULT = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2}) (AM|PM)$/;
const TODAY_TOKEN = /^\$today\s*([+-]\s*\d+)?$/i;
/** The default-value tokens of builder spec section 9 the renderer resolves (form-core tokens.ts). */
const KNOWN_TOKEN =
  /^\$(today\s*([+-]\s*\d+)?|currentuser(\.[A-Za-z_][\w.]*)?|documentname|context(\.[A-Za-z_][\w.]*)?)$/i;
/** A default that reads as a token: `$` and a letter ('$100' is a value, not a token). */
const TOKEN_LIKE = /^\$[A-Za-z]/;

export const DEFAULT_TOKEN_TEXTS = defineTexts('defaultToken', {
  help: 'Tokens: $today, $today+N or $today-N (days), $currentuser.{field}, $documentname, $context.{field}.',
  unknown:
    'Unknown token. Use $today, $today+N, $today-N, $currentuser.{field}, $documentname or $context.{field}.',
} as const);

/** The date of a `MM/DD/YYYY hh:mm AM|PM` text (local time), or undefined when it is not one. */
export const parseDateDefault = (text: string): Date | undefined => {
  const m = DATE_DEFAULT.exec(text.trim());
  if (!m) return undefined;
  const [month, day, year, hour, minute] = [m[1], m[2], m[3], m[4], m[5]].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1 || hour < 1 || hour > 12 || minute > 59) return undefined;
  const h24 = (hour % 12) + (m[6] === 'PM' ? 12 : 0);
  const d = new Date(year, month - 1, day, h24, minute);
  // Date rolls 02/30 over into March: a rolled date is not a real one.
  return d.getMonth() === month - 1 && d.getDate() === day ? d : undefined;
};

const pad = (n: number): string => String(n).padStart(2, '0');

/** A date as a date default text, `MM/DD/YYYY hh:mm AM|PM`. */
export const formatDateDefault = (d: Date): string => {
  const h = d.getHours() % 12 || 12;
  return `${pad(d.getMonth() + 1)}/${pad(d.getDate())}/${d.getFullYear()} ${pad(h)}:${pad(d.getMinutes())} ${
    d.getHours() < 12 ? 'AM' : 'PM'
  }`;
};

export interface DefaultContext {
  /** Dropdown: the picklist titles. */
  titles?: readonly string[];
}

/** The error of a default value, or undefined when it may be saved. */
export const validateDefault = (
  kind: DefaultKind,
  value: string,
  ctx: DefaultContext = {},
): string | undefined => {
  if (value === '') return undefined;
  if (value.length > DEFAULT_MAX) return M.defaultTooLong;
  switch (kind) {
    case 'date':
      return parseDateDefault(value) || TODAY_TOKEN.test(value.trim()) ? undefined : M.invalidDateFormat;
    case 'dropdown':
      return (ctx.titles ?? []).includes(value) ? undefined : M.dropdownDefaultPlaceholder;
    case 'yesno':
      return (YES_NO_VALUES as readonly string[]).includes(value) ? undefined : M.dropdownDefaultPlaceholder;
    default:
      return TOKEN_LIKE.test(value.trim()) && !KNOWN_TOKEN.test(value.trim())
        ? DEFAULT_TOKEN_TEXTS.unknown
        : undefined;
  }
};
