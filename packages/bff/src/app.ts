import Koa from 'koa';
import Router from '@koa/router';
import { CONTRACT_VERSION } from 'shared-contracts';
import type { BffConfig } from './config';
import { staticShell } from './static-shell';

export function createApp(config: BffConfig): Koa {
  const app = new Koa();
  const router = new Router();

  router.get('/api/version', (ctx) => {
    ctx.body = { success: true, data: { version: config.version, contractVersion: CONTRACT_VERSION } };
  });

  // The shell reads this at run time: redeploying a remote never requires rebuilding the shell.
  router.get('/remotes.json', (ctx) => {
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = config.remotes;
  });

  app.use(router.routes());
  app.use(router.allowedMethods());
  app.use(staticShell(config.shellDist));
  return app;
}
