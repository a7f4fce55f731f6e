// The pull half of sync, on the device: the org's pending records (the user's drafts and refused
// submissions) imported into the offline store with their forms' definitions, discards honoured and
// told to the org, and one record pulled on purpose. Kept apart from createOfflineServices (the
// write side) because it has its own state: the last import, definitions read this session, and the
// org copies of discarded drafts.
import type { Observable, PendingSubmission, LocalSubmission } from 'shared-contracts';
import type { OrgGateway } from './org-gateway';
import { eachLimited } from './each-limited';
import { changedPuts, pendingSignature, shouldImport, type ImportMark } from './import-writes';
import type { Owner } from './owner';
import type { OfflineStore } from './store';
import * as T from './transitions';

/** Form definitions an import reads from the org at once: not one by one, nor all together. */
export const DEFINITION_READS = 4;

export interface OrgImportDeps {
  store: OfflineStore;
  gateway: OrgGateway;
  online: Observable<boolean>;
  /** The uploader is sending: the import must not delete what it may be about to deliver. */
  uploading: () => boolean;
  owner: () => Owner | null;
  ctx: () => T.Ctx;
  nowMs: () => number;
}

export interface OrgImport {
  /** The org's pending records into the store (skipped when nothing changed since the last one). */
  importPending(): Promise<void>;
  /** One record from the org, opened on purpose (its discard mark forgotten). */
  pullPending(formSubmissionId: string): Promise<LocalSubmission | null>;
}

export function createOrgImport(deps: OrgImportDeps): OrgImport {
  const { store, owner, ctx, nowMs } = deps;
  /** The last import that could delete (see shouldImport); null until one ran. */
  let lastImport: ImportMark | null = null;
  let importCanDelete = false;
  const localCount = async (): Promise<number> => {
    const o = owner();
    return o ? store.countSubmissions(o) : 0;
  };

  /** A discard mark outlives its draft's last sighting in the org by this much (an upload in flight). */
  const DISCARD_MARK_MS = 24 * 60 * 60 * 1000;

  /** The last background import's org copies of discarded drafts (see deleteDiscardedInOrg). */
  let discardedInOrg: PendingSubmission[] = [];

  /**
   * Definitions of imported records' forms this session, by form id (all its records share it): read
   * or being read, so an import and a pull at the same time ask the org once. A read that brings no
   * definition is forgotten, so the next import asks again.
   */
  const importDefs = new Map<string, Promise<unknown>>();
  const importDef = (formId: string, read: () => Promise<unknown>): Promise<unknown> => {
    let def = importDefs.get(formId);
    if (!def) {
      def = read().catch(() => null);
      importDefs.set(formId, def);
      void def.then((d) => d == null && importDefs.delete(formId));
    }
    return def;
  };

  /**
   * The org lists pending records without their form definition; a record imported without one is
   * shown by API names and raw values (issue 19) and cannot open offline. Each form's definition is
   * read once (the offline copies in one read, the rest from the org, DEFINITION_READS at a time) and
   * goes with its records; a failed read leaves them as they are and the next import tries again.
   */
  const withDefinitions = async (pending: PendingSubmission[]): Promise<PendingSubmission[]> => {
    const missing = [...new Set(pending.filter((p) => p.formDef == null).map((p) => p.formId))];
    const unread = missing.filter((formId) => !importDefs.has(formId));
    const o = owner();
    const offline = o && unread.length ? await store.formsOf(o).catch(() => []) : [];
    const offlineDefs = new Map(offline.map((f) => [f.Id, f.formDef]));
    const defs = new Map<string, unknown>();
    await eachLimited(missing, DEFINITION_READS, async (formId) => {
      const def = await importDef(
        formId,
        async () => offlineDefs.get(formId) ?? deps.gateway.getFormDefinition(formId),
      );
      if (def != null) defs.set(formId, def);
    });
    return pending.map((p) =>
      p.formDef == null && defs.has(p.formId) ? { ...p, formDef: defs.get(p.formId) } : p,
    );
  };

  const applyPending = async (
    pending: PendingSubmission[],
    withDeletes: boolean,
  ): Promise<LocalSubmission[]> => {
    // Nobody signed in (stored user gone, e.g. after a browser crash or a sign-out in another tab):
    // records imported now would belong to nobody; the next signed-in import does it.
    importCanDelete = false;
    const o = owner();
    if (!o) return [];
    let deletes: string[] = [];
    const pendingIds = pending.map((p) => p.id);
    const { puts } = await store.applyImport(
      o,
      { pendingIds, forgetMarks: !withDeletes },
      (locals, marks) => {
        const uploading = !withDeletes || deps.uploading();
        const online = deps.online.get();
        importCanDelete = online && !uploading;
        // The background import honours the user's discards; a pull of one record (opened on purpose)
        // brings it back and forgets the mark.
        const discarded = withDeletes ? marks : new Set<string>();
        const plan = T.planImport(locals, pending, { ...ctx(), online, uploading }, discarded);
        // An import that changes nothing writes nothing (home imports every minute; a rewrite re-runs
        // every live query over the store): see import-writes.ts.
        const changed = changedPuts(plan.puts, new Map(locals.map((s) => [s.id, s])));
        deletes = plan.deletes;
        discardedInOrg = plan.discardedInOrg;
        return {
          puts: changed,
          deletes: plan.deletes,
          ...(importCanDelete && discarded.size > 0
            ? { forgetDiscardedBefore: nowMs() - DISCARD_MARK_MS }
            : {}),
          result: null,
        };
      },
    );
    for (const id of deletes) await store.deleteSubmissionCascade(o, id);
    return puts;
  };

  /**
   * The org still lists drafts the user discarded (drafts are synced; the import skipped them): asks
   * it to delete them. Best effort, one at a time: a failure leaves the mark, so the next import asks again.
   */
  const deleteDiscardedInOrg = async (): Promise<void> => {
    const remove = deps.gateway.discardSubmission?.bind(deps.gateway);
    const stale = discardedInOrg;
    discardedInOrg = [];
    if (!remove || !deps.online.get()) return;
    for (const p of stale) await remove(p.formId, p.id).catch(() => false);
  };

  return {
    async importPending() {
      const pending = await deps.gateway.pendingSubmissions();
      const organizationId = `${ctx().organizationId}/${owner()?.userId ?? ''}`;
      const signature = pendingSignature(pending);
      if (!shouldImport(lastImport, { organizationId, signature, localCount: await localCount() }, nowMs()))
        return;
      await applyPending(await withDefinitions(pending), true);
      await deleteDiscardedInOrg();
      lastImport = importCanDelete
        ? { organizationId, signature, localCount: await localCount(), at: nowMs() }
        : null;
    },
    async pullPending(formSubmissionId) {
      const p = await deps.gateway.syncPendingSubmission(formSubmissionId);
      if (!p) return null;
      await applyPending(await withDefinitions([p]), false);
      const o = owner();
      return (o && (await store.getSubmission(o, p.id))) ?? null;
    },
  };
}
