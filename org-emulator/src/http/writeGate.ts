// One transaction that spans several requests (a Composite call with allOrNone: its subrequests run
// through the org's own routes, one after another, awaiting each) must see no other request's
// writes, and no other request may see its uncommitted ones: the store is one SQLite connection.
// So requests hold the gate shared while they run, and such a call holds it alone: it waits for the
// requests already running to finish, and new ones wait for it (it is preferred, so it cannot
// starve). Its own subrequests pass (they carry the composite's secret header). Long-polls
// (/cometd) neither write nor wait. Timers that write (a deploy finishing) enter like a request.
import type { Middleware } from 'koa';
import { isSubrequest } from './subrequest.js';

export class WriteGate {
  private running = 0;
  private alone = false;
  private waitingAlone = 0;
  private waiters: (() => void)[] = [];

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  private async until(ready: () => boolean): Promise<void> {
    while (!ready()) await new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  /** Enters shared; the returned function leaves (once, whatever calls it again). */
  async enter(): Promise<() => void> {
    await this.until(() => !this.alone && this.waitingAlone === 0);
    this.running++;
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.running--;
      this.wake();
    };
  }

  /** Runs fn with no other request running (the caller must not hold the gate shared meanwhile). */
  async runAlone<T>(fn: () => Promise<T>): Promise<T> {
    this.waitingAlone++;
    try {
      await this.until(() => !this.alone && this.running === 0);
    } finally {
      this.waitingAlone--;
    }
    this.alone = true;
    try {
      return await fn();
    } finally {
      this.alone = false;
      this.wake();
    }
  }
}

/** The gate as middleware; `ctx.state.leaveWriteGate()` lets a handler give up its shared hold. */
export function writeGateMiddleware(gate: WriteGate): Middleware {
  return async (ctx, next) => {
    if (isSubrequest(ctx) || ctx.path.startsWith('/cometd')) return next();
    const leave = await gate.enter();
    ctx.state.leaveWriteGate = leave;
    try {
      await next();
    } finally {
      leave();
    }
  };
}
