/**
 * A test's and a bench's own view of the org (the org-emulator, or any org speaking its REST API):
 * an access token by the password grant of the demo connected app, then SOQL queries and inserts with
 * it. Never goes through the BFF, so what it reads is what the org holds. Only `fetch` and
 * `URLSearchParams`: it runs the same under Node, Vitest (node or jsdom) and Playwright workers.
 */

/** The REST API version the product and the emulator speak. */
export const ORG_API_VERSION = 'v62.0';

/** The demo seed's connected app and users (org-emulator `--seed demo`). */
export const DEMO_ORG = {
  clientId: 'demo-client-id',
  clientSecret: 'demo-client-secret',
  password: 'demo1234',
  field: 'field.user@demo.org',
  partner: 'partner.user@demo.org',
  admin: 'admin@demo.org',
};

/** Who asks for the token; each part defaults to the demo seed's (the field user). */
export interface OrgCredentials {
  username?: string;
  password?: string;
  clientId?: string;
  clientSecret?: string;
}

export interface OrgGrant {
  accessToken: string;
  instanceUrl: string;
}

/** An access token by the OAuth password grant, straight from the org's token endpoint. */
export async function orgPasswordGrant(orgUrl: string, credentials: OrgCredentials = {}): Promise<OrgGrant> {
  const res = await fetch(`${orgUrl}/services/oauth2/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: credentials.clientId ?? DEMO_ORG.clientId,
      client_secret: credentials.clientSecret ?? DEMO_ORG.clientSecret,
      username: credentials.username ?? DEMO_ORG.field,
      password: credentials.password ?? DEMO_ORG.password,
    }).toString(),
  });
  if (!res.ok) throw new Error(`org token: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { access_token: string; instance_url: string };
  return { accessToken: body.access_token, instanceUrl: body.instance_url };
}

/** Just the access token of {@link orgPasswordGrant}. */
export async function orgPasswordToken(orgUrl: string, credentials: OrgCredentials = {}): Promise<string> {
  return (await orgPasswordGrant(orgUrl, credentials)).accessToken;
}

/** Where an OrgClient's token comes from: a password grant (asked on first use) or one already held. */
export type OrgAuth = OrgCredentials | { token: string };

/** The org's REST API with one user's token. */
export class OrgClient {
  private token: Promise<string> | null;
  private readonly credentials: OrgCredentials;

  constructor(
    readonly url: string,
    auth: OrgAuth = {},
  ) {
    this.token = 'token' in auth ? Promise.resolve(auth.token) : null;
    this.credentials = 'token' in auth ? {} : auth;
  }

  /** The access token, asked for once (again only after a failed ask). */
  accessToken(): Promise<string> {
    if (!this.token) {
      const asked = orgPasswordToken(this.url, this.credentials);
      this.token = asked;
      asked.catch(() => {
        if (this.token === asked) this.token = null;
      });
    }
    return this.token;
  }

  /** fetch at the org with the token (a path from the org's root, or a full URL). */
  async fetch(pathOrUrl: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set('Authorization', `Bearer ${await this.accessToken()}`);
    const url = /^https?:/.test(pathOrUrl) ? pathOrUrl : `${this.url}${pathOrUrl}`;
    return fetch(url, { ...init, headers });
  }

  /** Every record a SOQL query answers, following nextRecordsUrl page by page. */
  async query<T>(soql: string): Promise<T[]> {
    const out: T[] = [];
    let next: string | undefined = `/services/data/${ORG_API_VERSION}/query?q=${encodeURIComponent(soql)}`;
    while (next) {
      const res = await this.fetch(next);
      if (!res.ok) throw new Error(`query failed: ${res.status} ${await res.text()}`);
      const page = (await res.json()) as { records: T[]; nextRecordsUrl?: string };
      out.push(...page.records);
      next = page.nextRecordsUrl;
    }
    return out;
  }

  /** Inserts one record and answers its Id. */
  async insert(sobject: string, fields: Record<string, unknown>): Promise<string> {
    const res = await this.fetch(`/services/data/${ORG_API_VERSION}/sobjects/${sobject}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(fields),
    });
    const body = (await res.json()) as { id?: string };
    if (!body.id) throw new Error(`${sobject} not inserted: ${res.status} ${JSON.stringify(body)}`);
    return body.id;
  }
}
