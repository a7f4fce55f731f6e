// A Lightning-like record page that hosts the product as a canvas app: it POSTs a signed request
// (HMAC-SHA256 with the consumer secret) into an iframe and logs the product's postMessage events.
// The canvas app is the org's: an External Client App with canvas settings, else a connected app with a
// canvasConfig (where Support enabled creation, or a package installed it), else the built-in demo app
// at --canvas-url (oauth/connected-apps.ts, canvasApp).
import Router from '@koa/router';
import { createHmac } from 'node:crypto';
import type { Context } from 'koa';
import type { Emu } from './context.js';
import { readForm } from './http/body.js';
import { LATEST_VERSION } from './http/apiVersion.js';
import { normalizeId, randomToken } from './ids.js';
import { findUserByCredentials } from './oauth/routes.js';
import { loginPage } from './oauth/pages.js';
import { CONNECTED_APP } from './oauth/tokens.js';
import { canvasApp } from './oauth/connected-apps.js';
import type { CanvasApp } from './oauth/external-client-apps.js';
import type { SRecord } from './store/records.js';

const esc = (s: string): string =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** signed_request = base64(HMAC-SHA256(secret, encodedEnvelope)) + "." + encodedEnvelope */
export function signEnvelope(envelope: unknown, secret = CONNECTED_APP.clientSecret): string {
  const encoded = Buffer.from(JSON.stringify(envelope), 'utf8').toString('base64');
  const sig = createHmac('sha256', secret).update(encoded).digest('base64');
  return `${sig}.${encoded}`;
}

/** The org's canvas app, or the built-in demo app at --canvas-url signed with the demo secret. */
function hostedApp(emu: Emu): CanvasApp {
  return (
    canvasApp(emu.org) ?? {
      name: 'CQ_Offline_Forms',
      label: 'CQ Offline Forms',
      canvasUrl: emu.org.options.canvasUrl,
      accessMethod: 'Post',
      locations: [],
      options: [],
      consumerKey: CONNECTED_APP.clientId,
      secret: CONNECTED_APP.clientSecret,
    }
  );
}

function envelope(
  emu: Emu,
  app: CanvasApp,
  user: SRecord,
  token: string,
  record: SRecord,
  objectName: string,
  params: Record<string, string>,
): SRecord {
  const org = emu.org;
  const b = org.baseUrl;
  const v = LATEST_VERSION;
  const orgRec = org.store.get(org.orgId)?.data ?? {};
  return {
    algorithm: 'HMACSHA256',
    issuedAt: Math.floor(Date.now() / 1000),
    userId: user.Id,
    client: {
      refreshToken: null,
      instanceId: `_:${app.name}:`,
      targetOrigin: b,
      instanceUrl: b,
      oauthToken: token,
    },
    context: {
      user: {
        userId: user.Id,
        userName: user.Username,
        firstName: user.FirstName,
        lastName: user.LastName,
        fullName: user.Name,
        email: user.Email,
        language: user.LanguageLocaleKey ?? 'en_US',
        locale: user.LocaleSidKey ?? 'en_US',
        timeZone: user.TimeZoneSidKey,
        userType: user.UserType === 'PowerPartner' ? 'POWER_PARTNER' : 'STANDARD',
        profileId: user.ProfileId,
        roleId: null,
        profilePhotoUrl: user.FullPhotoUrl,
        profileThumbnailUrl: user.SmallPhotoUrl,
        siteUrl: null,
        siteUrlPrefix: null,
        networkId: null,
        accessibilityModeEnabled: false,
        isDefaultNetwork: true,
        currencyISOCode: 'USD',
      },
      organization: {
        organizationId: org.orgId,
        name: orgRec.Name ?? 'CQ Demo Org',
        multicurrencyEnabled: false,
        namespacePrefix: null,
        currencyIsoCode: 'USD',
      },
      environment: {
        parameters: { recordId: record.Id, objectApiName: objectName, ...params },
        dimensions: {
          width: '100%',
          height: '900px',
          maxWidth: '1000px',
          maxHeight: '2000px',
          clientWidth: '1200px',
          clientHeight: '900px',
        },
        record: {
          attributes: {
            type: objectName,
            url: `/services/data/${v}/sobjects/${objectName}/${String(record.Id)}`,
          },
          Id: record.Id,
          Name: record.Name ?? null,
        },
        displayLocation: 'Visualforce',
        locationUrl: `${b}/lightning/r/${objectName}/${String(record.Id)}/view`,
        subLocation: null,
        uiTheme: 'Theme4d',
        version: { season: 'SPRING', api: v.slice(1) },
      },
      links: {
        loginUrl: b,
        enterpriseUrl: `/services/Soap/c/${v.slice(1)}/${org.orgId.slice(0, 15)}`,
        metadataUrl: `/services/Soap/m/${v.slice(1)}/${org.orgId.slice(0, 15)}`,
        partnerUrl: `/services/Soap/u/${v.slice(1)}/${org.orgId.slice(0, 15)}`,
        restUrl: `/services/data/${v}/`,
        sobjectUrl: `/services/data/${v}/sobjects/`,
        searchUrl: `/services/data/${v}/search/`,
        queryUrl: `/services/data/${v}/query/`,
        recentItemsUrl: `/services/data/${v}/recent/`,
        chatterFeedsUrl: `/services/data/${v}/chatter/feeds`,
        chatterGroupsUrl: `/services/data/${v}/chatter/groups`,
        chatterUsersUrl: `/services/data/${v}/chatter/users`,
        chatterFeedItemsUrl: `/services/data/${v}/chatter/feed-items`,
        userUrl: `/${String(user.Id)}`,
      },
      application: {
        namespace: null,
        name: app.label,
        canvasUrl: app.canvasUrl,
        applicationId: '06P5g0000000DEMO',
        version: '1.0',
        authType: 'SIGNED_REQUEST',
        referenceId: '09H5g0000000DEMO',
        options: app.options,
        samlInitiationMethod: 'None',
        developerName: app.name,
        isInstalledPersonalApp: false,
      },
    },
  };
}

function recordPage(app: CanvasApp, objectLabel: string, record: SRecord, signed: string): string {
  const canvasUrl = app.canvasUrl;
  const origin = new URL(canvasUrl).origin;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(String(record.Name ?? record.Id))} | ${esc(objectLabel)} | Salesforce</title>
<style>body{font-family:system-ui,sans-serif;margin:0;background:#f3f3f3}header{background:#fff;padding:1rem;border-bottom:1px solid #ddd}
iframe{width:100%;height:75vh;border:0;background:#fff}#canvas-messages{font-family:monospace;font-size:.8rem;background:#222;color:#cfc;padding:.5rem 2rem;max-height:20vh;overflow:auto;margin:0}</style></head>
<body>
<header><p>${esc(objectLabel)}</p><h1 id="record-name">${esc(String(record.Name ?? record.Id))}</h1></header>
${
  // accessMethod Get: the page only loads the app, which starts the OAuth flow itself (no signed request).
  app.accessMethod === 'Get'
    ? `<form id="canvas-form" method="get" action="${esc(canvasUrl)}" target="canvas-frame"></form>`
    : `<form id="canvas-form" method="post" action="${esc(canvasUrl)}" target="canvas-frame">
<input type="hidden" name="signed_request" value="${esc(signed)}">
</form>`
}
<iframe id="canvas-frame" name="canvas-frame" title="Canvas app"></iframe>
<p id="canvas-status" role="status"></p>
<h2>Canvas messages</h2>
<ol id="canvas-messages"></ol>
<script>
(function () {
  var expected = ${JSON.stringify(origin)};
  var frame = document.getElementById('canvas-frame');
  var log = document.getElementById('canvas-messages');
  var status = document.getElementById('canvas-status');
  // What the page received, for tests and people: { origin, data } in arrival order.
  window.__canvasMessages = [];
  window.addEventListener('message', function (event) {
    // Only the canvas app's frame at its origin is trusted, as the Canvas SDK does.
    if (event.origin !== expected || event.source !== frame.contentWindow) return;
    window.__canvasMessages.push({ origin: event.origin, data: event.data });
    var li = document.createElement('li');
    var name = event.data && typeof event.data === 'object' ? String(event.data.name || '') : '';
    li.setAttribute('data-name', name);
    try { li.textContent = typeof event.data === 'string' ? event.data : JSON.stringify(event.data); } catch (e) { li.textContent = String(event.data); }
    log.appendChild(li);
    // The record page reacts as a Lightning page hosting the app would.
    if (name === 'CQOfflineFormMessage') status.textContent = 'Form submitted: ' + (event.data.payload && event.data.payload.dataUrl || '');
    if (name === 'CQOfflineFormMessageClosed') status.textContent = 'Form closed';
  });
  // Asks the app whether it is loaded (it answers CQOfflineFormReady with the nonce).
  window.__pingCanvas = function (nonce) {
    frame.contentWindow.postMessage({ name: 'CQOfflineFormPing', payload: { nonce: String(nonce) } }, expected);
  };
  document.getElementById('canvas-form').submit();
})();
</script>
</body></html>`;
}

export function canvasRoutes(emu: Emu): Router {
  const router = new Router();

  const sessionUser = (ctx: Context): SRecord | undefined => {
    const sid = ctx.cookies.get('sid');
    const userId = sid ? emu.sessions.get(sid) : undefined;
    const hit = userId ? emu.org.store.get(userId) : undefined;
    return hit?.sobject === 'User' ? hit.data : undefined;
  };

  const safeStart = (raw: unknown): string =>
    typeof raw === 'string' && raw.startsWith('/') && !raw.startsWith('//') ? raw : '/';

  router.get('/login', (ctx) => {
    ctx.type = 'html';
    ctx.body = loginPage({ startURL: safeStart(ctx.query.startURL) }, undefined, '', '/login');
  });

  router.post('/login', async (ctx) => {
    const form = await readForm(ctx);
    const start = safeStart(form.get('startURL'));
    const user = findUserByCredentials(emu, form.get('username') ?? '', form.get('password') ?? '');
    if (!user) {
      ctx.type = 'html';
      ctx.body = loginPage(
        { startURL: start },
        "Please check your username and password. If you still can't log in, contact your Salesforce administrator.",
        form.get('username') ?? '',
        '/login',
      );
      return;
    }
    const sid = randomToken(24);
    emu.sessions.set(sid, String(user.Id));
    ctx.cookies.set('sid', sid, { httpOnly: true, sameSite: 'lax', path: '/' });
    ctx.redirect(start);
  });

  router.get('/lightning/r/:object/:id/view', (ctx) => {
    const user = sessionUser(ctx);
    if (!user) {
      ctx.redirect(`/login?startURL=${encodeURIComponent(ctx.url)}`);
      return;
    }
    const meta = emu.org.registry.get(String(ctx.params.object));
    const id = normalizeId(String(ctx.params.id));
    const hit = id ? emu.org.store.get(id) : undefined;
    if (!meta || !hit || hit.sobject !== meta.name || hit.data.IsDeleted === true) {
      ctx.status = 404;
      ctx.type = 'html';
      ctx.body = '<!doctype html><title>Not found</title><h1>Record not found</h1>';
      return;
    }
    const params: Record<string, string> = {};
    for (const [k, v] of Object.entries(ctx.query)) if (typeof v === 'string') params[k] = v;
    const app = hostedApp(emu);
    // Post: the org signs in the user for the app (a token in the signed request); Get: the app does it.
    const signed =
      app.accessMethod === 'Get'
        ? ''
        : signEnvelope(
            envelope(
              emu,
              app,
              user,
              emu.tokens.issueAccess(String(user.Id), app.consumerKey, null, 'api web id'),
              hit.data,
              meta.name,
              params,
            ),
            app.secret,
          );
    ctx.type = 'html';
    ctx.body = recordPage(app, meta.def.label, hit.data, signed);
  });

  return router;
}
