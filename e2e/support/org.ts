// JSON calls to the org emulator's REST API beside what the app does, on test-kit's org client
// (its password-grant token): the builder specs seed and read form definitions with it.
import { ORG_API_VERSION, OrgClient } from 'test-kit';

/** A JSON call to the org's REST API (`/services/data/v62.0` + path); a non-2xx answer throws. */
export async function orgRest<T>(
  org: string,
  token: string,
  path: string,
  init: RequestInit = {},
): Promise<T> {
  const headers = new Headers(init.headers);
  if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  const res = await new OrgClient(org, { token }).fetch(`/services/data/${ORG_API_VERSION}${path}`, {
    ...init,
    headers,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/**
 * A new Active form definition record in the org, with no builder JSON yet (what an admin creates
 * before opening the builder); `extra` adds or overrides fields. Returns its Id.
 */
export async function newFormDefinition(
  org: string,
  token: string,
  title: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const res = await orgRest<{ id: string }>(org, token, '/sobjects/cqext__SQX_Form_Definition__c', {
    method: 'POST',
    body: JSON.stringify({
      Name: title.slice(0, 80),
      cqext__Title__c: title,
      cqext__Status__c: 'Active',
      ...extra,
    }),
  });
  return res.id;
}
