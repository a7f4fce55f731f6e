// Reading and seeding the org emulator directly over its REST API, beside what the app does: the
// specs and the builder bench check what the org holds with these.
import { DEMO_PASSWORD } from './auth';

/** A password-grant token for the org's own REST API. */
export async function orgToken(org: string, username = 'admin@demo.org'): Promise<string> {
  const res = await fetch(`${org}/services/oauth2/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: 'demo-client-id',
      client_secret: 'demo-client-secret',
      username,
      password: DEMO_PASSWORD,
    }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

/** A JSON call to the org's REST API (v62.0); a non-2xx answer throws with its status and body. */
export async function orgRest<T>(
  org: string,
  token: string,
  path: string,
  init: RequestInit = {},
): Promise<T> {
  const res = await fetch(`${org}/services/data/v62.0${path}`, {
    ...init,
    headers: {
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      ...(init.headers ?? {}),
    },
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}
