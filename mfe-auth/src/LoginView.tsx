import type { ReactNode, RefObject } from 'react';
import { LOGIN_START_PATH } from 'shared-contracts';
import { Logo } from './Logo';
import { AuthStyles } from './ui';
import { AUTH_TEXTS } from './texts';

export type LoginOption = 'production' | 'sandbox' | 'custom';

/** The two one-tap sign-ins (spec section 4), the first the solid one. */
const OPTIONS = [
  { loginUrl: 'production', className: 'au-solid' },
  { loginUrl: 'sandbox', className: 'au-outline-blue' },
] as const;

/** How the screen starts a sign-in once its script runs; without it the forms go to the BFF themselves. */
export interface LoginActions {
  signIn(loginUrl: string): void;
  domain: string;
  onDomain(value: string): void;
  domainValid: boolean;
  inputRef?: RefObject<HTMLInputElement>;
}

/**
 * The /login screen's markup (spec sections 2 and 4), drawn by LoginScreen and, at build time, as the
 * prerendered screen (scripts/prerender.tsx) the BFF puts in the page before any code arrives: plain
 * GET forms to the BFF's sign-in start, the same request `host.session.loginHref` names, so a tap
 * works before the script takes over and the same either way.
 */
export function LoginView({
  ids,
  notices,
  enabled,
  actions,
}: {
  ids: { input: string; help: string };
  notices?: ReactNode;
  enabled(option: LoginOption): boolean;
  actions?: LoginActions;
}) {
  const customInvalid = !!actions && actions.domain.trim() !== '' && !actions.domainValid;
  const option = (loginUrl: 'production' | 'sandbox') =>
    actions
      ? {
          onClick: (e: { preventDefault(): void }) => {
            e.preventDefault();
            actions.signIn(loginUrl);
          },
        }
      : {};
  return (
    <div className="au-page">
      <AuthStyles />
      <div className="au-card">
        <div className="au-brand">
          <Logo size={64} />
          <h1 className="au-title">{AUTH_TEXTS.appTitle}</h1>
          <p className="au-muted">{AUTH_TEXTS.subtitle}</p>
        </div>
        {notices}
        <form className="au-stack" method="get" action={LOGIN_START_PATH}>
          <input type="hidden" name="target" value="main" />
          {OPTIONS.map(({ loginUrl, className }) => (
            <button
              key={loginUrl}
              type="submit"
              name="loginUrl"
              value={loginUrl}
              className={`au-btn ${className}`}
              disabled={!enabled(loginUrl)}
              {...option(loginUrl)}
            >
              {AUTH_TEXTS[loginUrl]}
            </button>
          ))}
        </form>
        <hr className="au-divider" />
        <form
          method="get"
          action={LOGIN_START_PATH}
          onSubmit={
            actions &&
            ((e) => {
              e.preventDefault();
              if (enabled('custom') && actions.domainValid)
                actions.signIn(actions.domain.trim().replace(/\/$/, ''));
            })
          }
        >
          <input type="hidden" name="target" value="main" />
          <label className="au-label" htmlFor={ids.input}>
            {AUTH_TEXTS.customDomainLabel}
          </label>
          <input
            id={ids.input}
            ref={actions?.inputRef}
            name="loginUrl"
            className="au-input"
            type="url"
            dir="ltr"
            inputMode="url"
            autoComplete="url"
            required
            placeholder={AUTH_TEXTS.customDomainPlaceholder}
            {...(actions
              ? { value: actions.domain, onChange: (e) => actions.onDomain(e.target.value) }
              : { pattern: DOMAIN_PATTERN })}
            aria-invalid={customInvalid}
            aria-describedby={ids.help}
          />
          <p className="au-help" id={ids.help}>
            {AUTH_TEXTS.customDomainHelp}
          </p>
          <button
            type="submit"
            className="au-btn au-outline"
            style={{ marginTop: '0.75rem' }}
            disabled={!enabled('custom') || (!!actions && !actions.domainValid)}
          >
            {AUTH_TEXTS.customDomainButton}
          </button>
        </form>
      </div>
    </div>
  );
}

/** Before the script: the browser's own check, an https address of a host (the BFF checks it again). */
const DOMAIN_PATTERN = String.raw`\s*https?://[A-Za-z0-9.\-]+(:\d{1,5})?/?\s*`;
