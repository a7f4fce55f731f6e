// The identity URL and OpenID userinfo bodies, built from the User record.
import type { Org } from '../org.js';
import type { SRecord } from '../store/records.js';
import { LATEST_VERSION } from '../http/apiVersion.js';

export function userRecord(org: Org, userId: string): SRecord | undefined {
  const hit = org.store.get(userId);
  return hit && hit.sobject === 'User' ? hit.data : undefined;
}

export const identityUrl = (org: Org, userId: string): string => `${org.baseUrl}/id/${org.orgId}/${userId}`;

function urls(org: Org, userId: string): Record<string, string> {
  const b = org.baseUrl;
  const v = LATEST_VERSION.slice(1);
  return {
    enterprise: `${b}/services/Soap/c/{version}/${org.orgId.slice(0, 15)}`,
    metadata: `${b}/services/Soap/m/{version}/${org.orgId.slice(0, 15)}`,
    partner: `${b}/services/Soap/u/{version}/${org.orgId.slice(0, 15)}`,
    rest: `${b}/services/data/v{version}/`,
    sobjects: `${b}/services/data/v{version}/sobjects/`,
    search: `${b}/services/data/v{version}/search/`,
    query: `${b}/services/data/v{version}/query/`,
    recent: `${b}/services/data/v{version}/recent/`,
    tooling_soap: `${b}/services/Soap/T/{version}/${org.orgId.slice(0, 15)}`,
    tooling_rest: `${b}/services/data/v{version}/tooling/`,
    profile: `${b}/${userId}`,
    feeds: `${b}/services/data/v{version}/chatter/feeds`,
    groups: `${b}/services/data/v{version}/chatter/groups`,
    users: `${b}/services/data/v{version}/chatter/users`,
    feed_items: `${b}/services/data/v{version}/chatter/feed-items`,
    feed_elements: `${b}/services/data/v{version}/chatter/feed-elements`,
    custom_domain: b,
    latest_version: v,
  };
}

const userType = (u: SRecord): string => (u.UserType === 'PowerPartner' ? 'POWER_PARTNER' : 'STANDARD');

/** The endpoint urls and account settings both bodies carry, in the same place of each. */
const accountFields = (org: Org, u: SRecord, userId: string): SRecord => ({
  urls: urls(org, userId),
  active: u.IsActive !== false,
  user_type: userType(u),
  language: u.LanguageLocaleKey ?? 'en_US',
  locale: u.LocaleSidKey ?? 'en_US',
  utcOffset: 0,
});

export function identityBody(org: Org, u: SRecord): SRecord {
  const userId = String(u.Id);
  return {
    id: identityUrl(org, userId),
    asserted_user: true,
    user_id: userId,
    organization_id: org.orgId,
    username: u.Username,
    nick_name: String(u.Alias ?? ''),
    display_name: u.Name,
    email: u.Email,
    email_verified: true,
    first_name: u.FirstName,
    last_name: u.LastName,
    timezone: u.TimeZoneSidKey,
    photos: { picture: u.FullPhotoUrl, thumbnail: u.SmallPhotoUrl },
    addr_street: null,
    addr_city: null,
    addr_state: null,
    addr_country: 'US',
    addr_zip: null,
    mobile_phone: null,
    mobile_phone_verified: false,
    is_lightning_login_user: false,
    status: { created_date: null, body: null },
    ...accountFields(org, u, userId),
    last_modified_date: u.LastModifiedDate,
    is_app_installed: true,
  };
}

export function userinfoBody(org: Org, u: SRecord): SRecord {
  const userId = String(u.Id);
  return {
    sub: identityUrl(org, userId),
    user_id: userId,
    organization_id: org.orgId,
    preferred_username: u.Username,
    nickname: u.Alias,
    name: u.Name,
    email: u.Email,
    email_verified: true,
    given_name: u.FirstName,
    family_name: u.LastName,
    zoneinfo: u.TimeZoneSidKey,
    photos: { picture: u.FullPhotoUrl, thumbnail: u.SmallPhotoUrl },
    profile: `${org.baseUrl}/${userId}`,
    picture: u.FullPhotoUrl,
    address: { country: 'US' },
    is_salesforce_integration_user: false,
    ...accountFields(org, u, userId),
    updated_at: u.LastModifiedDate,
    is_app_installed: true,
  };
}
