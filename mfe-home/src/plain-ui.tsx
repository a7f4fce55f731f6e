// The parts home's first screen draws without Chakra (home-styles.ts says why): each is the Chakra
// component it replaces, with the same roles and keyboard behaviour, in plain React.
import {
  useId,
  useRef,
  useSyncExternalStore,
  type ButtonHTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { CHEVRON_DOWN_PATH } from 'ui-kit/icon-paths';
import { HOME_CSS } from './home-styles';

/** Home's stylesheet, once per mounted screen (React keeps it in the remote's own root). */
export function HomeStyles() {
  return <style>{HOME_CSS}</style>;
}

const cx = (...names: Array<string | false | null | undefined>) => names.filter(Boolean).join(' ');

export function Spinner({ label, small = false }: { label?: string; small?: boolean }) {
  return (
    <span
      className={cx('hm-spin', small && 'hm-spin-sm')}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    />
  );
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: 'solid' | 'outline';
  size?: 'sm' | 'xs';
  /** Chakra's isLoading: a spinner over the label, the button disabled, its width kept. */
  busy?: boolean;
};

/** Chakra's Button (blue solid or gray outline), sm or xs. */
export function Button({
  variant = 'solid',
  size = 'sm',
  busy = false,
  className,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type="button"
      {...rest}
      disabled={busy || rest.disabled}
      data-loading={busy || undefined}
      className={cx(
        'hm-btn',
        variant === 'solid' ? 'hm-solid' : 'hm-outline',
        size === 'xs' && 'hm-btn-xs',
        busy && 'hm-busy',
        className,
      )}
    >
      {busy ? <Spinner small /> : null}
      <span className={busy ? 'hm-label' : undefined}>{children}</span>
    </button>
  );
}

export function Badge({
  tone = 'gray',
  pill = false,
  className,
  children,
  ...rest
}: {
  tone?: 'gray' | 'orange' | 'red';
  pill?: boolean;
  className?: string;
  children: ReactNode;
  'data-testid'?: string;
}) {
  return (
    <span
      className={cx('hm-badge', tone !== 'gray' && `hm-badge-${tone}`, pill && 'hm-pill', className)}
      {...rest}
    >
      {children}
    </span>
  );
}

const ALERT_ICON = {
  info: 'M12,0A12,12,0,1,0,24,12,12.013,12.013,0,0,0,12,0Zm.25,5a1.5,1.5,0,1,1-1.5,1.5A1.5,1.5,0,0,1,12.25,5ZM14.5,18.5h-4a1,1,0,0,1,0-2h.75a.25.25,0,0,0,.25-.25v-4.5a.25.25,0,0,0-.25-.25H10.5a1,1,0,0,1,0-2h1a2,2,0,0,1,2,2v4.75a.25.25,0,0,0,.25.25h.75a1,1,0,1,1,0,2Z',
  warning:
    'M11.983,0a12.206,12.206,0,0,0-8.51,3.653A11.8,11.8,0,0,0,0,12.207,11.779,11.779,0,0,0,11.8,24h.214A12.111,12.111,0,0,0,24,11.791h0A11.766,11.766,0,0,0,11.983,0ZM10.5,16.542a1.476,1.476,0,0,1,1.449-1.53h.027a1.527,1.527,0,0,1,1.523,1.47,1.475,1.475,0,0,1-1.449,1.53h-.027A1.529,1.529,0,0,1,10.5,16.542ZM11,12.5v-6a1,1,0,0,1,2,0v6a1,1,0,1,1-2,0Z',
};

/** Chakra's subtle Alert with its status icon (role "alert", as Chakra's). */
export function Alert({
  status,
  flush = false,
  children,
  ...rest
}: {
  status: 'info' | 'warning';
  /** No margin below (inside a stack). */
  flush?: boolean;
  children: ReactNode;
  'data-testid'?: string;
}) {
  return (
    <div role="alert" className={cx('hm-alert', `hm-alert-${status}`, flush && 'hm-flush')} {...rest}>
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path fill="currentColor" d={ALERT_ICON[status]} />
      </svg>
      <div>{children}</div>
    </div>
  );
}

/** Chakra's outline Card with its body. */
export function Card({
  special = false,
  children,
  ...rest
}: {
  special?: boolean;
  children: ReactNode;
  'data-testid'?: string;
}) {
  return (
    <article className={cx('hm-card', special && 'hm-card-special')} {...rest}>
      {children}
    </article>
  );
}

/** Chakra's Switch: a checkbox drawn as a switch (a checkbox to assistive technology, as Chakra's). */
export function Switch({
  id,
  checked,
  label,
  onChange,
}: {
  id: string;
  checked: boolean;
  label: string;
  onChange(checked: boolean): void;
}) {
  return (
    <span className="hm-switch">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        aria-label={label}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span aria-hidden="true" />
    </span>
  );
}

const subscribeMedia = (query: string) => (listener: () => void) => {
  const list = window.matchMedia(query);
  // a stand-in MediaQueryList (tests) may lack the listener methods
  list.addEventListener?.('change', listener);
  return () => list.removeEventListener?.('change', listener);
};

/** Whether `query` matches now, updated as it changes (Chakra's useMediaQuery, client only). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    subscribeMedia(query),
    () => window.matchMedia(query).matches,
    () => false,
  );
}

const CHEVRON = CHEVRON_DOWN_PATH;

/** Chakra's Select (outline, md) with its chevron at the inline end. */
export function Select({
  id,
  value,
  onChange,
  children,
}: {
  id: string;
  value: number;
  onChange(value: number): void;
  children: ReactNode;
}) {
  return (
    <span className="hm-selectbox" style={{ display: 'block' }}>
      <select id={id} className="hm-select" value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {children}
      </select>
      <svg className="hm-chevron" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path fill="currentColor" d={CHEVRON} />
      </svg>
    </span>
  );
}

export interface TabSpec {
  key: string;
  label: ReactNode;
}

/**
 * Chakra's Tabs (line variant, lazy panels) or, on a narrow screen, a selector in their place: tabs
 * with roving focus, the arrow keys (reversed right to left), Home and End moving and selecting as
 * Chakra's do; every panel present (hidden), only the selected one rendered.
 */
export function Tabs({
  tabs,
  index,
  onChange,
  selector,
  panel,
}: {
  tabs: readonly TabSpec[];
  index: number;
  onChange(index: number): void;
  /** Drawn instead of the tab list (the narrow screen's select), or null for the tab list. */
  selector: ReactNode;
  panel(index: number): ReactNode;
}) {
  const base = useId();
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const tabId = (i: number) => `${base}-tab-${i}`;
  const panelId = (i: number) => `${base}-panel-${i}`;
  const move = (to: number) => {
    const next = (to + tabs.length) % tabs.length;
    onChange(next);
    refs.current[next]?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const rtl = getComputedStyle(e.currentTarget).direction === 'rtl';
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[e.key];
    if (step) move(index + step);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(tabs.length - 1);
    else return;
    e.preventDefault();
  };
  return (
    <div>
      {selector ?? (
        <div role="tablist" aria-orientation="horizontal" className="hm-tablist" onKeyDown={onKeyDown}>
          {tabs.map((t, i) => (
            <button
              key={t.key}
              ref={(el) => {
                refs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={tabId(i)}
              aria-selected={i === index}
              aria-controls={panelId(i)}
              tabIndex={i === index ? 0 : -1}
              className="hm-tab"
              data-testid={`tab-${t.key}`}
              onClick={() => onChange(i)}
            >
              {t.label}
            </button>
          ))}
        </div>
      )}
      {tabs.map((t, i) => (
        <div
          key={t.key}
          role="tabpanel"
          id={panelId(i)}
          aria-labelledby={selector ? undefined : tabId(i)}
          tabIndex={0}
          hidden={i !== index}
          className="hm-panel"
        >
          {i === index ? panel(i) : null}
        </div>
      ))}
    </div>
  );
}
