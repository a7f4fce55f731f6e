import { MESSAGES } from './messages';

/**
 * Publishing templates (builder spec 4 and 8). The spec quotes only 'Package deployment failed'; it names
 * the other messages without their wording, so they are worded here once for the BFF and the screens.
 */
export const PUBLISH_MESSAGES = {
  packageDeploymentFailed: MESSAGES.packageDeploymentFailed,
  deployStatusUnknown:
    'The deployment status could not be retrieved. The deployment may have succeeded: check the component in the org before publishing again.',
  unknownPublishErrorPrefix: 'The template could not be published: ',
  otherOrgNotSignedIn: 'Sign in to the other org before publishing to it.',
  invalidComponentName:
    'The developer name must start with a lowercase letter and contain only letters, digits and single underscores, not ending with an underscore.',
} as const;

/** Overwrite confirmation: a component of that name is already in the org. */
export const componentExistsConfirm = (name: string): string =>
  `A component named ${name} already exists in the org. Do you want to overwrite it?`;
/** Overwrite confirmation: the name matches a base class other components extend. */
export const baseClassNameConfirm = (name: string): string =>
  `${name} matches the name of a base class in the org. Overwriting it changes every component that extends it. Do you want to overwrite it?`;
/** Error: the generated component cannot be its own base class. */
export const componentEqualsBaseClass = (name: string): string =>
  `The component name ${name} is the base class name. Choose another developer name.`;

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
