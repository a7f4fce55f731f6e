// Profile photos (SmallPhotoUrl/FullPhotoUrl): a generated avatar PNG per user so image tags resolve.
import Router from '@koa/router';
import { createHash } from 'node:crypto';
import { PNG } from 'pngjs';
import type { Emu } from '../context.js';

export function photoRoutes(emu: Emu): Router {
  const router = new Router();
  router.get('/profilephoto/:userId/:size', (ctx) => {
    const hit = emu.org.store.get(ctx.params.userId ?? '');
    if (!hit || hit.sobject !== 'User') return;
    const size = ctx.params.size === 'F' ? 200 : 64;
    const [r = 0, g = 0, b = 0] = createHash('md5').update(String(hit.data.Id)).digest();
    const png = new PNG({ width: size, height: size });
    for (let i = 0; i < size * size; i++) {
      png.data[i * 4] = r;
      png.data[i * 4 + 1] = g;
      png.data[i * 4 + 2] = b;
      png.data[i * 4 + 3] = 255;
    }
    ctx.type = 'image/png';
    ctx.set('Cache-Control', 'max-age=86400');
    ctx.body = PNG.sync.write(png);
  });
  return router;
}
