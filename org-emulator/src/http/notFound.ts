// Whatever no router answered gets Salesforce's NOT_FOUND body instead of Koa's plain "Not Found".
import type { Middleware } from 'koa';

export const notFound: Middleware = async (ctx) => {
  if (ctx.body === undefined && ctx.status === 404) {
    ctx.status = 404;
    ctx.body = [{ errorCode: 'NOT_FOUND', message: 'The requested resource does not exist' }];
  }
};
