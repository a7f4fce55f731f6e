// The emulated org: schema registries, record store, id factory and the options it was started with.
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IdFactory } from './ids.js';
import { NS, standardObjects, toolingObjects } from './metadata/objects.js';
import { type CustomObjectMd, customSchema, Naming, withOrgIds } from './metadata/sfdx.js';
import { Registry } from './metadata/registry.js';
import { type ObjectTranslation, Translator } from './metadata/translations.js';
import { Security } from './security/access.js';
import { RecordStore } from './store/records.js';

export interface OrgOptions {
  db: string;
  tokenTtlSeconds: number;
  testControl: boolean;
  canvasUrl: string;
  /** Another org's identity (a second emulated org beside the first): 18-character 00D… id and name. */
  orgId?: string;
  orgName?: string;
  /** How long a metadata deploy takes before it is done (polled by clients). */
  deployMs?: number;
  /** The SFDX source (package directory) the custom schema is read from; default the repository's salesforce/ project. */
  sourceDir?: string;
  /** The package's namespace prefix on custom names ('' = an unmanaged deploy: SQX_Form_Submission__c). */
  namespace?: string;
  /** Connected apps may be created (Support enabled it, as for a package's app); a 2026 org refuses. */
  connectedAppCreation?: boolean;
}

export class Org {
  private current!: Registry;
  /** Names as this org shows them (its namespace prefix on the package's custom names). */
  readonly naming: Naming;
  readonly tooling = new Registry(toolingObjects);
  readonly store: RecordStore;
  readonly ids = new IdFactory();
  /** Who may see and do what: profiles, permission sets and sharing (src/security). */
  readonly security = new Security(this);
  readonly filesDir: string;
  private readonly tempDir: string | undefined;
  /** Set once the server listens; identity URLs and instance_url are built from it. */
  baseUrl = 'http://127.0.0.1';

  constructor(readonly options: OrgOptions) {
    this.naming = new Naming(options.namespace ?? NS);
    this.store = new RecordStore(options.db);
    this.rebuild(this.customMetadata());
    if (options.db === ':memory:' || options.db === '') {
      this.tempDir = mkdtempSync(join(tmpdir(), 'org-emulator-files-'));
      this.filesDir = this.tempDir;
    } else {
      this.filesDir = `${options.db}.files`;
      mkdirSync(this.filesDir, { recursive: true });
    }
    for (const id of this.store.ids()) this.ids.observe(id);
  }

  /** The org's schema: the standard objects plus the custom schema deployed to it. */
  get registry(): Registry {
    return this.current;
  }

  /**
   * The custom schema as deployed (Metadata API CustomObject shapes, names without namespace), kept in
   * the database so a file database keeps what was deployed. Empty until a deploy or the demo seed.
   */
  customMetadata(): CustomObjectMd[] {
    return JSON.parse(this.store.getKv('customSchema') ?? '[]') as CustomObjectMd[];
  }

  /** Replaces the custom schema (throws, changing nothing, when it does not build). */
  setCustomMetadata(objects: CustomObjectMd[]): void {
    const stable = withOrgIds(objects, standardObjects, this.naming.ns);
    this.rebuild(stable);
    this.store.setKv('customSchema', JSON.stringify(stable));
  }

  /** The org's object translations (Translation Workbench), kept like the custom schema. */
  objectTranslations(): ObjectTranslation[] {
    return JSON.parse(this.store.getKv('objectTranslations') ?? '[]') as ObjectTranslation[];
  }

  setObjectTranslations(translations: ObjectTranslation[]): void {
    this.store.setKv('objectTranslations', JSON.stringify(translations));
  }

  /** Labels as this user reads them: in their language (LanguageLocaleKey), else the org's own. */
  translatorFor(userId: string): Translator {
    const user = this.store.get(userId);
    const language = user?.sobject === 'User' ? String(user.data.LanguageLocaleKey ?? 'en_US') : 'en_US';
    return new Translator(this.objectTranslations(), language, this.naming);
  }

  private rebuild(objects: CustomObjectMd[]): void {
    const schema = customSchema(objects, standardObjects, this.naming.ns);
    this.current = new Registry([...schema.standard, ...schema.objects], schema.rules, this.naming);
  }

  get orgId(): string {
    return this.store.getKv('orgId') ?? '00D5g000000DEMOEAQ';
  }

  newId(prefix: string): string {
    let id = this.ids.next(prefix);
    while (this.store.get(id)) id = this.ids.next(prefix);
    return id;
  }

  /** Reset drops the file bodies too; they are only reachable through the records just wiped. */
  wipeFiles(): void {
    for (const name of readdirSync(this.filesDir)) rmSync(join(this.filesDir, name), { force: true });
  }

  close(): void {
    this.store.close();
    if (this.tempDir) rmSync(this.tempDir, { recursive: true, force: true });
  }
}

/** Salesforce's datetime wire format: 2024-05-01T10:00:00.000+0000. */
export function sfDateTime(d: Date = new Date()): string {
  return d.toISOString().replace('Z', '+0000');
}
