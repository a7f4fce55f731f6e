// Case-insensitive lookup of objects, fields and child relationships, derived once from the definitions.
import type { ValidationRule } from './types.js';
import { Naming } from './sfdx.js';
import type { FieldDef, ObjectDef } from './types.js';

export interface ChildRelationship {
  childSObject: string;
  field: string;
  relationshipName: string;
  cascadeDelete: boolean;
}

export class ObjectMeta {
  readonly fieldsByLower = new Map<string, FieldDef>();
  readonly relationshipsByLower = new Map<string, FieldDef>();
  readonly children: ChildRelationship[] = [];
  readonly childrenByLower = new Map<string, ChildRelationship>();

  constructor(readonly def: ObjectDef) {
    for (const f of def.fields) {
      this.fieldsByLower.set(f.name.toLowerCase(), f);
      if (f.type === 'reference' && f.relationshipName) {
        this.relationshipsByLower.set(f.relationshipName.toLowerCase(), f);
      }
    }
  }

  get name(): string {
    return this.def.name;
  }

  field(name: string): FieldDef | undefined {
    return this.fieldsByLower.get(name.toLowerCase());
  }

  relationship(name: string): FieldDef | undefined {
    return this.relationshipsByLower.get(name.toLowerCase());
  }

  child(name: string): ChildRelationship | undefined {
    return this.childrenByLower.get(name.toLowerCase());
  }

  get nameField(): FieldDef | undefined {
    return this.def.fields.find((f) => f.nameField) ?? this.field('Name');
  }
}

export class Registry {
  private readonly byLower = new Map<string, ObjectMeta>();
  private readonly byPrefix = new Map<string, ObjectMeta>();

  /** The org's active and inactive validation rules, in the order they run. */
  constructor(
    defs: ObjectDef[],
    readonly validationRules: readonly ValidationRule[] = [],
    /** The org's names for the package's custom objects and fields. */
    readonly naming: Naming = new Naming('cqext'),
  ) {
    for (const d of defs) {
      const meta = new ObjectMeta(d);
      this.byLower.set(d.name.toLowerCase(), meta);
      this.byPrefix.set(d.keyPrefix, meta);
    }
    for (const meta of this.byLower.values()) {
      for (const f of meta.def.fields) {
        if (f.type !== 'reference' || !f.childRelationshipName) continue;
        for (const target of f.referenceTo ?? []) {
          const parent = this.get(target);
          if (!parent) continue;
          const rel: ChildRelationship = {
            childSObject: meta.name,
            field: f.name,
            relationshipName: f.childRelationshipName,
            cascadeDelete: f.cascadeDelete ?? false,
          };
          parent.children.push(rel);
          parent.childrenByLower.set(rel.relationshipName.toLowerCase(), rel);
        }
      }
    }
  }

  get(name: string): ObjectMeta | undefined {
    return this.byLower.get(name.toLowerCase());
  }

  byKeyPrefix(id: string): ObjectMeta | undefined {
    return this.byPrefix.get(id.slice(0, 3));
  }

  all(): ObjectMeta[] {
    return [...this.byLower.values()];
  }
}
