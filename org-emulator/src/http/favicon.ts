// The org's favicon, as Salesforce serves one: without it every page of the org (login, consent,
// record pages) logged a 404 in the browser console.
import Router from '@koa/router';

const ICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><path fill="#0176d3" d="M13.3 7.5a6 6 0 0 1 9.4 1.2 7 7 0 0 1 9.3 6.6 7 7 0 0 1-8.5 6.8 5.3 5.3 0 0 1-6.9 2.2 6.2 6.2 0 0 1-11.2-.5A5.7 5.7 0 0 1 2.6 13a6.5 6.5 0 0 1 10.7-5.5Z"/></svg>`;

export function faviconRoutes(): Router {
  const router = new Router();
  router.get('/favicon.ico', (ctx) => {
    ctx.type = 'image/svg+xml';
    ctx.set('Cache-Control', 'max-age=86400');
    ctx.body = ICON;
  });
  return router;
}
