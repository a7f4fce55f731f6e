import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useLocationSearch } from 'ui-kit/use-location';
import {
  isValidDomainUrl,
  MESSAGES,
  PRERENDERED_ATTR,
  type ClientEnv,
  type HostServices,
} from 'shared-contracts';
import { appLinkClick } from 'ui-kit';
import { browser } from './browser';
import { LoginView, type LoginOption } from './LoginView';
import { Alert, Spinner } from './ui';
import { AUTH_TEXTS } from './texts';
import { useObservable } from 'ui-kit/use-observable';

type EnvState = { kind: 'loading' } | { kind: 'ready'; env: ClientEnv } | { kind: 'failed' };

function offered(env: ClientEnv | null, option: LoginOption): boolean {
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
  const inputRef = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    // Taking over from the prerendered screen (LoginView): what was typed there, and the focus, carry on.
    const typed = document.querySelector<HTMLInputElement>(
      `[${PRERENDERED_ATTR}="mfe-auth"] input[name="loginUrl"]`,
    );
    if (!typed) return;
    if (typed.value) setDomain(typed.value);
    if (document.activeElement === typed) inputRef.current?.focus();
  }, []);

  const signIn = (loginUrl: string) => browser.assign(host.session.loginHref(loginUrl, 'main'));

  return (
    <div data-testid="remote-screen" data-remote="mfe-auth">
      <LoginView
        ids={{ input: inputId, help: helpId }}
        enabled={(option) => canLogin && offered(env, option)}
        actions={{ signIn, domain, onDomain: setDomain, domainValid: isValidDomainUrl(domain), inputRef }}
        notices={
          <>
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
          </>
        }
      />
    </div>
  );
}
