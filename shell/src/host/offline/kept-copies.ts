/**
 * What the device keeps of the org for one owner, beside their submissions (store.ts): forms downloaded
 * for offline with their guide images, and the org's lists as last read (home's tasks and forms). Every
 * method takes the signed-in owner first and reads and writes only that owner's copies (owner.ts).
 */
import type { CachedForm, Guide } from 'shared-contracts';
import type { OfflineDbs, OwnedForm } from './db';
import { assertOwner, ownerKey, type OwnedList, type Owner } from './owner';
import { type DataKeys, type FormRow, type ListRow, Sealer } from './sealing';

/**
 * A read in two steps for live queries: `rows` touches only the database and `open` unseals what it
 * read. A live query's querier must do nothing but database reads: Dexie carries the querier's context
 * across its other awaits (the data key, Web Crypto) into whatever code runs beside them, and a write
 * made there is refused ("Readwrite transaction in liveQuery context"): a draft saved just after the
 * app reopened failed so (live.ts `liveRead` opens outside the querier).
 */
export interface StoreRead<R, T> {
  rows(): Promise<R>;
  open(rows: R): Promise<T>;
}

/** Both steps at once, for every caller that is not a live query. */
export async function readNow<R, T>(read: StoreRead<R, T>): Promise<T> {
  return read.open(await read.rows());
}

/** Every copy is sealed with the owner's data key (sealing.ts) before its transaction opens. */
export class KeptCopies {
  protected readonly sealer: Sealer;

  constructor(
    readonly dbs: OfflineDbs,
    keys: DataKeys,
  ) {
    this.sealer = new Sealer(keys);
  }

  protected get sdb() {
    return this.dbs.submissions;
  }
  protected get idb() {
    return this.dbs.images;
  }

  // the org's lists as last read

  /** The owner's copy of list `name`, or undefined when none was kept. */
  async orgList<T>(owner: Owner, name: string): Promise<T | undefined> {
    return readNow(this.readOrgList<T>(owner, name));
  }

  readOrgList<T>(owner: Owner, name: string): StoreRead<ListRow | OwnedList | undefined, T | undefined> {
    assertOwner(owner, 'orgList');
    return {
      rows: () => this.sdb.lists.get([owner.organizationId, owner.userId, name]),
      open: async (r) => (r ? this.sealer.openList<T>(owner, r) : undefined),
    };
  }

  async putOrgList(owner: Owner, name: string, value: unknown): Promise<void> {
    assertOwner(owner, 'putOrgList');
    const row = await this.sealer.sealList(owner, name, value);
    await this.sdb.transaction('rw', this.sdb.lists, () => this.sdb.lists.put(row));
  }

  // cached forms and guide images (download for offline)

  async formsOf(owner: Owner): Promise<CachedForm[]> {
    return readNow(this.readForms(owner));
  }

  readForms(owner: Owner): StoreRead<Array<FormRow | OwnedForm>, CachedForm[]> {
    assertOwner(owner, 'formsOf');
    return {
      rows: () => this.sdb.forms.where('[organizationId+userId]').equals(ownerKey(owner)).toArray(),
      open: (forms) => Promise.all(forms.map((f) => this.sealer.openForm(owner, f))),
    };
  }

  async getForm(owner: Owner, formId: string): Promise<CachedForm | undefined> {
    assertOwner(owner, 'getForm');
    const f = await this.sdb.forms.get([owner.organizationId, owner.userId, formId]);
    return f ? this.sealer.openForm(owner, f) : undefined;
  }

  /** The ids are the rows' keys: nothing to open. */
  async formIds(owner: Owner): Promise<string[]> {
    assertOwner(owner, 'formIds');
    const forms = await this.sdb.forms.where('[organizationId+userId]').equals(ownerKey(owner)).toArray();
    return forms.map((f) => f.Id);
  }

  /** The form's definition and its guide images, kept for this owner. */
  async putForm(owner: Owner, form: CachedForm, guides: Guide[]): Promise<void> {
    assertOwner(owner, 'putForm');
    const row = await this.sealer.sealForm(owner, form);
    const guideRows = await Promise.all(guides.map((g) => this.sealer.sealGuide(owner, g)));
    await this.sdb.transaction('rw', this.sdb.forms, () => this.sdb.forms.put(row));
    await this.idb.transaction('rw', this.idb.ownedGuides, () => this.idb.ownedGuides.bulkPut(guideRows));
  }

  async removeForm(owner: Owner, formId: string): Promise<void> {
    assertOwner(owner, 'removeForm');
    await this.sdb.transaction('rw', this.sdb.forms, () =>
      this.sdb.forms.delete([owner.organizationId, owner.userId, formId]),
    );
    await this.idb.transaction('rw', this.idb.ownedGuides, () =>
      this.idb.ownedGuides
        .where('[organizationId+userId+formId]')
        .equals([owner.organizationId, owner.userId, formId])
        .delete(),
    );
  }

  /** One cached guide image of this owner, by its URL (the guide's Id), for the form screen offline. */
  async guideImage(owner: Owner, imageUrl: string): Promise<string | undefined> {
    assertOwner(owner, 'guideImage');
    const g = await this.idb.ownedGuides.get([owner.organizationId, owner.userId, imageUrl]);
    return g ? (await this.sealer.openGuide(owner, g)).encodedImage || undefined : undefined;
  }

  async guidesOf(owner: Owner, formId: string): Promise<Guide[]> {
    assertOwner(owner, 'guidesOf');
    const guides = await this.idb.ownedGuides
      .where('[organizationId+userId+formId]')
      .equals([owner.organizationId, owner.userId, formId])
      .toArray();
    return Promise.all(guides.map((g) => this.sealer.openGuide(owner, g)));
  }
}
