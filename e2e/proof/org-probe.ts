/**
 * The proof runners' view of the org: the emulator's REST API with its own token (password grant of
 * the demo connected app), and its test-control endpoints. Never goes through the BFF, so what it
 * reports is what the org holds.
 */
import crypto from 'node:crypto';
import { OrgClient, ORG_API_VERSION as V } from 'test-kit';

const NS = 'cqext';
const OBJECT = `${NS}__SQX_Form_Submission__c`;
const EXT = `${NS}__Uniqueness_Constraint__c`;

export interface OrgSubmission {
  key: string;
  status: string;
  json: unknown;
}

/** The org as the field user (the shared org client's defaults), plus the emulator's test control. */
export class OrgProbe extends OrgClient {
  async control(method: string, path: string, body?: unknown): Promise<unknown> {
    const r = await fetch(`${this.url}/__emulator${path}`, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!r.ok) throw new Error(`emulator ${method} ${path}: ${r.status} ${await r.text()}`);
    return r.json();
  }

  async submissionsByKeyPrefix(prefix: string): Promise<OrgSubmission[]> {
    const rows = await this.query<Record<string, string | null>>(
      `SELECT ${EXT}, ${NS}__Status__c, ${NS}__Submission_JSON__c FROM ${OBJECT} WHERE ${EXT} LIKE '${prefix.replace(/'/g, '')}%'`,
    );
    return rows.map((r) => {
      let json: unknown = null;
      try {
        json = JSON.parse(r[`${NS}__Submission_JSON__c`] ?? 'null');
      } catch {
        json = null;
      }
      return { key: r[EXT] ?? '', status: r[`${NS}__Status__c`] ?? '', json };
    });
  }

  /** How many documents the org holds per file name (Title or PathOnClient starting with prefix). */
  async fileCopiesByTitlePrefix(prefix: string): Promise<Map<string, number>> {
    const rows = await this.query<{ Title: string; PathOnClient: string | null; ContentDocumentId: string }>(
      `SELECT Title, PathOnClient, ContentDocumentId FROM ContentVersion WHERE Title LIKE '${prefix.replace(/'/g, '')}%'`,
    );
    const docs = new Map<string, Set<string>>();
    for (const r of rows) {
      const name = r.PathOnClient || (r.Title.endsWith('.bin') ? r.Title : `${r.Title}.bin`);
      const set = docs.get(name) ?? new Set<string>();
      set.add(r.ContentDocumentId);
      docs.set(name, set);
    }
    return new Map([...docs].map(([k, v]) => [k, v.size]));
  }

  /** Every version of the file named `name`: which document, which upload key, when (to explain a copy). */
  async fileVersionsNamed(
    name: string,
  ): Promise<{ ContentDocumentId: string; key: string | null; CreatedDate: string; ContentSize: number }[]> {
    const safe = name.replace(/'/g, '');
    const rows = await this.query<Record<string, unknown>>(
      `SELECT ContentDocumentId, ${NS}__Upload_Key__c, CreatedDate, ContentSize FROM ContentVersion WHERE PathOnClient = '${safe}' OR Title = '${safe.replace(/\.bin$/, '')}' ORDER BY CreatedDate`,
    );
    return rows.map((r) => ({
      ContentDocumentId: String(r.ContentDocumentId),
      key: (r[`${NS}__Upload_Key__c`] as string | null) ?? null,
      CreatedDate: String(r.CreatedDate),
      ContentSize: Number(r.ContentSize),
    }));
  }

  /** sha256 (hex) of the latest version of a ContentDocument, streamed. */
  async sha256OfDocument(contentDocumentId: string): Promise<string | null> {
    const [v] = await this.query<{ Id: string }>(
      `SELECT Id FROM ContentVersion WHERE ContentDocumentId = '${contentDocumentId.replace(/'/g, '')}' AND IsLatest = true`,
    );
    if (!v) return null;
    const r = await this.fetch(`/services/data/${V}/sobjects/ContentVersion/${v.Id}/VersionData`);
    if (!r.ok || !r.body) return null;
    const hash = crypto.createHash('sha256');
    const reader = r.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      hash.update(value);
    }
    return hash.digest('hex');
  }
}
