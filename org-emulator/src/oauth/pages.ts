// Server-rendered login and consent pages: real forms, so browser tests drive them like Salesforce's own.
const esc = (s: string): string =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const shell = (title: string, body: string): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<style>
body{font-family:system-ui,sans-serif;background:#f3f3f3;margin:0;display:flex;justify-content:center}
main{background:#fff;margin-top:8vh;padding:2rem;border-radius:8px;box-shadow:0 2px 8px #0002;width:min(360px,90vw)}
label{display:block;margin:.8rem 0 .3rem}input{width:100%;padding:.5rem;box-sizing:border-box}
button{margin-top:1rem;padding:.6rem 1rem;background:#0176d3;color:#fff;border:0;border-radius:4px;cursor:pointer}
button.secondary{background:#fff;color:#0176d3;border:1px solid #0176d3}
.error{color:#b00;background:#fee;padding:.5rem;border-radius:4px}
</style></head><body><main>${body}</main></body></html>`;

export function loginPage(
  hidden: Record<string, string>,
  error?: string,
  username = '',
  action = '/services/oauth2/authorize',
): string {
  const fields = Object.entries(hidden)
    .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
    .join('');
  return shell(
    'Login | Salesforce',
    `<h1>Log In to the demo org</h1>
${error ? `<p class="error" id="error" role="alert">${esc(error)}</p>` : ''}
<form method="post" action="${esc(action)}">${fields}
<label for="username">Username</label><input id="username" name="username" type="email" autocomplete="username" value="${esc(username)}" required>
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit" id="Login">Log In</button>
</form>`,
  );
}

export function consentPage(requestId: string, appName: string, username: string): string {
  return shell(
    'Allow Access?',
    `<h1>Allow Access?</h1>
<p><strong>${esc(appName)}</strong> is asking to access your basic information and manage your data as <strong>${esc(username)}</strong>.</p>
<form method="post" action="/services/oauth2/authorize/consent">
<input type="hidden" name="request" value="${esc(requestId)}">
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny" class="secondary">Deny</button>
</form>`,
  );
}

export function errorPage(title: string, message: string): string {
  return shell(title, `<h1>${esc(title)}</h1><p class="error" role="alert">${esc(message)}</p>`);
}
