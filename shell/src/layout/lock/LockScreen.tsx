import { useState, type FormEvent } from 'react';
import type { PinOutcome, VaultState } from '../../host/vault/vault';
import { LOCK_TEXTS as T } from './texts';

/** Plain CSS (this chunk loads only where the org asks for a PIN): a cover over the whole app. */
const CSS = `
.lk-cover{position:fixed;inset:0;z-index:10000;display:flex;align-items:center;justify-content:center;background:#2c5282;padding:1rem;box-sizing:border-box}
.lk-card{width:100%;max-width:22rem;background:#fff;color:#1a202c;border-radius:0.5rem;padding:1.5rem;box-shadow:0 10px 15px -3px rgba(0,0,0,.2)}
.lk-card h2{margin:0 0 .5rem;font-size:1.5rem;font-weight:700;line-height:1.2}
.lk-card p{margin:0 0 1rem}
.lk-card label{display:block;font-weight:600;margin:.75rem 0 .25rem}
.lk-card input{width:100%;box-sizing:border-box;font-size:1.5rem;letter-spacing:.5rem;padding:.5rem .75rem;border:1px solid #a0aec0;border-radius:.375rem}
.lk-card input:focus-visible{outline:none;border-color:#3182ce;box-shadow:0 0 0 3px rgba(66,153,225,.6)}
.lk-card button{margin-top:1rem;width:100%;min-height:44px;font-size:1rem;font-weight:600;border:0;border-radius:.375rem;background:#2b6cb0;color:#fff;cursor:pointer}
.lk-card button:disabled{opacity:.6;cursor:default}
.lk-card button.lk-link{background:none;color:#2b6cb0;text-decoration:underline;font-weight:400}
.lk-error{color:#c53030;font-weight:600;margin-top:.75rem}
`;

export interface LockScreenProps {
  state: Extract<VaultState, { kind: 'needsPin' | 'locked' | 'pinRemoved' }>;
  online: boolean;
  setPin(pin: string, confirm: string): Promise<PinOutcome>;
  tryPin(pin: string): Promise<PinOutcome>;
  /** Sign in online: the user's own sign-in opens the data again (their escrow key). */
  signIn(): void;
}

function problemText(outcome: PinOutcome, digits: number, left: number): string | null {
  switch (outcome) {
    case 'digits':
      return T.digits;
    case 'length':
      return T.length(digits);
    case 'mismatch':
      return T.mismatch;
    case 'wrong':
      return T.wrong(left);
    default:
      return null;
  }
}

export function LockScreen({ state, online, setPin, tryPin, signIn }: LockScreenProps) {
  const [pin, setPinValue] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const digits = state.kind === 'pinRemoved' ? 0 : state.pinLength;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    const run = state.kind === 'needsPin' ? setPin(pin, confirm) : tryPin(pin);
    void run
      .then((outcome) => {
        const left = state.kind === 'locked' ? state.attemptsLeft - 1 : 0;
        setError(problemText(outcome, digits, left));
        if (outcome !== 'ok') {
          setPinValue('');
          setConfirm('');
        }
      })
      .finally(() => setBusy(false));
  };

  const pinInput = (id: string, label: string, value: string, set: (v: string) => void) => (
    <>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="password"
        inputMode="numeric"
        autoComplete="off"
        maxLength={8}
        value={value}
        onChange={(e) => set(e.target.value)}
        autoFocus={id === 'lk-pin'}
      />
    </>
  );

  const signInButton = (text: string) =>
    online ? (
      <button type="button" className={state.kind === 'pinRemoved' ? '' : 'lk-link'} onClick={signIn}>
        {text}
      </button>
    ) : (
      <p>{T.offline}</p>
    );

  return (
    <div className="lk-cover" role="dialog" aria-modal="true" aria-labelledby="lk-title">
      <style>{CSS}</style>
      <div className="lk-card">
        {state.kind === 'pinRemoved' ? (
          <>
            <h2 id="lk-title">{T.removedTitle}</h2>
            <p>{T.removedBody}</p>
            {signInButton(T.signIn)}
          </>
        ) : (
          <form onSubmit={submit} noValidate>
            <h2 id="lk-title">{state.kind === 'needsPin' ? T.setTitle : T.lockedTitle}</h2>
            <p>{state.kind === 'needsPin' ? T.setBody(state.pinLength) : T.lockedBody}</p>
            {pinInput('lk-pin', T.pin, pin, setPinValue)}
            {state.kind === 'needsPin' ? pinInput('lk-confirm', T.confirm, confirm, setConfirm) : null}
            {error ? (
              <p className="lk-error" role="alert">
                {error}
              </p>
            ) : null}
            <button type="submit" disabled={busy}>
              {busy ? T.working : state.kind === 'needsPin' ? T.setButton : T.unlock}
            </button>
            {state.kind === 'locked' ? signInButton(T.forgot) : null}
          </form>
        )}
      </div>
    </div>
  );
}
