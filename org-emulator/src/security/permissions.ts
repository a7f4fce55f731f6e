// A user's effective permissions: their profile plus every permission set assigned to them, each
// permission the union of what grants it (permissions only add, never take away). Permission sets are
// PermissionSet metadata bodies (objectPermissions, fieldPermissions, userPermissions,
// customMetadataTypeAccesses) as deployed.
// https://developer.salesforce.com/docs/atlas.en-us.api_meta.meta/api_meta/meta_permissionset.htm
import type { Naming } from '../metadata/sfdx.js';
import {
  NO_ACCESS,
  type ObjectPerms,
  objectPermsOf,
  type ProfileDef,
  type UserPermission,
} from './profiles.js';

export interface FieldPerms {
  read: boolean;
  edit: boolean;
}

export interface EffectivePerms {
  all: boolean;
  user: Set<UserPermission>;
  /** Lower-case object API name (as this org names it) → permissions. */
  objects: Map<string, ObjectPerms>;
  /** `object.field`, lower-case, as this org names them → permissions. */
  fields: Map<string, FieldPerms>;
}

const list = (v: unknown): Record<string, unknown>[] =>
  (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]).filter(
    (x): x is Record<string, unknown> => typeof x === 'object' && x !== null,
  );
const yes = (v: unknown): boolean => v === true || v === 'true';

export function effectivePerms(
  profile: ProfileDef,
  permissionSets: readonly Record<string, unknown>[],
  naming: Naming,
): EffectivePerms {
  const out: EffectivePerms = {
    all: profile.all,
    user: new Set(profile.userPermissions),
    objects: new Map(),
    fields: new Map(),
  };
  for (const [name, code] of Object.entries(profile.objects)) {
    out.objects.set(name.toLowerCase(), objectPermsOf(code));
  }
  for (const ps of permissionSets) {
    for (const up of list(ps.userPermissions)) {
      if (yes(up.enabled) && typeof up.name === 'string') out.user.add(up.name as UserPermission);
    }
    for (const op of list(ps.objectPermissions)) {
      if (typeof op.object !== 'string') continue;
      const key = naming.qualify(op.object).toLowerCase();
      const had = out.objects.get(key) ?? NO_ACCESS;
      out.objects.set(key, {
        read: had.read || yes(op.allowRead),
        create: had.create || yes(op.allowCreate),
        edit: had.edit || yes(op.allowEdit),
        delete: had.delete || yes(op.allowDelete),
        viewAll: had.viewAll || yes(op.viewAllRecords),
        modifyAll: had.modifyAll || yes(op.modifyAllRecords),
      });
    }
    // Read access to a custom metadata type (the org restricts them to those granted).
    for (const ca of list(ps.customMetadataTypeAccesses)) {
      if (typeof ca.name !== 'string' || !yes(ca.enabled)) continue;
      const key = naming.qualify(ca.name).toLowerCase();
      out.objects.set(key, { ...(out.objects.get(key) ?? NO_ACCESS), read: true });
    }
    for (const fp of list(ps.fieldPermissions)) {
      if (typeof fp.field !== 'string') continue;
      const dot = fp.field.indexOf('.');
      if (dot < 0) continue;
      const object = fp.field.slice(0, dot);
      // A custom activity field is granted as Activity.X and governs Task.X and Event.X.
      for (const o of object === 'Activity' ? ['Task', 'Event'] : [object]) {
        const key = `${naming.qualify(o)}.${naming.qualify(fp.field.slice(dot + 1))}`.toLowerCase();
        const had = out.fields.get(key) ?? { read: false, edit: false };
        const edit = had.edit || yes(fp.editable);
        out.fields.set(key, { read: had.read || edit || yes(fp.readable), edit });
      }
    }
  }
  // View All / Modify All imply the lesser rights, as the permission set editor enforces.
  for (const [k, p] of out.objects) {
    const modifyAll = p.modifyAll;
    const viewAll = p.viewAll || modifyAll;
    out.objects.set(k, {
      read: p.read || viewAll,
      create: p.create,
      edit: p.edit || modifyAll,
      delete: p.delete || modifyAll,
      viewAll,
      modifyAll,
    });
  }
  return out;
}
