// The org's event bus: every published event gets the next replay id and is kept for the retention
// window (72 hours for change events and high-volume platform events), so a subscriber can replay
// from an id it saw, from the oldest retained (-2) or take only new events (-1).
export interface BusEvent {
  replayId: number;
  /** The channels the event is delivered on, e.g. /data/ChangeEvents and /data/TaskChangeEvent. */
  channels: string[];
  /** The entity it is about (a CDC event's entityName, or the platform event's name). */
  entity: string;
  schema: string;
  payload: Record<string, unknown>;
  publishedAt: number;
}

export const RETENTION_MS = 72 * 60 * 60 * 1000;
/** Bounded memory: past this many events the oldest go even inside the 72 hours. */
const MAX_RETAINED = 50_000;

export class EventBus {
  private events: BusEvent[] = [];
  private nextId = 1;
  private readonly listeners = new Set<(e: BusEvent) => void>();

  constructor(private readonly now: () => number = Date.now) {}

  publish(e: Omit<BusEvent, 'replayId' | 'publishedAt'>): BusEvent {
    const event: BusEvent = { ...e, replayId: this.nextId++, publishedAt: this.now() };
    this.events.push(event);
    this.trim();
    for (const l of [...this.listeners]) l(event);
    return event;
  }

  onPublish(listener: (e: BusEvent) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  private trim(): void {
    const cutoff = this.now() - RETENTION_MS;
    let drop = 0;
    while (drop < this.events.length && (this.events[drop]?.publishedAt ?? 0) < cutoff) drop++;
    drop = Math.max(drop, this.events.length - MAX_RETAINED);
    if (drop > 0) this.events = this.events.slice(drop);
  }

  /** The highest replay id published so far (0 before the first event). */
  get latest(): number {
    return this.nextId - 1;
  }

  /**
   * Whether `replayId` can be replayed from: -1, -2, or an id from one before the oldest retained
   * event up to the latest. Anything else is the org's "invalid replayId".
   */
  validReplay(replayId: number): boolean {
    if (replayId === -1 || replayId === -2) return true;
    if (!Number.isInteger(replayId) || replayId < 0 || replayId > this.latest) return false;
    this.trim();
    const oldest = this.events[0]?.replayId ?? this.nextId;
    return replayId >= oldest - 1;
  }

  /** Retained events on `channel` after `replayId` (-2: all retained; -1: none). */
  after(channel: string, replayId: number): BusEvent[] {
    if (replayId === -1) return [];
    this.trim();
    return this.events.filter((e) => e.replayId > replayId && e.channels.includes(channel));
  }

  clear(): void {
    this.events = [];
  }
}
