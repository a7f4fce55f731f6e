// Draws the app's icons (the web app manifest's, shell/public/icons) from the SVGs below with Chromium:
// `node scripts/app-icons.mjs shell/public/icons`. "any" icons have rounded corners; maskable ones fill
// the square and keep the drawing inside the 80 % safe zone the platforms crop to.
import { createRequire } from 'node:module';

const { chromium } = createRequire(new URL('../e2e/package.json', import.meta.url))('@playwright/test');
const glyph = (scale) => `
  <g transform="translate(256 256) scale(${scale}) translate(-256 -256)" fill="none" stroke="#fff" stroke-linecap="round" stroke-linejoin="round">
    <rect x="136" y="96" width="240" height="320" rx="28" stroke-width="24"/>
    <path d="M200 96v-8a24 24 0 0 1 24-24h64a24 24 0 0 1 24 24v8" stroke-width="24"/>
    <path d="M176 196l24 24 40-44M176 296l24 24 40-44" stroke-width="24"/>
    <path d="M272 204h64M272 304h64" stroke-width="24"/>
  </g>`;
const any = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><rect width="512" height="512" rx="96" fill="#2c5282"/>${glyph(1)}</svg>`;
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><rect width="512" height="512" fill="#2c5282"/>${glyph(0.72)}</svg>`;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const page = await browser.newPage();
const out = process.argv[2] ?? 'shell/public/icons';
for (const [name, svg, size] of [
  ['icon-192.png', any, 192],
  ['icon-512.png', any, 512],
  ['maskable-512.png', maskable, 512],
  ['maskable-192.png', maskable, 192],
  ['apple-touch-icon.png', maskable, 180],
]) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(
    `<style>html,body{margin:0;background:transparent}</style>${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}`,
  );
  await page.locator('svg').screenshot({ path: `${out}/${name}`, omitBackground: true });
}
await browser.close();
