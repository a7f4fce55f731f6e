// The running user's access: their effective permissions, a registry holding only the objects and
// fields they can read (so describe, SOQL and the UI API answer "no such column" / "not supported"
// exactly where a real org does), and record-level sharing. Built per user and cached until an
// assignment, a permission set, a user or the schema changes.
import { type ObjectMeta, Registry } from '../metadata/registry.js';
import type { FieldDef, ObjectDef } from '../metadata/types.js';
import type { Naming } from '../metadata/sfdx.js';
import type { RecordStore, SRecord } from '../store/records.js';
import { insufficientAccess, insufficientCrossReference } from './errors.js';
import { type EffectivePerms, effectivePerms } from './permissions.js';
import { EXTERNAL_USER_TYPES, NO_ACCESS, type ObjectPerms, profileDef } from './profiles.js';
import { Sharing } from './sharing.js';

/**
 * What security reads of the org: its records and its schemas, read on each use because a deploy
 * replaces the data registry.
 */
export interface SecuredOrg {
  readonly store: RecordStore;
  readonly registry: Registry;
  readonly tooling: Registry;
  readonly naming: Naming;
}

const FULL: ObjectPerms = {
  read: true,
  create: true,
  edit: true,
  delete: true,
  viewAll: true,
  modifyAll: true,
};

/** The key-value entry a deployed permission set's body is kept under. */
export const permissionSetKey = (name: string): string => `permset:${name.toLowerCase()}`;

export interface UserGrants {
  userId: string;
  external: boolean;
  perms: EffectivePerms;
  data: Registry;
  tooling: Registry;
}

/** Whether a field is governed by field-level security: custom fields that are not required. */
function flsControlled(f: FieldDef): boolean {
  return f.custom === true && !f.required && !f.nameField && !f.system && f.nillable !== false;
}

function viewOf(
  system: Registry,
  perms: EffectivePerms,
  objectPerms: (m: ObjectMeta) => ObjectPerms,
): Registry {
  const defs: ObjectDef[] = [];
  for (const meta of system.all()) {
    const op = objectPerms(meta);
    if (!op.read) continue;
    const fields: FieldDef[] = [];
    for (const f of meta.def.fields) {
      // Custom metadata fields have no field-level security: the type's access is all there is.
      if (perms.all || !flsControlled(f) || /__mdt$/i.test(meta.name)) {
        fields.push(f);
        continue;
      }
      // A geolocation's components take the compound's permission (the one a permission set names).
      const fp = perms.fields.get(`${meta.name}.${f.compoundFieldName ?? f.name}`.toLowerCase());
      if (!fp?.read) continue;
      // The compound itself stays read-only whatever the permission.
      fields.push(fp.edit && f.type !== 'location' ? f : { ...f, createable: false, updateable: false });
    }
    defs.push({
      ...meta.def,
      fields,
      createable: meta.def.createable !== false && op.create,
      updateable: meta.def.updateable !== false && op.edit,
      deletable: meta.def.deletable !== false && op.delete,
    });
  }
  return new Registry(defs, system.validationRules, system.naming);
}

export class Security {
  private readonly cache = new Map<string, { key: string; schema: Registry; grants: UserGrants }>();

  constructor(private readonly org: SecuredOrg) {}

  private versionKey(): string {
    const s = this.org.store;
    return `${s.version(['User', 'Profile', 'PermissionSet', 'PermissionSetAssignment'])}|${s.kvWrites}`;
  }

  grants(userId: string): UserGrants {
    const key = this.versionKey();
    const schema = this.org.registry;
    const hit = this.cache.get(userId);
    if (hit && hit.key === key && hit.schema === schema) return hit.grants;
    const grants = this.build(userId);
    this.cache.set(userId, { key, schema, grants });
    return grants;
  }

  private build(userId: string): UserGrants {
    const store = this.org.store;
    const user = store.get(userId)?.data ?? {};
    const profileName = String(
      (typeof user.ProfileId === 'string' ? store.get(user.ProfileId)?.data.Name : undefined) ?? '',
    );
    const sets: Record<string, unknown>[] = [];
    const permsetNames = new Map(store.list('PermissionSet').map((p) => [p.Id, String(p.Name)]));
    for (const a of store.list('PermissionSetAssignment')) {
      if (a.AssigneeId !== userId || a.IsActive === false) continue;
      const name = permsetNames.get(a.PermissionSetId);
      const body = name ? store.getKv(permissionSetKey(name)) : undefined;
      if (body) sets.push(JSON.parse(body) as Record<string, unknown>);
    }
    const perms = effectivePerms(profileDef(profileName), sets, this.org.naming);
    const data = viewOf(this.org.registry, perms, (m) =>
      perms.all ? FULL : (perms.objects.get(m.name.toLowerCase()) ?? NO_ACCESS),
    );
    // Tooling objects are setup: read with View Setup, change with Customize Application or Modify Metadata.
    const setupWrite = perms.user.has('CustomizeApplication') || perms.user.has('ModifyMetadata');
    const tooling = viewOf(this.org.tooling, perms, () => ({
      ...NO_ACCESS,
      read: perms.user.has('ViewSetup') || setupWrite,
      create: setupWrite,
      edit: setupWrite,
      delete: setupWrite,
    }));
    const external = EXTERNAL_USER_TYPES.has(String(user.UserType));
    return { userId, external, perms, data, tooling };
  }

  /** Modify Metadata (or Modify All Data): what the Metadata API asks of its caller. */
  canUseMetadataApi(userId: string): boolean {
    const p = this.grants(userId).perms;
    return p.all || p.user.has('ModifyMetadata') || p.user.has('ModifyAllData');
  }

  /** View Setup and Configuration (or a permission that implies it): what /limits asks of its caller. */
  canViewSetup(userId: string): boolean {
    const p = this.grants(userId).perms;
    return (
      p.all || p.user.has('ViewSetup') || p.user.has('CustomizeApplication') || p.user.has('ModifyAllData')
    );
  }

  /** The user's access for one request (sharing answers are memoised for that request only). */
  forUser(userId: string, api: 'data' | 'tooling' = 'data'): Access {
    return new Access(this.org, this.grants(userId), api);
  }
}

export class Access {
  readonly registry: Registry;
  private readonly sharing: Sharing;

  constructor(
    private readonly org: SecuredOrg,
    readonly grants: UserGrants,
    readonly api: 'data' | 'tooling',
  ) {
    this.registry = api === 'data' ? grants.data : grants.tooling;
    const p = grants.perms;
    this.sharing = new Sharing({
      userId: grants.userId,
      external: grants.external,
      viewAllData: p.all || p.user.has('ViewAllData') || p.user.has('ModifyAllData') || api === 'tooling',
      modifyAllData: p.all || p.user.has('ModifyAllData') || api === 'tooling',
      registry: org.registry,
      store: org.store,
      objectPerms: (name) => this.objectPerms(name),
    });
  }

  get system(): Registry {
    return this.api === 'data' ? this.org.registry : this.org.tooling;
  }

  objectPerms(name: string): ObjectPerms {
    if (this.grants.perms.all) return FULL;
    const def = this.registry.get(name)?.def;
    if (!def) return NO_ACCESS;
    if (this.api === 'tooling')
      return {
        ...NO_ACCESS,
        read: true,
        create: !!def.createable,
        edit: !!def.updateable,
        delete: !!def.deletable,
      };
    return this.grants.perms.objects.get(name.toLowerCase()) ?? NO_ACCESS;
  }

  canRead(meta: ObjectMeta, rec: SRecord): boolean {
    return this.sharing.can('read', meta, rec);
  }

  canEdit(meta: ObjectMeta, rec: SRecord): boolean {
    return this.sharing.can('edit', meta, rec);
  }

  /** A record the user can see, by id (any object), or undefined. */
  visible(id: string): { sobject: string; data: SRecord } | undefined {
    const hit = this.org.store.get(id);
    if (!hit) return undefined;
    const meta = this.org.registry.get(hit.sobject) ?? this.org.tooling.get(hit.sobject);
    return meta && this.registry.get(hit.sobject) && this.canRead(meta, hit.data) ? hit : undefined;
  }

  checkCreate(meta: ObjectMeta): void {
    if (!this.objectPerms(meta.name).create) throw insufficientAccess();
  }

  checkEdit(meta: ObjectMeta, rec: SRecord): void {
    if (!this.objectPerms(meta.name).edit || !this.canEdit(meta, rec)) throw insufficientAccess();
  }

  checkDelete(meta: ObjectMeta, rec: SRecord): void {
    if (!this.objectPerms(meta.name).delete || !this.canEdit(meta, rec)) throw insufficientAccess();
  }

  /**
   * Lookups must point at records the user can see; a master-detail child needs edit access on its
   * master ("insufficient access rights on cross-reference id").
   */
  checkReferences(meta: ObjectMeta, values: SRecord): void {
    if (this.grants.perms.all || this.api === 'tooling') return;
    for (const [name, value] of Object.entries(values)) {
      if (typeof value !== 'string') continue;
      const f = meta.field(name);
      if (f?.type !== 'reference' || f.name === 'OwnerId' || f.name === 'RecordTypeId') continue;
      const hit = this.org.store.get(value);
      const target = hit ? this.org.registry.get(hit.sobject) : undefined;
      if (!hit || !target) continue;
      // Setup objects (users, record types) are referable by everyone.
      if (!target.def.custom && !['account', 'contact', 'task'].includes(target.name.toLowerCase())) continue;
      const ok =
        f.cascadeDelete && f.required ? this.canEdit(target, hit.data) : this.canRead(target, hit.data);
      if (!ok) throw insufficientCrossReference(f.name);
    }
  }
}
