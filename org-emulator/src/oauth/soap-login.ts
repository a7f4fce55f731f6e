// The partner API's SOAP login (`POST /services/Soap/u/<version>`, `<login>`): what jsforce's
// `conn.login(username, password)` calls when no OAuth client is given, and what older tools use.
// It answers with a session (an access token of the org, as an OAuth login gives), the server URL and
// the user's info; wrong credentials are the org's INVALID_LOGIN fault. (Salesforce retires SOAP
// login in API 65.0; the versions before it still answer.)
import Router from '@koa/router';
import { XMLParser } from 'fast-xml-parser';
import type { Context } from 'koa';
import type { Emu } from '../context.js';
import { readRaw } from '../http/body.js';
import { escapeXml, soapEnvelope, writeSoapFault } from '../http/soap.js';
import type { SRecord } from '../store/records.js';
import { findUserByCredentials } from './routes.js';
import { CONNECTED_APP } from './tokens.js';

/** The first API version without SOAP login (Summer '27). */
export const SOAP_LOGIN_RETIRED_FROM = 65;
const INVALID_LOGIN = 'Invalid username, password, security token; or user locked out.';

const xml = new XMLParser({ ignoreAttributes: true, removeNSPrefix: true, parseTagValue: false });
const PARTNER_NS = 'urn:partner.soap.sforce.com';
const esc = (v: unknown): string => escapeXml(String(v ?? ''));

function fault(ctx: Context, code: string, message: string, loginFault: boolean): void {
  const detail = loginFault
    ? `<detail><sf:LoginFault xsi:type="sf:LoginFault"><sf:exceptionCode>${code}</sf:exceptionCode>` +
      `<sf:exceptionMessage>${esc(message)}</sf:exceptionMessage></sf:LoginFault></detail>`
    : '';
  writeSoapFault(ctx, PARTNER_NS, code, message, { faultNs: 'urn:fault.partner.soap.sforce.com', detail });
}

function loginResult(emu: Emu, user: SRecord, sessionId: string, version: string): string {
  const org = emu.org;
  const orgRec = org.store.list('Organization')[0] ?? {};
  const org15 = org.orgId.slice(0, 15);
  const userId = String(user.Id);
  const info: [string, unknown][] = [
    ['accessibilityMode', false],
    ['chatterExternal', false],
    ['currencySymbol', '$'],
    ['orgAttachmentFileSizeLimit', 5242880],
    ['orgDefaultCurrencyIsoCode', 'USD'],
    ['orgDefaultCurrencyLocale', 'en_US'],
    ['orgDisallowHtmlAttachments', false],
    ['orgHasPersonAccounts', false],
    ['organizationId', org.orgId],
    ['organizationMultiCurrency', false],
    ['organizationName', orgRec.Name],
    ['profileId', user.ProfileId],
    ['roleId', user.UserRoleId ?? null],
    ['sessionSecondsValid', 7200],
    ['userDefaultCurrencyIsoCode', null],
    ['userEmail', user.Email],
    ['userFullName', user.Name],
    ['userId', userId],
    ['userLanguage', user.LanguageLocaleKey ?? 'en_US'],
    ['userLocale', user.LocaleSidKey ?? 'en_US'],
    ['userName', user.Username],
    ['userTimeZone', user.TimeZoneSidKey ?? 'GMT'],
    ['userType', user.UserType ?? 'Standard'],
    ['userUiSkin', 'Theme3'],
  ];
  const tag = ([k, v]: [string, unknown]): string =>
    v === null || v === undefined ? `<${k} xsi:nil="true"/>` : `<${k}>${esc(v)}</${k}>`;
  return (
    '<loginResponse><result>' +
    `<metadataServerUrl>${esc(`${org.baseUrl}/services/Soap/m/${version}/${org15}`)}</metadataServerUrl>` +
    '<passwordExpired>false</passwordExpired>' +
    `<sandbox>${orgRec.IsSandbox === true}</sandbox>` +
    `<serverUrl>${esc(`${org.baseUrl}/services/Soap/u/${version}/${org15}`)}</serverUrl>` +
    `<sessionId>${esc(sessionId)}</sessionId>` +
    `<userId>${esc(userId)}</userId>` +
    `<userInfo>${info.map(tag).join('')}</userInfo>` +
    '</result></loginResponse>'
  );
}

export function soapLoginRoutes(emu: Emu): Router {
  const router = new Router();
  router.post('/services/Soap/u/:version', async (ctx) => {
    const version = String(ctx.params.version);
    const major = Number.parseFloat(version);
    if (!Number.isFinite(major) || major < 1)
      return fault(ctx, 'UNSUPPORTED_API_VERSION', `Invalid Api version specified on URL`, false);
    let body: Record<string, unknown>;
    try {
      const doc = xml.parse(await readRaw(ctx, 1024 * 1024)) as Record<string, Record<string, unknown>>;
      body = (doc.Envelope?.Body ?? {}) as Record<string, unknown>;
    } catch {
      return fault(ctx, 'INVALID_XML', 'The request is not valid XML', false);
    }
    const login = body.login as Record<string, unknown> | undefined;
    if (!login)
      return fault(ctx, 'UNKNOWN_EXCEPTION', 'This org answers only login on the partner SOAP API', false);
    if (major >= SOAP_LOGIN_RETIRED_FROM)
      return fault(
        ctx,
        'UNSUPPORTED_API_VERSION',
        'SOAP login() is not supported in this API version',
        false,
      );
    const user = findUserByCredentials(emu, String(login.username ?? ''), String(login.password ?? ''));
    if (!user) return fault(ctx, 'INVALID_LOGIN', INVALID_LOGIN, true);
    const session = emu.tokens.issueAccess(String(user.Id), CONNECTED_APP.clientId, null, 'api web id');
    ctx.type = 'text/xml; charset=utf-8';
    ctx.body = soapEnvelope(PARTNER_NS, loginResult(emu, user, session, version));
  });
  return router;
}
