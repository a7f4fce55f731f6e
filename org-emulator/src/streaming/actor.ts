// Who is making the current request's writes: change events name them as commitUser. Set by a
// middleware once the bearer token is checked; absent for the org's own writes (seed, deploy timers).
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Middleware } from 'koa';

const actor = new AsyncLocalStorage<{ userId: string }>();

export const currentActor = (): string | undefined => actor.getStore()?.userId;

export const actorContext: Middleware = (ctx, next) => {
  const userId: unknown = ctx.state.userId;
  return typeof userId === 'string' ? actor.run({ userId }, next) : next();
};
