// External Client Apps (ECAs), the OAuth clients a 2026 org creates (new connected apps are refused:
// connected-apps.ts). An ECA is a header file plus plugin files, each its own Metadata API type (API 59.0+,
// canvas 66.0+): ExternalClientApplication (.eca), ExtlClntAppOauthSettings (.ecaOauth: scopes),
// ExtlClntAppGlobalOauthSettings (.ecaGlblOauth: callbacks, PKCE, secret rule, consumer key),
// ExtlClntAppOauthConfigurablePolicies (.ecaOauthPlcy: the admin's policies), ExtlClntAppCanvasSettings
// (.ecaCanvas). A deploy is checked as a whole (every plugin names an ECA that exists once the deploy is
// in), then an ECA with both OAuth files becomes an OAuth client; a retrieve shows the consumer key the org
// holds, never the secret.
import { randomToken } from '../ids.js';
import type { Org } from '../org.js';
import { CONNECTED_APP } from './tokens.js';

/** Metadata-format folders of the ECA types (merged into deploy-metadata.ts's FOLDERS). */
export const ECA_FOLDERS: Record<string, { type: string; suffix: string; root: string }> = {
  externalClientApps: {
    type: 'ExternalClientApplication',
    suffix: '.eca',
    root: 'ExternalClientApplication',
  },
  extlClntAppOauthSettings: {
    type: 'ExtlClntAppOauthSettings',
    suffix: '.ecaOauth',
    root: 'ExtlClntAppOauthSettings',
  },
  extlClntAppGlobalOauthSets: {
    type: 'ExtlClntAppGlobalOauthSettings',
    suffix: '.ecaGlblOauth',
    root: 'ExtlClntAppGlobalOauthSettings',
  },
  extlClntAppOauthPolicies: {
    type: 'ExtlClntAppOauthConfigurablePolicies',
    suffix: '.ecaOauthPlcy',
    root: 'ExtlClntAppOauthConfigurablePolicies',
  },
  extlClntAppCanvasSettings: {
    type: 'ExtlClntAppCanvasSettings',
    suffix: '.ecaCanvas',
    root: 'ExtlClntAppCanvasSettings',
  },
};
const ECA_TYPES = new Set(Object.values(ECA_FOLDERS).map((f) => f.type));
export const isEcaType = (type: string): boolean => ECA_TYPES.has(type);

/** The OAuth scope names an ECA's commaSeparatedOauthScopes takes (a connected app's <scopes> too). */
const OAUTH_SCOPE_NAMES = new Set([
  'Api',
  'RefreshToken',
  'Basic',
  'Web',
  'Full',
  'OpenID',
  'Profile',
  'Email',
  'Address',
  'Phone',
  'Chatter',
  'CustomPermissions',
  'CustomApplications',
]);

export interface CanvasApp {
  /** The app's API name (the canvas `developerName`). */
  name: string;
  label: string;
  canvasUrl: string;
  accessMethod: string;
  locations: string[];
  options: string[];
  consumerKey: string;
  secret: string;
}

export interface StoredEca {
  name: string;
  label: string;
  contactEmail: string;
  distributionState: string;
  /** Present once both OAuth plugin files are in. */
  oauth?: {
    consumerKey: string;
    secret: string;
    callbackUrls: string[];
    scopes: string[];
    pkceRequired: boolean;
    secretOptional: boolean;
    permittedUsers: string;
    /** AdminApprovedPreAuthorized: the permission sets and profiles (names or ids) whose users may sign in. */
    preAuthorized?: string[];
  };
  canvas?: Omit<CanvasApp, 'name' | 'label' | 'consumerKey' | 'secret'>;
}

const KV = 'externalClientApps';
const stored = (org: Org): Record<string, StoredEca> =>
  JSON.parse(org.store.getKv(KV) ?? '{}') as Record<string, StoredEca>;

type Rec = Record<string, unknown>;
const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');
const flag = (v: unknown): boolean => String(v).trim() === 'true';
const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]);

export interface EcaComponent {
  type: string;
  fullName: string;
  fileName: string;
  body: Rec;
}

export interface EcaPlan {
  /** Problems by component file name (a deploy with any fails as a whole). */
  problems: Map<string, string>;
  /** What a retrieve returns per file: the ECA's global OAuth file gains the key and loses the secret. */
  retrievable: Map<string, string>;
  register(org: Org): void;
}

const enumProblem = (value: string, allowed: readonly string[], enumName: string): string | undefined =>
  value && !allowed.includes(value)
    ? `'${value}' is not a valid value for the enum '${enumName}'`
    : undefined;

/**
 * Checks the deploy's ECA components together, against what the org already holds, and prepares the
 * org's ECAs as they will be once it is in. `otherKeys` are consumer keys other OAuth clients hold.
 */
export function planExternalClientApps(
  org: Org,
  components: EcaComponent[],
  xmlOf: (fileName: string) => string,
  otherKeys: ReadonlySet<string>,
): EcaPlan {
  const problems = new Map<string, string>();
  const retrievable = new Map<string, string>();
  const before = stored(org);
  const after: Record<string, StoredEca> = structuredClone(before);
  const byType = (type: string): EcaComponent[] => components.filter((c) => c.type === type);
  const fail = (c: EcaComponent, problem: string): void => {
    if (!problems.has(c.fileName)) problems.set(c.fileName, problem);
  };

  for (const c of byType('ExternalClientApplication')) {
    const label = str(c.body.label);
    const contactEmail = str(c.body.contactEmail);
    const state = str(c.body.distributionState) || 'Local';
    if (!label) fail(c, 'Required field is missing: label');
    else if (!/^[^@\s]+@[^@\s]+$/.test(contactEmail)) fail(c, 'Required field is missing: contactEmail');
    const bad = enumProblem(state, ['Local', 'Packaged', 'Managed', 'AutoInstalled'], 'ExtlClntAppDistState');
    if (bad) fail(c, bad);
    const prev = after[c.fullName];
    after[c.fullName] = { ...prev, name: c.fullName, label, contactEmail, distributionState: state };
    // orgScopedExternalApp, "[org ID]:[app name]", is generated on the first deploy when the file has none.
    const xml = xmlOf(c.fileName);
    if (!str(c.body.orgScopedExternalApp))
      retrievable.set(
        c.fileName,
        xml.replace(
          /(\s*)<\/ExternalClientApplication>/,
          `\n    <orgScopedExternalApp>${org.orgId}:${c.fullName}</orgScopedExternalApp>$1</ExternalClientApplication>`,
        ),
      );
  }

  /** The ECA a plugin names (required), which must exist once this deploy is in. */
  const owner = (c: EcaComponent): StoredEca | undefined => {
    const name = str(c.body.externalClientApplication);
    if (!name) {
      fail(c, 'Required field is missing: externalClientApplication');
      return undefined;
    }
    const eca = after[name];
    if (!eca)
      fail(c, `In field: externalClientApplication - no ExternalClientApplication named ${name} found`);
    return eca;
  };

  const scopesOf = new Map<string, string[]>();
  for (const c of byType('ExtlClntAppOauthSettings')) {
    const eca = owner(c);
    const scopes = str(c.body.commaSeparatedOauthScopes)
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (scopes.length === 0) fail(c, 'Required field is missing: commaSeparatedOauthScopes');
    const unknown = scopes.find((s) => !OAUTH_SCOPE_NAMES.has(s));
    if (unknown) fail(c, `'${unknown}' is not a valid value for the enum 'ConnectedAppOauthAccessScope'`);
    if (eca) scopesOf.set(eca.name, scopes);
  }

  const policyOf = new Map<string, { permitted: string; preAuthorized: string[] }>();
  for (const c of byType('ExtlClntAppOauthConfigurablePolicies')) {
    const eca = owner(c);
    const permitted = str(c.body.permittedUsersPolicyType) || 'AllSelfAuthorized';
    const bad =
      enumProblem(
        permitted,
        ['AllSelfAuthorized', 'AdminApprovedPreAuthorized'],
        'PermittedUsersPolicyType',
      ) ??
      enumProblem(
        str(c.body.ipRelaxationPolicyType),
        ['Enforce', 'Bypass', 'Bypass_2factor', 'Enforce_RelaxRefresh'],
        'IpRelaxationPolicyType',
      );
    if (bad) fail(c, bad);
    const preAuthorized = [c.body.commaSeparatedPermissionSet, c.body.commaSeparatedProfile]
      .flatMap((v) => str(v).split(','))
      .map((v) => v.trim())
      .filter(Boolean);
    if (eca) policyOf.set(eca.name, { permitted, preAuthorized });
  }

  for (const c of byType('ExtlClntAppGlobalOauthSettings')) {
    const eca = owner(c);
    const callbackUrls = str(c.body.callbackUrl).split(/\s+/).filter(Boolean);
    if (callbackUrls.length === 0) fail(c, 'Required field is missing: callbackUrl');
    // Custom schemes (a mobile app's) are allowed, as in Setup: any absolute URL.
    const invalid = callbackUrls.find((u) => !URL.canParse(u));
    if (invalid) fail(c, `Invalid callback URL: ${invalid}`);
    if (!eca) continue;
    const scopes = scopesOf.get(eca.name) ?? eca.oauth?.scopes;
    if (!scopes) {
      fail(
        c,
        `ExternalClientApplication ${eca.name} has no ExtlClntAppOauthSettings: deploy its OAuth settings with it`,
      );
      continue;
    }
    const declared = str(c.body.consumerKey);
    const consumerKey =
      declared ||
      eca.oauth?.consumerKey ||
      `3MVG9${randomToken(40)
        .replace(/[^A-Za-z0-9]/g, '')
        .slice(0, 80)}`;
    const takenByEca = Object.values(after).some(
      (a) => a.name !== eca.name && a.oauth?.consumerKey === consumerKey,
    );
    if (takenByEca || otherKeys.has(consumerKey) || consumerKey === CONNECTED_APP.clientId) {
      fail(c, `The consumer key ${consumerKey} is already used by another app`);
      continue;
    }
    eca.oauth = {
      consumerKey,
      // The org generates the secret; a file may set one (never shown again: not retrieved).
      secret: str(c.body.consumerSecret) || eca.oauth?.secret || randomToken(32),
      callbackUrls,
      scopes,
      pkceRequired: flag(c.body.isPkceRequired),
      secretOptional: flag(c.body.isConsumerSecretOptional),
      permittedUsers: policyOf.get(eca.name)?.permitted ?? eca.oauth?.permittedUsers ?? 'AllSelfAuthorized',
      preAuthorized: policyOf.get(eca.name)?.preAuthorized ?? eca.oauth?.preAuthorized ?? [],
    };
    let xml = xmlOf(c.fileName).replace(/\s*<consumerSecret>[^<]*<\/consumerSecret>/, '');
    if (!declared) {
      xml = xml.replace(
        /(<ExtlClntAppGlobalOauthSettings[^>]*>)/,
        `$1\n    <consumerKey>${consumerKey}</consumerKey>`,
      );
    }
    retrievable.set(c.fileName, xml);
  }

  // OAuth settings or policies redeployed alone update an ECA that already has its OAuth plugin.
  for (const [name, scopes] of scopesOf) {
    const eca = after[name];
    if (eca?.oauth) eca.oauth.scopes = scopes;
  }
  for (const [name, policy] of policyOf) {
    const eca = after[name];
    if (eca?.oauth) {
      eca.oauth.permittedUsers = policy.permitted;
      eca.oauth.preAuthorized = policy.preAuthorized;
    }
  }

  for (const c of byType('ExtlClntAppCanvasSettings')) {
    const eca = owner(c);
    const canvasUrl = str(c.body.canvasUrl);
    const accessMethod = str(c.body.accessMethod);
    if (!accessMethod) fail(c, 'Required field is missing: accessMethod');
    if (!canvasUrl) fail(c, 'Required field is missing: canvasUrl');
    else if (!/^https?:\/\//.test(canvasUrl) || !URL.canParse(canvasUrl))
      fail(c, `Invalid canvas app URL: ${canvasUrl}`);
    const bad = enumProblem(accessMethod, ['Get', 'Post'], 'AccessMethod');
    if (bad) fail(c, bad);
    // The signed request is signed with the OAuth plugin's consumer secret: no OAuth plugin, no canvas.
    if (eca && !eca.oauth)
      fail(
        c,
        `ExternalClientApplication ${eca.name} has no OAuth settings: a canvas app signs with its consumer secret`,
      );
    const locations = asList(c.body.canvasLocationOptions).map(String);
    if (eca)
      eca.canvas = { canvasUrl, accessMethod, locations, options: asList(c.body.canvasOptions).map(String) };
  }

  return {
    problems,
    retrievable,
    register(target: Org) {
      target.store.setKv(KV, JSON.stringify(after));
    },
  };
}

/** The consumer keys the org's ECAs hold. */
export function ecaConsumerKeys(org: Org): Set<string> {
  return new Set(
    Object.values(stored(org))
      .map((a) => a.oauth?.consumerKey)
      .filter((k): k is string => Boolean(k)),
  );
}

/** The ECA whose OAuth plugin has this consumer key. */
export function ecaByConsumerKey(org: Org, clientId: string): StoredEca | undefined {
  return Object.values(stored(org)).find((a) => a.oauth?.consumerKey === clientId);
}

/** The org's ECA canvas app (the first by name when several carry canvas settings). */
export function ecaCanvasApp(org: Org): CanvasApp | undefined {
  const app = Object.values(stored(org))
    .filter((a) => a.canvas && a.oauth)
    .sort((a, b) => a.name.localeCompare(b.name))[0];
  if (!app?.canvas || !app.oauth) return undefined;
  return {
    name: app.name,
    label: app.label,
    ...app.canvas,
    consumerKey: app.oauth.consumerKey,
    secret: app.oauth.secret,
  };
}

/**
 * Whether the app's policies let this user in: every user (AllSelfAuthorized), or under
 * AdminApprovedPreAuthorized only users with a listed profile or an assigned listed permission set.
 */
export function ecaUserAllowed(org: Org, eca: StoredEca, userId: string): boolean {
  const oauth = eca.oauth;
  if (!oauth || oauth.permittedUsers !== 'AdminApprovedPreAuthorized') return true;
  const listed = new Set((oauth.preAuthorized ?? []).map((v) => v.toLowerCase()));
  const matches = (id: unknown, name: unknown): boolean =>
    [String(id ?? ''), String(id ?? '').slice(0, 15), String(name ?? '')].some(
      (v) => v && listed.has(v.toLowerCase()),
    );
  const user = org.store.get(userId)?.data;
  const profile = user?.ProfileId ? org.store.get(String(user.ProfileId))?.data : undefined;
  if (profile && matches(profile.Id, profile.Name)) return true;
  return org.store
    .list('PermissionSetAssignment')
    .filter((a) => a.AssigneeId === userId)
    .some((a) => {
      const ps = org.store.get(String(a.PermissionSetId))?.data;
      return matches(a.PermissionSetId, ps?.Name);
    });
}
