import type { OrgAuth } from '../session/store';

/**
 * Ends a sign-in's grant at the org: the refresh token when there is one (that ends every access
 * token of the grant), else the access token. A failure is left to the org's token lifetime: there
 * is nothing else the BFF could do with it.
 */
export async function revokeAtOrg(auth: OrgAuth): Promise<void> {
  const token = auth.refreshToken ?? auth.accessToken;
  await fetch(`${auth.loginUrl}/services/oauth2/revoke`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token }).toString(),
  }).catch(() => undefined);
}
