// Framework-free rules of the publishing screens: list limits, payloads, draft kept across the other-org
// sign-in, and what a publish outcome shows.
import {
  BUILDER,
  FLOW_LABEL_PREFIX,
  isValidDomainUrl,
  isValidLwcName,
  MESSAGES,
  PUBLISH_CONFIRM_ERROR_TYPES,
  PUBLISH_TEXTS,
  bffErrorText,
  displayMessage,
  publishErrorText,
  serverErrorText,
  type BffError,
  type HostServices,
  type PublishOptions,
  type PublishResult,
} from 'shared-contracts';
import { TEMPLATE_TEXTS } from './texts';

export type PublishTarget = 'main' | 'other' | 'download';
export type ActionOverride = PublishOptions['actionOverride'];
export const ACTION_OVERRIDES: ActionOverride[] = ['Create', 'Edit', 'None'];

/** The dynamic-filter interface whose implementations the screen offers: `ns.SQX_DynamicFilter`, or bare without a namespace. */
export const DYNAMIC_FILTER_INTERFACE = (namespace: string) =>
  namespace ? `${namespace}.SQX_DynamicFilter` : 'SQX_DynamicFilter';

/** Builder spec 7: getLWCList searches with limit 50, otherwise lists name 'CQ' with limit 10. */
export function lwcListBody(term: string, instanceUrl: string) {
  const t = term.trim();
  return t
    ? { instanceUrl, developerName: t, limit: BUILDER.lwcListLimitSearch }
    : { instanceUrl, developerName: FLOW_LABEL_PREFIX, limit: BUILDER.lwcListLimitDefault };
}

/** Builder spec 7: getVFPages searches with limit 100, otherwise an empty name and limit 10. */
export function vfPagesBody(term: string, instanceUrl: string) {
  const t = term.trim();
  return t
    ? { instanceUrl, name: t, limit: BUILDER.vfPageLimitSearch }
    : { instanceUrl, name: '', limit: BUILDER.vfPageLimitDefault };
}

export interface Draft {
  template: string;
  recordId: string;
  target: PublishTarget;
  developerName: string;
  options: PublishOptions;
}

export const DRAFT_KEY = 'cq.templateConfiguration.draft';

/** What the configuration is checked against: the templates offered and the other-org sign-in. */
export interface DraftContext {
  templates: readonly string[];
  otherSignedIn: boolean;
}

/**
 * The configuration's checks before a publish or download: a template that is offered, a developer
 * name the org accepts as a Lightning web component folder (the BFF's check, same text), and a
 * signed-in other org when publishing there.
 */
export function validatePublishDraft(
  d: Draft,
  ctx: DraftContext,
): { template?: string; developerName?: string; target?: string } {
  return {
    template: ctx.templates.includes(d.template) ? undefined : TEMPLATE_TEXTS.chooseTemplate,
    developerName: !d.developerName
      ? TEMPLATE_TEXTS.developerNameRequired
      : isValidLwcName(d.developerName)
        ? undefined
        : PUBLISH_TEXTS.invalidComponentName,
    target: d.target === 'other' && !ctx.otherSignedIn ? PUBLISH_TEXTS.otherOrgNotSignedIn : undefined,
  };
}

/** Where the other-org sign-in goes: production, sandbox or a custom domain. */
export type LoginChoice = 'production' | 'sandbox' | 'custom';

export interface OtherOrgSignIn {
  loginUrl: LoginChoice;
  customDomain: string;
}

/** The other-org sign-in's check: a custom domain must be a My Domain URL (builder spec section 5). */
export function validateOtherOrgSignIn(v: OtherOrgSignIn): { customDomain?: string } {
  return {
    customDomain:
      v.loginUrl === 'custom' && !isValidDomainUrl(v.customDomain)
        ? TEMPLATE_TEXTS.customDomainInvalid
        : undefined,
  };
}

/** The login URL the BFF is asked to sign in at ('production', 'sandbox' or the custom domain). */
export const loginTarget = (v: OtherOrgSignIn): string =>
  v.loginUrl === 'custom' ? v.customDomain.trim() : v.loginUrl;

export function emptyOptions(): PublishOptions {
  return {
    formId: '',
    formName: '',
    objectApiName: '',
    label: '',
    actionOverride: 'None',
    layout: null,
    afterSaveFlow: null,
    dynamicFilterClass: null,
    visualforcePage: null,
    headerComponent: null,
  };
}

/**
 * The draft as kept in sessionStorage while the browser signs in to the other org: sealed by the host
 * (issue 45: the form's name and labels are the org's values), read once.
 */
export async function keepDraft(
  storage: Pick<Storage, 'setItem'>,
  sealed: HostServices['sealed'],
  draft: Draft,
): Promise<void> {
  storage.setItem(DRAFT_KEY, await sealed.seal(DRAFT_KEY, draft));
}

export async function readDraft(
  storage: Pick<Storage, 'getItem' | 'removeItem'>,
  sealed: HostServices['sealed'],
): Promise<Draft | null> {
  const raw = storage.getItem(DRAFT_KEY);
  storage.removeItem(DRAFT_KEY);
  if (!raw) return null;
  try {
    const d = await sealed.open<Partial<Draft>>(DRAFT_KEY, raw);
    if (!d || typeof d.template !== 'string' || typeof d.developerName !== 'string') return null;
    return {
      template: d.template,
      recordId: typeof d.recordId === 'string' ? d.recordId : '',
      target: d.target === 'main' || d.target === 'download' ? d.target : 'other',
      developerName: d.developerName,
      options: { ...emptyOptions(), ...(d.options ?? {}) },
    };
  } catch {
    return null;
  }
}

/** Decodes the builder's saved formJSON (base64 of UTF-8 JSON); null when it is empty or not JSON. */
export function decodeFormJson(b64: string): Record<string, unknown> | null {
  if (!b64) return null;
  try {
    const bytes = Uint8Array.from(atob(b64.replace(/\s+/g, '')), (c) => c.charCodeAt(0));
    const value: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

export function publishBody(draft: Draft, form: unknown, overwrite: boolean, instanceUrl?: string) {
  return {
    template: draft.template,
    componentName: draft.developerName,
    label: draft.options.label || draft.developerName,
    overwrite,
    ...(instanceUrl ? { instanceUrl } : {}),
    payload: { form: form ?? {}, options: draft.options },
  };
}

export type Outcome =
  | { kind: 'success'; text: string; detail: string }
  | { kind: 'warning'; text: string; detail: string }
  | { kind: 'confirm'; text: string }
  | { kind: 'error'; text: string; problems: string[] };

export function successOutcome(result: PublishResult): Outcome {
  if (result.status === 'Unknown')
    return {
      kind: 'warning',
      text: result.warning
        ? (publishErrorText(result.warning) ?? result.warning)
        : PUBLISH_TEXTS.deployStatusUnknown,
      detail: TEMPLATE_TEXTS.deployId(result.deployId),
    };
  return {
    kind: 'success',
    text: TEMPLATE_TEXTS.published(result.developerName, result.orgName ?? result.instanceUrl),
    detail: TEMPLATE_TEXTS.deployId(result.deployId),
  };
}

/**
 * A failed publish: an overwrite question for the confirmation types, else the error and its problems,
 * in the user's language (the BFF's English worded again by its code and parameters: bffErrorText).
 */
export function failureOutcome(
  failure:
    | (Pick<BffError, 'status' | 'network' | 'errorType' | 'message' | 'details'> &
        Partial<Pick<BffError, 'code' | 'params'>>)
    | undefined,
  fallback: string,
): Outcome {
  if (!failure) return { kind: 'error', text: fallback, problems: [] };
  if (failure.network) return { kind: 'error', text: MESSAGES.networkError, problems: [] };
  const shown = (english: string) => bffErrorText(english, failure);
  if ((PUBLISH_CONFIRM_ERROR_TYPES as readonly string[]).includes(failure.errorType))
    return { kind: 'confirm', text: shown(failure.message) };
  const details = failure.details as { problems?: { component?: string; problem?: string }[] } | undefined;
  const problems = Array.isArray(details?.problems)
    ? details.problems.map((p) => (p.component ? `${p.component}: ${p.problem ?? ''}` : (p.problem ?? '')))
    : [];
  if (!failure.message) return { kind: 'error', text: fallback, problems };
  return {
    kind: 'error',
    text:
      failure.errorType === 'server'
        ? displayMessage(serverErrorText(failure.message))
        : shown(failure.message),
    problems,
  };
}
