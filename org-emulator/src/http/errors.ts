// Turns thrown SfErrors into Salesforce's error bodies; anything unexpected is logged and reported as 500.
import type { Middleware } from 'koa';
import { SfError } from '../errors.js';

export const errorBodies: Middleware = async (ctx, next) => {
  try {
    await next();
  } catch (e) {
    if (e instanceof SfError) {
      ctx.status = e.status;
      const urls = (e as SfError & { urls?: string[] }).urls;
      ctx.body = urls ?? e.toBody();
      return;
    }
    const status = typeof e === 'object' && e !== null && 'status' in e ? Number(e.status) : 500;
    if (status >= 400 && status < 500) {
      ctx.status = status;
      ctx.body = [{ message: e instanceof Error ? e.message : 'Bad request', errorCode: 'BAD_REQUEST' }];
      return;
    }
    console.error('org-emulator: unexpected error', e);
    ctx.status = 500;
    ctx.body = [{ message: 'An unexpected error occurred.', errorCode: 'UNKNOWN_EXCEPTION' }];
  }
};
