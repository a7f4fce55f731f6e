import { useCallback, useEffect, useId, useState } from 'react';
import { useLocationSearch } from 'ui-kit/use-location';
import { isValidDomainUrl, MESSAGES, type ClientEnv, type HostServices } from 'shared-contracts';
import { appLinkClick } from 'ui-kit';
import { browser } from './browser';
import { Logo } from './Logo';
import { Alert, AuthStyles, Spinner } from './ui';
import { AUTH_TEXTS } from './texts';
import { useObservable } from 'ui-kit/use-observable';

type EnvState = { kind: 'loading' } | { kind: 'ready'; env: ClientEnv } | { kind: 'failed' };

function offered(env: ClientEnv | null, option: string): boolean {
  if (!env) return false;
  return env.loginOptions.length === 0 || env.loginOptions.includes(option);
}

/** /login: logo, title, production, sandbox and custom-domain sign-in (spec sections 2 and 4). */
export function LoginScreen({ host }: { host: HostServices }) {
  const session = useObservable(host.session.state);
  const search = useLocationSearch();
  // The home screen adds ?expired=1 when it saw the session end on its own: several 401s in a row
  // may have settled the state as a plain sign-out by the time this screen mounts.
  const expired =
    session.status === 'signedOut' && (session.expired || new URLSearchParams(search).has('expired'));
  const [envState, setEnvState] = useState<EnvState>({ kind: 'loading' });
  const [domain, setDomain] = useState('');
  const inputId = useId();
  const helpId = useId();

  const loadEnv = useCallback(() => {
    setEnvState({ kind: 'loading' });
    host.session.env().then(
      (env) => setEnvState({ kind: 'ready', env }),
      () => setEnvState({ kind: 'failed' }),
    );
  }, [host]);
  useEffect(loadEnv, [loadEnv]);

  const env = envState.kind === 'ready' ? envState.env : null;
  const canLogin = !!env && !!env.clientId && env.loginEnabled;
  const domainValid = isValidDomainUrl(domain);

  const signIn = (loginUrl: string) => browser.assign(host.session.loginHref(loginUrl, 'main'));

  const customInvalid = domain.trim() !== '' && !domainValid;

  return (
    <div data-testid="remote-screen" data-remote="mfe-auth" className="au-page">
      <AuthStyles />
      <div className="au-card">
        <div className="au-brand">
          <Logo size={64} />
          <h1 className="au-title">{AUTH_TEXTS.appTitle}</h1>
          <p className="au-muted">{AUTH_TEXTS.subtitle}</p>
        </div>

        {expired && (
          <Alert status="warning" testId="session-expired">
            {MESSAGES.sessionExpired}
          </Alert>
        )}
        {session.status === 'signedIn' && (
          <Alert status="info">
            {AUTH_TEXTS.signedInAs(session.userDetails.Name)}{' '}
            <a className="au-link" href="/" onClick={appLinkClick('/', host.navigate)}>
              {AUTH_TEXTS.goHome}
            </a>
          </Alert>
        )}
        {envState.kind === 'loading' && <Spinner label="Loading" />}
        {envState.kind === 'failed' && (
          <Alert status="error">
            {AUTH_TEXTS.envUnavailable}{' '}
            <button type="button" className="au-link" onClick={loadEnv}>
              {AUTH_TEXTS.retry}
            </button>
          </Alert>
        )}
        {env && !canLogin && <Alert status="warning">{AUTH_TEXTS.notConfigured}</Alert>}

        <div className="au-stack">
          <button
            type="button"
            className="au-btn au-solid"
            disabled={!canLogin || !offered(env, 'production')}
            onClick={() => signIn('production')}
          >
            {AUTH_TEXTS.production}
          </button>
          <button
            type="button"
            className="au-btn au-outline-blue"
            disabled={!canLogin || !offered(env, 'sandbox')}
            onClick={() => signIn('sandbox')}
          >
            {AUTH_TEXTS.sandbox}
          </button>
        </div>
        <hr className="au-divider" />
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (canLogin && domainValid) signIn(domain.trim().replace(/\/$/, ''));
          }}
        >
          <label className="au-label" htmlFor={inputId}>
            {AUTH_TEXTS.customDomainLabel}
          </label>
          <input
            id={inputId}
            className="au-input"
            type="url"
            dir="ltr"
            inputMode="url"
            autoComplete="url"
            placeholder={AUTH_TEXTS.customDomainPlaceholder}
            value={domain}
            onChange={(e) => setDomain(e.target.value)}
            aria-invalid={customInvalid}
            aria-describedby={helpId}
          />
          <p className="au-help" id={helpId}>
            {AUTH_TEXTS.customDomainHelp}
          </p>
          <button
            type="submit"
            className="au-btn au-outline"
            style={{ marginTop: '0.75rem' }}
            disabled={!canLogin || !domainValid || !offered(env, 'custom')}
          >
            {AUTH_TEXTS.customDomainButton}
          </button>
        </form>
      </div>
    </div>
  );
}
