// "Get this form's definition", once for every screen (issue 41.3): the record's own copy, then the
// device's offline copy, then the org, with one rule for what a failure means.
import {
  API_ALLOWANCE_TEXTS,
  englishOf,
  errorWordingOf,
  MESSAGES_EN,
  definitionProblem,
  isBffError,
  isFormDefinition,
  type FormDefinitionRead,
  type Observable,
} from 'shared-contracts';
import type { OrgGateway } from './org-gateway';
import type { Owner } from './owner';
import type { OfflineStore } from './store';

export interface FormDefinitionDeps {
  store: OfflineStore;
  gateway: OrgGateway;
  online: Observable<boolean>;
  owner: () => Owner | null;
}

/** A failed org read in the user's words: the allowance text says what happens next, unprefixed. */
export function unreachableText(message: string): string {
  const bare = message.startsWith(MESSAGES_EN.serverErrorPrefix)
    ? message.slice(MESSAGES_EN.serverErrorPrefix.length)
    : message;
  return bare === englishOf(API_ALLOWANCE_TEXTS).spent ? bare : message || MESSAGES_EN.somethingWentWrong;
}

const offline: FormDefinitionRead = {
  kind: 'unreachable',
  network: true,
  message: MESSAGES_EN.cannotConnectToInternet,
};

export async function readFormDefinition(
  deps: FormDefinitionDeps,
  formId: string,
  own?: unknown,
): Promise<FormDefinitionRead> {
  if (isFormDefinition(own)) return { kind: 'found', formDef: own, from: 'own' };
  const o = deps.owner();
  const kept = o ? await deps.store.getForm(o, formId).catch(() => undefined) : undefined;
  if (isFormDefinition(kept?.formDef)) return { kind: 'found', formDef: kept.formDef, from: 'device' };
  if (!deps.online.get()) return offline;
  let def: unknown;
  try {
    def = await deps.gateway.getFormDefinition(formId);
  } catch (e) {
    if (!isBffError(e)) return offline; // no answer at all (the fetch itself failed)
    if (e.kind === 'network') return offline;
    if (e.status === 404 || e.status === 400) return { kind: 'none' };
    const wording = errorWordingOf(e);
    return {
      kind: 'unreachable',
      network: false,
      message: unreachableText(e.message),
      ...(wording ? { wording } : {}),
    };
  }
  if (def === null || def === undefined) return { kind: 'none' };
  // a definition that cannot be filled in (a string, no schema) says why
  if (!isFormDefinition(def))
    return { kind: 'unusable', message: definitionProblem(def) ?? MESSAGES_EN.schemaError };
  return { kind: 'found', formDef: def, from: 'org' };
}
