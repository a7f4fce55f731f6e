// Record-level access (sharing): organisation-wide defaults for internal and external users, record
// ownership, master-detail children controlled by their parent, View All / Modify All on the object and
// View All Data / Modify All Data, and records a queue owns, shared with its members. No roles, sharing
// rules or manual shares: the demo org has none.
// https://help.salesforce.com/s/articleView?id=sf.security_sharing_owd_about.htm
// https://help.salesforce.com/s/articleView?id=sf.security_data_access.htm
import type { ObjectMeta, Registry } from '../metadata/registry.js';
import type { RecordStore, SRecord } from '../store/records.js';
import type { ObjectPerms } from './profiles.js';

export type SharingModel = 'Private' | 'Read' | 'ReadWrite' | 'ControlledByParent' | 'Public';

// The demo org's Sharing Settings for the standard objects it has (a new org's defaults, with the
// external defaults for Account and Contact raised to Public Read Only so partner users can pick the
// accounts and contacts a form refers to). Objects not listed have no sharing (setup objects).
const STANDARD: Record<string, [internal: SharingModel, external: SharingModel]> = {
  account: ['ReadWrite', 'Read'],
  contact: ['ReadWrite', 'Read'],
  task: ['Private', 'Private'],
};

function modelOf(meta: ObjectMeta, external: boolean): SharingModel {
  const std = STANDARD[meta.name.toLowerCase()];
  if (std) return external ? std[1] : std[0];
  const declared = external
    ? (meta.def.externalSharingModel ?? meta.def.sharingModel)
    : meta.def.sharingModel;
  if (declared === 'Private' || declared === 'Read' || declared === 'ReadWrite') return declared;
  if (declared === 'ControlledByParent') return 'ControlledByParent';
  if (declared === 'FullAccess' || declared === 'ReadWriteTransfer') return 'ReadWrite';
  // A custom object without a declared default is Public Read/Write internally, Private externally.
  if (meta.def.custom) return external ? 'Private' : 'ReadWrite';
  return 'Public';
}

export interface SharingContext {
  userId: string;
  external: boolean;
  viewAllData: boolean;
  modifyAllData: boolean;
  registry: Registry;
  store: RecordStore;
  objectPerms(name: string): ObjectPerms;
}

type Level = 'read' | 'edit';

/** The master-detail field whose parent controls a child's access. */
function masterField(meta: ObjectMeta): string | undefined {
  return meta.def.fields.find((f) => f.type === 'reference' && f.cascadeDelete && f.required)?.name;
}

export class Sharing {
  private readonly files = new Map<string, boolean>();
  private memberOf: Set<string> | undefined;

  constructor(private readonly c: SharingContext) {}

  can(level: Level, meta: ObjectMeta, rec: SRecord, depth = 0): boolean {
    const c = this.c;
    if (level === 'read' ? c.viewAllData : c.modifyAllData) return true;
    const perms = c.objectPerms(meta.name);
    if (level === 'read' ? perms.viewAll : perms.modifyAll) return true;
    const name = meta.name.toLowerCase();
    if (name === 'contentdocument') return this.file(String(rec.Id), rec, depth);
    if (name === 'contentversion') return this.fileOf(rec.ContentDocumentId, depth);
    if (name === 'contentdocumentlink') return this.fileOf(rec.ContentDocumentId, depth);
    const model = modelOf(meta, c.external);
    if (model === 'Public') return true;
    if (rec.OwnerId === c.userId) return true;
    if (typeof rec.OwnerId === 'string' && this.queues().has(rec.OwnerId)) return true;
    if (model === 'ControlledByParent') {
      const field = masterField(meta);
      const parentId = field ? rec[field] : undefined;
      const hit = typeof parentId === 'string' ? c.store.get(parentId) : undefined;
      const parentMeta = hit ? c.registry.get(hit.sobject) : undefined;
      return !!hit && !!parentMeta && depth < 5 && this.can(level, parentMeta, hit.data, depth + 1);
    }
    if (model === 'ReadWrite') return true;
    if (model === 'Read') return level === 'read';
    return false;
  }

  /**
   * The queues the user is a member of (GroupMember rows of a Group of Type Queue): what a queue owns is
   * shared with its members, read and edit. Read once per request. Groups within groups are not followed.
   */
  private queues(): Set<string> {
    if (this.memberOf) return this.memberOf;
    const ids = new Set<string>();
    for (const m of this.c.store.list('GroupMember')) {
      if (m.UserOrGroupId !== this.c.userId || typeof m.GroupId !== 'string') continue;
      const group = this.c.store.get(m.GroupId);
      if (group?.data.Type === 'Queue' && group.data.IsDeleted !== true) ids.add(m.GroupId);
    }
    return (this.memberOf = ids);
  }

  private fileOf(docId: unknown, depth: number): boolean {
    if (typeof docId !== 'string') return false;
    const doc = this.c.store.get(docId);
    return !!doc && this.file(docId, doc.data, depth);
  }

  /**
   * A file is the owner's, and whoever can see a record it is linked to (ContentDocumentLink), as
   * Files sharing works. Memoised for the request: a query over versions asks once per document.
   * https://help.salesforce.com/s/articleView?id=sf.collab_files_sharing_overview.htm
   */
  private file(docId: string, doc: SRecord, depth: number): boolean {
    const known = this.files.get(docId);
    if (known !== undefined) return known;
    let ok = doc.OwnerId === this.c.userId;
    if (!ok && depth < 5) {
      for (const link of this.c.store.list('ContentDocumentLink')) {
        if (link.ContentDocumentId !== docId) continue;
        const target = link.LinkedEntityId;
        if (target === this.c.userId) ok = true;
        const hit = typeof target === 'string' ? this.c.store.get(target) : undefined;
        const meta = hit ? this.c.registry.get(hit.sobject) : undefined;
        if (hit && meta && meta.name.toLowerCase() !== 'user' && this.can('read', meta, hit.data, depth + 1))
          ok = true;
        if (ok) break;
      }
    }
    this.files.set(docId, ok);
    return ok;
  }
}
