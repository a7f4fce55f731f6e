import { MESSAGES_EN } from './messages';
import { defineTexts, englishOf } from './texts';

/**
 * Publishing templates (builder spec 4 and 8). The spec quotes only 'Package deployment failed'; it names
 * the other messages without their wording, so they are worded here once for the BFF and the screens:
 * in the user's language through PUBLISH_TEXTS, English (the wire's) through PUBLISH_MESSAGES and the
 * functions below, which the BFF answers with (a text with a name carries it as the envelope's
 * `params.name`, so the screen words it again by `errorCode`: publishErrorText).
 */
export const PUBLISH_TEXTS = /* @__PURE__ */ defineTexts('publish', {
  deployStatusUnknown:
    'The deployment status could not be retrieved. The deployment may have succeeded: check the component in the org before publishing again.',
  unknownPublishErrorPrefix: 'The template could not be published: ',
  otherOrgNotSignedIn: 'Sign in to the other org before publishing to it.',
  invalidComponentName:
    'The developer name must start with a lowercase letter and contain only letters, digits and single underscores, not ending with an underscore.',
  /** Overwrite confirmation: a component of that name is already in the org. */
  componentExists: (name: string): string =>
    `A component named ${name} already exists in the org. Do you want to overwrite it?`,
  /** Overwrite confirmation: the name matches a base class other components extend. */
  baseClassName: (name: string): string =>
    `${name} matches the name of a base class in the org. Overwriting it changes every component that extends it. Do you want to overwrite it?`,
  /** Error: the generated component cannot be its own base class. */
  componentEqualsBaseClass: (name: string): string =>
    `The component name ${name} is the base class name. Choose another developer name.`,
} as const);

const PUBLISH_EN = englishOf(PUBLISH_TEXTS);

/** The English texts (the wire's). */
export const PUBLISH_MESSAGES = {
  packageDeploymentFailed: MESSAGES_EN.packageDeploymentFailed,
  deployStatusUnknown: PUBLISH_EN.deployStatusUnknown,
  unknownPublishErrorPrefix: PUBLISH_EN.unknownPublishErrorPrefix,
  otherOrgNotSignedIn: PUBLISH_EN.otherOrgNotSignedIn,
  invalidComponentName: PUBLISH_EN.invalidComponentName,
} as const;

/** Overwrite confirmation: a component of that name is already in the org (English). */
export const componentExistsConfirm = PUBLISH_EN.componentExists;
/** Overwrite confirmation: the name matches a base class other components extend (English). */
export const baseClassNameConfirm = PUBLISH_EN.baseClassName;
/** Error: the generated component cannot be its own base class (English). */
export const componentEqualsBaseClass = PUBLISH_EN.componentEqualsBaseClass;

/** The publish answers worded from a name (`errorCode` → the text), in the user's language. */
const NAMED: Readonly<Record<string, (name: string) => string>> = {
  COMPONENT_EXISTS: (name) => PUBLISH_TEXTS.componentExists(name),
  BASE_CLASS_NAME: (name) => PUBLISH_TEXTS.baseClassName(name),
  COMPONENT_EQUALS_BASE_CLASS: (name) => PUBLISH_TEXTS.componentEqualsBaseClass(name),
};
const FIXED = new Map<string, () => string>(
  (['deployStatusUnknown', 'otherOrgNotSignedIn', 'invalidComponentName'] as const).map((k) => [
    PUBLISH_EN[k],
    () => PUBLISH_TEXTS[k],
  ]),
);

/**
 * A publish answer's text in the user's language: by its code and `params.name` for a text with a
 * name, a fixed publish text by its English, the org's reason after the unknown-error prefix as the
 * org wrote it; undefined for any other text (the caller's displayMessage then).
 */
export function publishErrorText(
  english: string,
  code?: string,
  params?: Readonly<Record<string, string | number>>,
): string | undefined {
  const named = code ? NAMED[code] : undefined;
  if (named && typeof params?.name === 'string') return named(params.name);
  const fixed = FIXED.get(english);
  if (fixed) return fixed();
  if (english.startsWith(PUBLISH_EN.unknownPublishErrorPrefix))
    return `${PUBLISH_TEXTS.unknownPublishErrorPrefix}${english.slice(PUBLISH_EN.unknownPublishErrorPrefix.length)}`;
  return undefined;
}

/** Error types of a publish failure that the screen answers with a confirmation instead of an error. */
export const PUBLISH_CONFIRM_ERROR_TYPES = ['component exists', 'base class name'] as const;

/** Lightning web component folder names: lowercase first letter, no double or trailing underscore. */
export const LWC_NAME_PATTERN = '^[a-z](?:[A-Za-z0-9]|_(?!_))*$';
export function isValidLwcName(name: string): boolean {
  return name.length <= 40 && new RegExp(LWC_NAME_PATTERN).test(name) && !name.endsWith('_');
}

/** The options the configuration screen sends inside the publish/download payload (`payload.options`). */
export interface PublishOptions {
  /** Form definition record the component shows (the builder's record id). */
  formId: string;
  formName: string;
  /** The object the form's record page belongs to (cqFormType). */
  objectApiName: string;
  label: string;
  /** Create: a quick action creating a record; Edit: a quick action on the record; None: a page component. */
  actionOverride: 'Create' | 'Edit' | 'None';
  /** Record page layout the component is meant for (informational: added to the meta description). */
  layout: string | null;
  /** Auto-launched flow run after a successful save (URL-launched with the record id). */
  afterSaveFlow: string | null;
  /** Apex class implementing the dynamic-filter interface for lookups. */
  dynamicFilterClass: string | null;
  /** Visualforce page hosting the product's canvas app (launcher template). */
  visualforcePage: string | null;
  /** An existing component shown above the form (header slot), by developer name. */
  headerComponent: string | null;
}

/** What a successful publish answers. status Unknown carries the deployStatusUnknown warning. */
export interface PublishResult {
  developerName: string;
  created: boolean;
  status: 'Succeeded' | 'Unknown';
  deployId: string;
  bundleId: string | null;
  warning: string | null;
  orgName: string | null;
  instanceUrl: string;
  components: string[];
}
