// The life of one CometD client of the org (jsforce's faye client), so that a stopped client is gone
// from the org, not merely forgotten here. faye's disconnect() does nothing unless its handshake has
// been answered: a client stopped while its handshake is in flight (or while it waits to retry one)
// completes that handshake afterwards, subscribes and long-polls on, a second streaming client that
// the org counts and hands every event to (issue 47: the cluster proof's "1 holder, 2 clients").
// Stopped, a client sends nothing but its goodbye; one whose handshake is answered after the stop says
// goodbye then; stop() resolves once the org has forgotten it (or after `giveUpMs`, should the org not
// answer: it forgets a client that stops polling within about 40 s on its own).

type Message = {
  channel?: string;
  successful?: boolean;
  advice?: { reconnect?: string };
};
type Next = (m: unknown) => void;

/** The part of faye's client it drives. */
interface Disconnectable {
  disconnect(): unknown;
}

const GIVE_UP_MS = 10_000;

/**
 * Where the client stands with the org: nothing sent yet; a handshake on its way (the org may be
 * registering it now); known (handshake answered); saying goodbye (a disconnect on its way); forgotten.
 */
type Standing = 'new' | 'handshaking' | 'known' | 'leaving' | 'forgotten';

export class StreamingClientLife {
  private client: Disconnectable | undefined;
  private stopped = false;
  private standing: Standing = 'new';
  private resolveGone: () => void = () => undefined;
  private readonly gone = new Promise<void>((resolve) => (this.resolveGone = resolve));
  private giveUp: NodeJS.Timeout | undefined;

  constructor(private readonly giveUpMs = GIVE_UP_MS) {}

  /**
   * The faye extension that keeps the standing. Added first, so it sees every answer (jsforce's
   * AuthFailure hides a refused handshake from the extensions after it) and, since the others pass
   * answers on at once, faye has taken the answer in when `next` returns.
   */
  readonly extension = {
    outgoing: (m: unknown, next: Next): void => {
      const msg = m as Message;
      if (this.stopped && msg.channel !== '/meta/disconnect') return next(null);
      if (msg.channel === '/meta/handshake') this.standing = 'handshaking';
      next(m);
    },
    incoming: (m: unknown, next: Next): void => {
      const msg = m as Message;
      next(m);
      // Taken in after faye has (a stop from inside `next`, as for an org limit, waits for it).
      if (msg.channel === '/meta/handshake') this.standing = msg.successful === true ? 'known' : 'forgotten';
      else if (msg.channel === '/meta/disconnect') this.standing = 'forgotten';
      else if (
        this.standing === 'known' &&
        (msg.advice?.reconnect === 'handshake' || msg.advice?.reconnect === 'none')
      )
        // The org has forgotten the client (faye handshakes again, which a stopped one does not) or
        // refuses it for good.
        this.standing = 'forgotten';
      if (!this.stopped) return;
      if (this.standing === 'known') this.goodbye();
      else if (this.standing === 'forgotten') this.done();
    },
  };

  /** The client this life is of (created with `extension`). */
  attach(client: Disconnectable): void {
    this.client = client;
  }

  /** Stops the client; resolves once the org has forgotten it (its handshake, if in flight, answered). */
  stop(): Promise<void> {
    if (this.stopped) return this.gone;
    this.stopped = true;
    this.giveUp = setTimeout(() => this.done(), this.giveUpMs);
    this.giveUp.unref();
    if (this.standing === 'known') this.goodbye();
    else if (this.standing === 'new' || this.standing === 'forgotten') this.done();
    return this.gone;
  }

  private goodbye(): void {
    this.standing = 'leaving';
    // faye answers undefined when it has nothing to say goodbye on (not connected): nothing to wait for.
    if (this.client?.disconnect() === undefined) {
      this.standing = 'forgotten';
      this.done();
    }
  }

  private done(): void {
    if (this.giveUp) clearTimeout(this.giveUp);
    this.resolveGone();
  }
}
