// Serves one remote's build from its own origin, the way a CDN would: CORS for the MF manifest,
// hashed files immutable, manifest revalidated so a redeploy (copying a new build in) is seen at once.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import sirv from 'sirv';

/** `pagesDir`: a folder with development-only pages (pages/<name>/), served at /<name> too. */
export function serveStatic({ dir, port, host = '127.0.0.1', pagesDir }) {
  const options = {
    dev: true, // re-read the folder on each request: a redeploy is a copy, no restart
    etag: true,
    gzip: true,
    brotli: true,
    setHeaders(res, pathname) {
      res.setHeader('Access-Control-Allow-Origin', '*');
      const hashed = /\.[0-9a-f]{12}\.js$/.test(pathname);
      res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  };
  const files = sirv(dir, options);
  const hasPages = pagesDir && fs.existsSync(path.join(pagesDir, 'pages'));
  const pageFiles = hasPages ? sirv(pagesDir, options) : null;
  const server = http.createServer((req, res) => {
    // sirv pipes a file stream into the response without an error listener: a file a redeploy removed
    // between sirv finding it and opening it (an in-place copy, as e2e deploys do) would crash the whole
    // origin. The failed response is cut off instead (the browser or MF runtime retries); the server lives.
    res.on('pipe', (source) => source.on('error', () => res.destroy()));
    // A standalone page built into pages/<name>/ answers at /<name> (e.g. mfe-form's /playground).
    const page = /^\/([\w-]+)\/?(?:\?.*)?$/.exec(req.url ?? '')?.[1];
    if (page && [dir, pagesDir].some((d) => d && fs.existsSync(path.join(d, 'pages', page, 'index.html'))))
      req.url = `/pages/${page}/index.html`;
    // A page's files come from the development pages' folder where they are there.
    const file = decodeURIComponent((req.url ?? '').split('?')[0]);
    const serve =
      pageFiles && file.startsWith('/pages/') && fs.existsSync(path.join(pagesDir, path.normalize(file)))
        ? pageFiles
        : files;
    serve(req, res, () => {
      res.statusCode = 404;
      res.setHeader('Access-Control-Allow-Origin', '*');
      res.end('not found');
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [dir, port, pagesDir] = process.argv.slice(2);
  await serveStatic({ dir, port: Number(port), pagesDir });
  console.log(`static ${dir} on http://127.0.0.1:${port}`);
}
