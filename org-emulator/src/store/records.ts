// Generic record storage: one SQLite table with a JSON column, mirrored in memory so SOQL scans are cheap.
// Every write goes to both; a failed transaction rolls SQLite back and reloads the mirror from it.
import Database from 'better-sqlite3';

export type SRecord = Record<string, unknown>;

/** One committed record write, as the change events (src/streaming) see it: before/after images. */
export interface RecordChange {
  sobject: string;
  before: SRecord | undefined;
  after: SRecord | undefined;
}

interface Row {
  id: string;
  sobject: string;
  data: string;
}

export class RecordStore {
  readonly db: Database.Database;
  private readonly byId = new Map<string, { sobject: string; data: SRecord }>();
  private readonly byObject = new Map<string, Map<string, SRecord>>();
  private depth = 0;
  /** Writes per object (lower-case name), so caches built from a few objects' rows know when to rebuild. */
  private readonly writes = new Map<string, number>();
  private reloads = 0;
  /** Bumped on every key-value write (deployed metadata such as permission sets lives there). */
  kvWrites = 0;
  /** Writes of the open transaction, handed to the listeners on commit and dropped on rollback. */
  private pendingChanges: RecordChange[] = [];
  private readonly changeListeners = new Set<(changes: RecordChange[]) => void>();
  private muted = 0;
  /** Bumped by every write, so a rolled-back savepoint that wrote nothing reloads nothing. */
  private seq = 0;

  constructor(path: string) {
    this.db = new Database(path);
    this.db.pragma('journal_mode = WAL');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS records (id TEXT PRIMARY KEY, sobject TEXT NOT NULL, data TEXT NOT NULL);
      CREATE INDEX IF NOT EXISTS records_sobject ON records (sobject);
      CREATE TABLE IF NOT EXISTS counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
      CREATE TABLE IF NOT EXISTS kv (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    `);
    this.reload();
  }

  private reload(): void {
    this.reloads++;
    this.byId.clear();
    this.byObject.clear();
    for (const row of this.db.prepare('SELECT id, sobject, data FROM records').all() as Row[]) {
      this.remember(row.sobject, row.id, JSON.parse(row.data) as SRecord);
    }
  }

  private remember(sobject: string, id: string, data: SRecord): void {
    this.byId.set(id, { sobject, data });
    const key = sobject.toLowerCase();
    this.writes.set(key, (this.writes.get(key) ?? 0) + 1);
    let m = this.byObject.get(key);
    if (!m) {
      m = new Map();
      this.byObject.set(key, m);
    }
    m.set(id, data);
  }

  ids(): IterableIterator<string> {
    return this.byId.keys();
  }

  /** Records of one object; soft-deleted ones only when asked (queryAll). */
  list(sobject: string, includeDeleted = false): SRecord[] {
    const m = this.byObject.get(sobject.toLowerCase());
    if (!m) return [];
    const out: SRecord[] = [];
    for (const r of m.values()) if (includeDeleted || r.IsDeleted !== true) out.push(r);
    return out;
  }

  get(id: string): { sobject: string; data: SRecord } | undefined {
    return this.byId.get(id);
  }

  /** Hears every committed write (one call per transaction, or per write outside one). */
  onChanges(listener: (changes: RecordChange[]) => void): () => void {
    this.changeListeners.add(listener);
    return () => void this.changeListeners.delete(listener);
  }

  /** Runs fn without reporting its writes (seeding an org is not a change anyone subscribes to). */
  withoutChanges<T>(fn: () => T): T {
    this.muted++;
    try {
      return fn();
    } finally {
      this.muted--;
    }
  }

  private record(change: RecordChange): void {
    if (this.muted > 0 || this.changeListeners.size === 0) return;
    this.pendingChanges.push(change);
    if (this.depth === 0) this.flushChanges();
  }

  private flushChanges(): void {
    const changes = this.pendingChanges;
    this.pendingChanges = [];
    if (changes.length === 0) return;
    for (const l of [...this.changeListeners]) {
      try {
        l(changes);
      } catch (e) {
        // A listener's failure (change events) never undoes or fails a committed write.
        console.error('org-emulator: change listener failed', e);
      }
    }
  }

  put(sobject: string, data: SRecord): void {
    this.seq++;
    const id = String(data.Id);
    const before = this.byId.get(id)?.data;
    this.db
      .prepare(
        'INSERT INTO records (id, sobject, data) VALUES (?, ?, ?) ON CONFLICT(id) DO UPDATE SET data = excluded.data',
      )
      .run(id, sobject, JSON.stringify(data));
    this.remember(sobject, id, data);
    this.record({ sobject, before, after: data });
  }

  hardDelete(id: string): void {
    const hit = this.byId.get(id);
    if (!hit) return;
    this.seq++;
    this.db.prepare('DELETE FROM records WHERE id = ?').run(id);
    this.byId.delete(id);
    this.byObject.get(hit.sobject.toLowerCase())?.delete(id);
    const key = hit.sobject.toLowerCase();
    this.writes.set(key, (this.writes.get(key) ?? 0) + 1);
    this.record({ sobject: hit.sobject, before: hit.data, after: undefined });
  }

  /** Changes whenever a record of one of these objects is written or the store is reloaded. */
  version(sobjects: readonly string[]): string {
    return `${this.reloads}:${sobjects.map((o) => this.writes.get(o.toLowerCase()) ?? 0).join(':')}`;
  }

  nextCounter(name: string): number {
    this.seq++;
    const row = this.db
      .prepare(
        'INSERT INTO counters (name, value) VALUES (?, 1) ON CONFLICT(name) DO UPDATE SET value = value + 1 RETURNING value',
      )
      .get(name) as { value: number };
    return row.value;
  }

  getKv(key: string): string | undefined {
    const row = this.db.prepare('SELECT value FROM kv WHERE key = ?').get(key) as
      { value: string } | undefined;
    return row?.value;
  }

  setKv(key: string, value: string): void {
    this.kvWrites++;
    this.seq++;
    this.db
      .prepare(
        'INSERT INTO kv (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
      )
      .run(key, value);
  }

  /**
   * Runs fn atomically. A nested call is a savepoint inside the outer transaction: its failure undoes
   * its own writes only, and the outer one decides whether the rest is committed.
   */
  transaction<T>(fn: () => T): T {
    if (this.depth > 0) return this.savepoint(fn);
    const tx = this.begin();
    let result: T;
    try {
      result = fn();
    } catch (e) {
      tx.rollback();
      throw e;
    }
    tx.commit();
    return result;
  }

  private savepoint<T>(fn: () => T): T {
    const name = `sp${this.depth}`;
    const changes = this.pendingChanges.length;
    const seq = this.seq;
    this.depth++;
    this.db.exec(`SAVEPOINT ${name}`);
    try {
      const result = fn();
      this.db.exec(`RELEASE ${name}`);
      return result;
    } catch (e) {
      this.db.exec(`ROLLBACK TO ${name}; RELEASE ${name}`);
      this.pendingChanges.length = changes;
      if (this.seq !== seq) this.reloadAfterRollback();
      throw e;
    } finally {
      this.depth--;
    }
  }

  /**
   * Opens a transaction that stays open across awaits (a Composite call with allOrNone, whose
   * subrequests are requests of their own): every write until commit or rollback joins it. The caller
   * makes sure no other request runs meanwhile (http/writeGate.ts).
   */
  begin(): { commit(): void; rollback(): void } {
    if (this.depth > 0) throw new Error('record store: a transaction is already open');
    this.depth++;
    this.db.exec('BEGIN');
    let open = true;
    const end = (): boolean => {
      if (!open) return false;
      open = false;
      this.depth--;
      return true;
    };
    return {
      commit: () => {
        if (!end()) return;
        try {
          this.db.exec('COMMIT');
        } catch (e) {
          this.db.exec('ROLLBACK');
          this.pendingChanges = [];
          this.reloadAfterRollback();
          throw e;
        }
        // Committed: now the transaction's writes are news.
        this.flushChanges();
      },
      rollback: () => {
        if (!end()) return;
        this.db.exec('ROLLBACK');
        this.pendingChanges = [];
        this.reloadAfterRollback();
      },
    };
  }

  /** The mirror and every cache built on the store (records, key-values) follow SQLite back. */
  private reloadAfterRollback(): void {
    this.kvWrites++;
    this.reload();
  }

  wipe(): void {
    this.pendingChanges = [];
    this.db.exec('DELETE FROM records; DELETE FROM counters; DELETE FROM kv;');
    this.reload();
  }

  close(): void {
    this.db.close();
  }
}
