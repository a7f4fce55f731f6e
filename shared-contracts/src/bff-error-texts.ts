import { API_ERROR_TEXTS, MESSAGES, MESSAGES_EN, displayMessage } from './messages';
import { publishErrorText } from './publish';
import { defineTexts, englishOf } from './texts';

/**
 * The BFF's error texts made of parts (issue 44). The wire carries the English text (`messages[0]`)
 * with the envelope's `errorCode` and `params` (the BFF's ApiError.withParams), so a screen words it
 * again in its user's language by code (bffErrorText), as publishing's answers and a refused
 * submit's field errors are. The BFF answers with the English functions below (BFF_ERROR_MESSAGES).
 */
export const BFF_ERROR_TEXTS = defineTexts('bffErrors', {
  /** A form or query names an object the org does not have (or the user cannot see). */
  unknownObject: (object: string): string => `Unknown object: ${object}`,
  unknownField: (field: string, object: string): string => `Unknown field ${field} on ${object}`,
  unknownRelationship: (relationship: string): string => `Unknown relationship ${relationship}`,
  objectNotQueryable: (object: string): string => `Object ${object} cannot be queried.`,
} as const);

/** The English texts (the wire's). */
export const BFF_ERROR_MESSAGES = englishOf(BFF_ERROR_TEXTS);

/** Why the BFF refused a file's type (FILE_TYPE_REFUSED's `params.kind`), its reason's text. */
export const FILE_TYPE_REFUSALS = {
  executable: 'executableFile',
  script: 'scriptFile',
  markup: 'markupFile',
} as const satisfies Record<string, keyof typeof API_ERROR_TEXTS>;
export type FileTypeRefusal = keyof typeof FILE_TYPE_REFUSALS;

/** 'Error: ' + the reason (the spec's invalid-type text), English: what the BFF answers. */
export const fileTypeRefusedMessage = (kind: FileTypeRefusal): string =>
  `${MESSAGES_EN.invalidFileTypePrefix}${englishOf(API_ERROR_TEXTS)[FILE_TYPE_REFUSALS[kind]]}`;

type Params = Readonly<Record<string, string | number>>;
const str = (v: unknown): v is string => typeof v === 'string';

/** Each worded errorCode: its text from `params`, or undefined when they are not what it needs. */
const WORDED: Readonly<Record<string, (p: Params) => string | undefined>> = {
  UNKNOWN_OBJECT: (p) => (str(p.object) ? BFF_ERROR_TEXTS.unknownObject(p.object) : undefined),
  UNKNOWN_FIELD: (p) =>
    str(p.field) && str(p.object) ? BFF_ERROR_TEXTS.unknownField(p.field, p.object) : undefined,
  UNKNOWN_RELATIONSHIP: (p) =>
    str(p.relationship) ? BFF_ERROR_TEXTS.unknownRelationship(p.relationship) : undefined,
  OBJECT_NOT_QUERYABLE: (p) => (str(p.object) ? BFF_ERROR_TEXTS.objectNotQueryable(p.object) : undefined),
  FILE_TYPE_REFUSED: (p) => {
    const key = str(p.kind) ? FILE_TYPE_REFUSALS[p.kind as FileTypeRefusal] : undefined;
    return key ? `${MESSAGES.invalidFileTypePrefix}${API_ERROR_TEXTS[key]}` : undefined;
  },
};

/** The parts of a failure a screen words it from: its English text, the envelope's code and params. */
export interface ErrorWording {
  code?: string;
  params?: Params;
}

/**
 * A BFF error's text in the user's language: worded by its code and params when it is one made of
 * parts (kept 'Server Error: ' prefix in the user's language), else a publish answer, else a fixed
 * text by its English (displayMessage); an unknown code or an org's own words as they came.
 */
export function bffErrorText(message: string, wording?: ErrorWording): string {
  const { code, params } = wording ?? {};
  const worded = code && params ? WORDED[code]?.(params) : undefined;
  if (worded === undefined) return publishErrorText(message, code, params) ?? displayMessage(message);
  return message.startsWith(MESSAGES_EN.serverErrorPrefix)
    ? `${MESSAGES.serverErrorPrefix}${worded}`
    : worded;
}

/** The code and params of a failure (a BffError), to keep beside its English text; undefined without params. */
export function errorWordingOf(e: { code?: string; params?: Params }): ErrorWording | undefined {
  return e.code && e.params ? { code: e.code, params: e.params } : undefined;
}
