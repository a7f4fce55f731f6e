/**
 * Two tabs on one draft: each tab announces the drafts it has open on a BroadcastChannel; a tab that
 * opens a draft another tab holds is told so at once (and the holder too). Saves still never lose
 * anything: every save merges the tab's edits onto the latest stored record (transitions.mergeData).
 */
import type { Observable } from 'shared-contracts';

export const PRESENCE_CHANNEL = 'cq-offline-drafts';

type Msg = { t: 'open' | 'here' | 'closed'; id: string; tab: string };

export interface ChannelLike {
  postMessage(m: unknown): void;
  addEventListener(type: 'message', l: (e: { data: unknown }) => void): void;
  close(): void;
}

export class DraftPresence {
  private readonly mine = new Map<string, number>();
  private readonly others = new Map<string, Set<string>>();
  private readonly listeners = new Map<string, Set<(v: boolean) => void>>();
  private readonly channel: ChannelLike | null;

  constructor(
    private readonly tab: string,
    channelFactory: ((name: string) => ChannelLike) | null = typeof BroadcastChannel === 'function'
      ? (n) => new BroadcastChannel(n)
      : null,
  ) {
    this.channel = channelFactory ? channelFactory(PRESENCE_CHANNEL) : null;
    this.channel?.addEventListener('message', (e) => this.receive(e.data));
  }

  /** Announce that this tab has the draft open; the returned function announces it closed. */
  open(id: string): () => void {
    this.mine.set(id, (this.mine.get(id) ?? 0) + 1);
    this.post({ t: 'open', id, tab: this.tab });
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const n = (this.mine.get(id) ?? 1) - 1;
      if (n > 0) this.mine.set(id, n);
      else {
        this.mine.delete(id);
        this.post({ t: 'closed', id, tab: this.tab });
      }
    };
  }

  openElsewhere(id: string): Observable<boolean> {
    return {
      get: () => (this.others.get(id)?.size ?? 0) > 0,
      subscribe: (l) => {
        const set = this.listeners.get(id) ?? new Set();
        set.add(l);
        this.listeners.set(id, set);
        return () => set.delete(l);
      },
    };
  }

  /** Tell other tabs this tab's drafts are closed (page hide) and stop listening. */
  dispose(): void {
    for (const id of this.mine.keys()) this.post({ t: 'closed', id, tab: this.tab });
    this.mine.clear();
    this.channel?.close();
  }

  private post(m: Msg): void {
    this.channel?.postMessage(m);
  }

  private receive(data: unknown): void {
    const m = data as Partial<Msg> | null;
    if (!m || typeof m.id !== 'string' || typeof m.tab !== 'string' || m.tab === this.tab) return;
    const set = this.others.get(m.id) ?? new Set<string>();
    const before = set.size > 0;
    if (m.t === 'open' || m.t === 'here') set.add(m.tab);
    else if (m.t === 'closed') set.delete(m.tab);
    else return;
    this.others.set(m.id, set);
    if (m.t === 'open' && this.mine.has(m.id)) this.post({ t: 'here', id: m.id, tab: this.tab });
    const after = set.size > 0;
    if (before !== after) this.listeners.get(m.id)?.forEach((l) => l(after));
  }
}
